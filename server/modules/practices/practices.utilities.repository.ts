import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/**
 * Owns (with practices.repository.ts, module practices): the utility columns of `practices` (supply start and end,
 * expected start) and the commission and outcome reason the utilities part sets. Bulk writes go in one statement per
 * chunk (the outcome import moves thousands of activations at once).
 */

const CHUNK = 2000;

const chunks = <T>(items: readonly T[]) => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, index) => items.slice(index * CHUNK, (index + 1) * CHUNK));

/** The supply started on `date` and earned `commissionCents` (null: none). */
export const setSupplyStart = async (db: TDb, items: readonly { id: string; date: string; commissionCents: number | null }[]) => {
  for (const chunk of chunks(items)) {
    const values = sql.join(chunk.map((item) => sql`(${item.id}::uuid, ${item.date}::text, ${item.commissionCents}::bigint)`));
    await sql`update practices p set supply_start_date = v.date, commission_cents = v.cents, updated_at = now() from (values ${values}) as v(id, date, cents) where p.id = v.id`.execute(db);
  }
};

/** The supply ended on `date`. */
export const setSupplyEnd = async (db: TDb, items: readonly { id: string; date: string }[]) => {
  for (const chunk of chunks(items)) {
    const values = sql.join(chunk.map((item) => sql`(${item.id}::uuid, ${item.date}::text)`));
    await sql`update practices p set supply_end_date = v.date, updated_at = now() from (values ${values}) as v(id, date) where p.id = v.id`.execute(db);
  }
};

/** Why each was rejected (null: sent again). */
export const setOutcomeReasons = async (db: TDb, items: readonly { practiceId: string; reason: string | null }[]) => {
  for (const chunk of chunks(items)) {
    const values = sql.join(chunk.map((item) => sql`(${item.practiceId}::uuid, ${item.reason}::text)`));
    await sql`update practices p set outcome_reason = v.reason from (values ${values}) as v(id, reason) where p.id = v.id`.execute(db);
  }
};

export const setExpectedStart = (db: TDb, id: string, date: string | null) => db.updateTable('practices').set({ expected_start_date: date }).where('id', '=', id).execute();
