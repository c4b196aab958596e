import { sql } from 'kysely';
import type { TDb } from '../../../db/database';
import type { TPracticeRow } from '../engine/practices.repository';

/**
 * The set-based statements of the utility brokers' bulk work (issue 16): the selected practices of an export, the
 * open activations an outcome file names (one statement for every code), and the outcomes applied in two statements
 * whatever the number of rows: one UPDATE for the states with the supply's columns, one INSERT for the history.
 *
 * The rows travel as arrays (`unnest`), one parameter per column, so an import of 20,000 rows stays far below
 * PostgreSQL's 65,535 parameters and each statement is planned once. Each practice is written once: an UPDATE makes
 * a new version of the row in every index of `practices` (a dozen), so a second statement on the same rows (the
 * supply's start after the state) would double the cost of the import (bench/utility-outcomes.bench.ts).
 */

/** The selected practices of the sector under the scope (a corner: its own), in no particular order. */
export const findSelected = (db: TDb, sector: string, ids: readonly string[], cornerId: string | null) => {
  let query = db.selectFrom('practices').selectAll().where('sector', '=', sector).where('id', 'in', [...ids]);
  if (cornerId) query = query.where('corner_id', '=', cornerId);
  return query.execute();
};

export type TCodes = { ids: readonly string[]; pods: readonly string[]; pdrs: readonly string[] };
export type TFoundByCode = TPracticeRow & { code: string; code_kind: 'id' | 'pod' | 'pdr' };

/**
 * The open practices of the sector (state not `ceased`) by id, and the open luce e gas activations by POD and by
 * PDR, with the code that found each. The codes are joined to `practices` (an index probe per code, on the
 * expression indexes of migration 2026-11-24T0100, written like them so that they serve); `= any(array)` of
 * thousands of codes is planned as a scan of the sector's rows instead.
 */
export const findOpenByCodes = async (db: TDb, sector: string, codes: TCodes): Promise<TFoundByCode[]> => {
  const parts = [];
  if (codes.ids.length > 0) {
    parts.push(sql`select c.code::text as code, 'id' as code_kind, p.* from unnest(${codes.ids}::uuid[]) as c(code)
      join practices p on p.id = c.code and p.sector = ${sector} and p.state <> 'ceased'`);
  }
  if (sector === 'luce-e-gas' && codes.pods.length > 0) {
    parts.push(sql`select c.code, 'pod' as code_kind, p.* from unnest(${codes.pods}::text[]) as c(code)
      join practices p on p.sector = 'luce-e-gas' and (p.data #>> '{electricity,pod}') = c.code and p.state <> 'ceased'`);
  }
  if (sector === 'luce-e-gas' && codes.pdrs.length > 0) {
    parts.push(sql`select c.code, 'pdr' as code_kind, p.* from unnest(${codes.pdrs}::text[]) as c(code)
      join practices p on p.sector = 'luce-e-gas' and (p.data #>> '{gas,pdr}') = c.code and p.state <> 'ceased'`);
  }
  if (parts.length === 0) return [];
  return (await sql<TFoundByCode>`${sql.join(parts, sql` union all `)}`.execute(db)).rows;
};

/**
 * One practice's outcome: the state it leaves and reaches, and the utility columns the outcome writes (as
 * practices.utilities.ts `recordActivations`, `recordCessations`, `recordRejections` do for a single transition):
 * `activated` the supply's start and the commission, `ceased` the supply's end, `rejected` the reason.
 */
export type TOutcomeChange = {
  id: string;
  from: string;
  to: string;
  outcome: 'activated' | 'rejected' | 'ceased';
  date: string | null;
  commissionCents: number | null;
  reason: string | null;
};

/** What changed on the rows the outcomes moved (the rest of each row is as read). */
export type TChangedOutcome = Pick<TPracticeRow, 'id' | 'state' | 'state_changed_at' | 'updated_at' | 'supply_start_date' | 'supply_end_date' | 'commission_cents' | 'outcome_reason'>;

/**
 * Applies the outcomes in one statement, each where the practice is still in the state read (a guard against a
 * change made meanwhile); answers the rows changed.
 */
export const applyOutcomes = async (trx: TDb, changes: readonly TOutcomeChange[]): Promise<TChangedOutcome[]> => {
  if (changes.length === 0) return [];
  const column = <T>(pick: (change: TOutcomeChange) => T) => changes.map(pick);
  const { rows } = await sql<TChangedOutcome>`
    update practices p set
      state = c.to_state,
      state_changed_at = now(),
      updated_at = now(),
      supply_start_date = case when c.outcome = 'activated' then c.date else p.supply_start_date end,
      commission_cents = case when c.outcome = 'activated' then c.commission_cents else p.commission_cents end,
      supply_end_date = case when c.outcome = 'ceased' then c.date else p.supply_end_date end,
      outcome_reason = case when c.outcome = 'rejected' then c.reason else p.outcome_reason end
    from unnest(
      ${column((change) => change.id)}::uuid[],
      ${column((change) => change.from)}::text[],
      ${column((change) => change.to)}::text[],
      ${column((change) => change.outcome)}::text[],
      ${column((change) => change.date)}::text[],
      ${column((change) => change.commissionCents)}::bigint[],
      ${column((change) => change.reason)}::text[]
    ) as c(id, from_state, to_state, outcome, date, commission_cents, reason)
    where p.id = c.id and p.state = c.from_state
    returning p.id, p.state, p.state_changed_at, p.updated_at, p.supply_start_date, p.supply_end_date, p.commission_cents, p.outcome_reason`.execute(trx);
  return rows;
};

export type TStateEvent = { practiceId: string; fromState: string; toState: string; payload: Record<string, unknown> };

/** The history rows of the state changes (kind `state_changed`), all by one actor, in one statement. */
export const appendStateEvents = async (trx: TDb, actor: { actorId: string; impersonatorId: string | null }, events: readonly TStateEvent[]) => {
  if (events.length === 0) return;
  await sql`
    insert into practice_events (practice_id, actor_id, impersonator_id, kind, from_state, to_state, changes, payload)
    select e.practice_id, ${actor.actorId}::uuid, ${actor.impersonatorId}::uuid, 'state_changed', e.from_state, e.to_state, '[]'::jsonb, e.payload
    from unnest(
      ${events.map((event) => event.practiceId)}::uuid[],
      ${events.map((event) => event.fromState)}::text[],
      ${events.map((event) => event.toState)}::text[],
      ${events.map((event) => JSON.stringify(event.payload))}::jsonb[]
    ) with ordinality as e(practice_id, from_state, to_state, payload, n)
    order by e.n`.execute(trx);
};
