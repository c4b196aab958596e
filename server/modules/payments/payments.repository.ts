import type { TDb } from '../../db/database';

/** Owns: `payments`, `giftcards` (module payments; map in server/platform/table-ownership.test.ts). */

/** A corner's payments, newest first. */
export const listPayments = (db: TDb, cornerId: string) => db.selectFrom('payments').selectAll().where('corner_id', '=', cornerId).orderBy('created_at', 'desc').execute();

/** A corner's gift cards, newest first. */
export const listGiftcards = (db: TDb, cornerId: string) => db.selectFrom('giftcards').selectAll().where('corner_id', '=', cornerId).orderBy('created_at', 'desc').execute();
