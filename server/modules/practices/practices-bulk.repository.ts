import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import type { TPracticeRow } from './practices.repository';

/**
 * The set-based statements of the utility brokers' bulk work (issue 16): the selected practices of an export, the
 * open activations an outcome file names (one statement per code kind, on the expression indexes of migration
 * 2026-11-24T0100), and the state changes with their history rows, in chunks.
 */

const CHUNK = 1000;
const chunks = <T>(items: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
};

/** The selected practices of the sector under the scope (a corner: its own), in no particular order. */
export const findSelected = (db: TDb, sector: string, ids: readonly string[], cornerId: string | null) => {
  let query = db.selectFrom('practices').selectAll().where('sector', '=', sector).where('id', 'in', [...ids]);
  if (cornerId) query = query.where('corner_id', '=', cornerId);
  return query.execute();
};

/** Open luce e gas activations by POD (the expression written like the index's so that it serves). */
export const findOpenByPods = async (db: TDb, pods: readonly string[]): Promise<TPracticeRow[]> => {
  const rows: TPracticeRow[] = [];
  for (const part of chunks(pods, 5000)) {
    const found = await sql<TPracticeRow>`select * from practices where sector = 'luce-e-gas' and (data #>> '{electricity,pod}') = any(${part}::text[]) and state <> 'ceased'`.execute(db);
    rows.push(...found.rows);
  }
  return rows;
};

/** Open luce e gas activations by PDR. */
export const findOpenByPdrs = async (db: TDb, pdrs: readonly string[]): Promise<TPracticeRow[]> => {
  const rows: TPracticeRow[] = [];
  for (const part of chunks(pdrs, 5000)) {
    const found = await sql<TPracticeRow>`select * from practices where sector = 'luce-e-gas' and (data #>> '{gas,pdr}') = any(${part}::text[]) and state <> 'ceased'`.execute(db);
    rows.push(...found.rows);
  }
  return rows;
};

/** Open practices of the sector by id. */
export const findOpenByIds = async (db: TDb, sector: string, ids: readonly string[]): Promise<TPracticeRow[]> => {
  const rows: TPracticeRow[] = [];
  for (const part of chunks(ids, 5000)) {
    const found = await sql<TPracticeRow>`select * from practices where sector = ${sector} and id = any(${part}::uuid[]) and state <> 'ceased'`.execute(db);
    rows.push(...found.rows);
  }
  return rows;
};

export type TStateChange = { id: string; from: string; to: string };

/**
 * Moves the practices to their new state where the state is still the one read (a guard against a change made
 * meanwhile); answers what changed of the rows changed (the rest is as read).
 */
export type TChangedState = Pick<TPracticeRow, 'id' | 'state' | 'state_changed_at' | 'updated_at'>;
export const changeStates = async (trx: TDb, changes: readonly TStateChange[]): Promise<TChangedState[]> => {
  const rows: TChangedState[] = [];
  for (const part of chunks(changes)) {
    const found = await sql<TChangedState>`
      update practices p set state = c.to_state, state_changed_at = now(), updated_at = now()
      from unnest(${part.map((change) => change.id)}::uuid[], ${part.map((change) => change.from)}::text[], ${part.map((change) => change.to)}::text[])
        as c(id, from_state, to_state)
      where p.id = c.id and p.state = c.from_state
      returning p.id, p.state, p.state_changed_at, p.updated_at`.execute(trx);
    rows.push(...found.rows);
  }
  return rows;
};

export type TStateEvent = { practiceId: string; actorId: string; impersonatorId: string | null; fromState: string; toState: string; payload: Record<string, unknown> };

/** The history rows of the state changes (kind `state_changed`), in chunks. */
export const appendStateEvents = async (trx: TDb, events: readonly TStateEvent[]) => {
  for (const part of chunks(events)) {
    await trx
      .insertInto('practice_events')
      .values(
        part.map((event) => ({
          practice_id: event.practiceId,
          actor_id: event.actorId,
          impersonator_id: event.impersonatorId,
          kind: 'state_changed',
          from_state: event.fromState,
          to_state: event.toState,
          changes: '[]',
          payload: JSON.stringify(event.payload),
        })),
      )
      .execute();
  }
};
