import type { TDb } from '../../../db/database';
import { nextChangeTime } from '../../../db/versioned';

/**
 * Owns (with practices.repository.ts, module practices): the utility columns of `practices` (supply start and end,
 * expected start) and the commission and outcome reason the utilities part sets on a single transition. The bulk
 * outcome import writes the same columns with the state in its own statement (practices-bulk.repository.ts).
 */

/** The supply started on `date` and earned `commissionCents` (null: none). */
export const setSupplyStart = (db: TDb, id: string, date: string, commissionCents: number | null) =>
  db.updateTable('practices').set({ supply_start_date: date, commission_cents: commissionCents, updated_at: nextChangeTime() }).where('id', '=', id).execute();

/** The supply ended on `date`. */
export const setSupplyEnd = (db: TDb, id: string, date: string) => db.updateTable('practices').set({ supply_end_date: date, updated_at: nextChangeTime() }).where('id', '=', id).execute();

/** Why it was rejected. */

/** Sent again: the rejection's reason cleared, the expected start of the new date. */
export const setResubmitted = (db: TDb, id: string, expectedStart: string | null) =>
  db.updateTable('practices').set({ outcome_reason: null, expected_start_date: expectedStart }).where('id', '=', id).execute();
