import type { TDb } from '../../../db/database';

/** Owns nothing new: reads `practices` (module practices) for the brokers' access to clients. */

/** Whether the client has a practice of the sector. */
export const clientHasPracticeOf = async (db: TDb, clientId: string, sector: string): Promise<boolean> =>
  (await db.selectFrom('practices').select('id').where('client_id', '=', clientId).where('sector', '=', sector).limit(1).executeTakeFirst()) !== undefined;
