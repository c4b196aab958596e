import type { TDb } from '../../db/database';
import { nextChangeTime } from '../../db/versioned';

/** Owns: nothing new; writes `clients` (module clients) for the move of a client to another corner's book. */

/** Moves a live client from `fromCornerId`'s book to `toCornerId`'s; answers undefined when it was no longer there. */
export const moveClientToCorner = (db: TDb, id: string, fromCornerId: string, toCornerId: string) =>
  db
    .updateTable('clients')
    .set({ corner_id: toCornerId, updated_at: nextChangeTime() })
    .where('id', '=', id)
    .where('corner_id', '=', fromCornerId)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
