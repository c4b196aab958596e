import { foldSearchText } from '../../../../shared/practices/registry';
import { sql } from 'kysely';
import type { TListPracticesQuery } from '../../../../shared/schemas/practices';
import type { TDb } from '../../../db/database';
import { escapeLike } from '../../../db/like';
import { changeTimeColumn, nextChangeTime } from '../../../db/versioned';

/**
 * Owns: `practices`, `practice_events` (module practices; map in server/platform/table-ownership.unit.test.ts).
 * `practice_events` is the history, append-only: this file only inserts into it and reads it; nothing anywhere
 * updates or deletes an entry (practices.test.ts checks that an entry stays as written).
 */

/** Who may see which practices of one sector: a corner its own (`cornerId`), a broker of the sector or an admin all. */
export type TPracticeScope = { sector: string; cornerId: string | null };

const scoped = (db: TDb, scope: TPracticeScope) => {
  let query = db.selectFrom('practices').where('sector', '=', scope.sector);
  if (scope.cornerId) query = query.where('corner_id', '=', scope.cornerId);
  return query;
};

export const findPractice = (db: TDb, id: string, scope: TPracticeScope) => scoped(db, scope).selectAll().where('id', '=', id).executeTakeFirst();
export type TPracticeRow = NonNullable<Awaited<ReturnType<typeof findPractice>>>;

const ORDER = {
  newest: [sql`created_at desc`, sql`id desc`],
  oldest: [sql`created_at asc`, sql`id asc`],
  waiting: [sql`state_changed_at asc`, sql`id asc`],
  updated: [sql`updated_at desc`, sql`id desc`],
} as const;

/**
 * A sector's practices under the scope, filtered, sorted and paged, with the total.
 *
 * Served by the indexes of migrations 2026-11-23T1900 and 2026-11-23T2040 (bench/practices-list.bench.ts): a
 * corner's list through the index led by corner_id (its own few hundred practices), the brokers' worklist through
 * (sector, state, state_changed_at), the free text across every corner through the trigram (pg_trgm) index on
 * `search_text`. Within one corner's or one client's practices each word is looked for by strpos on the rows their
 * index reads, which the trigram index cannot serve (it answers for the whole table, and its cost grows with it).
 * The words are written into the statement (escaped by Kysely) rather than sent as parameters, so that each search
 * is planned with its own text, as the clients' list does. `total` costs a count only when the page is full.
 */
export const listPractices = async (db: TDb, scope: TPracticeScope, query: TListPracticesQuery, finalStates: readonly string[] = []) => {
  let base = scoped(db, scope);
  if (query.state) base = base.where('state', '=', query.state);
  else if (query.open && finalStates.length > 0) base = base.where('state', 'not in', finalStates);
  if (query.clientId) base = base.where('client_id', '=', query.clientId);
  if (query.cornerId && !scope.cornerId) base = base.where('corner_id', '=', query.cornerId);
  const narrow = Boolean(scope.cornerId ?? query.cornerId ?? query.clientId);
  for (const word of foldSearchText(query.q ?? '').split(/\s+/).filter(Boolean)) {
    base = base.where(narrow ? sql<boolean>`strpos(search_text, ${sql.lit(word)}) > 0` : sql<boolean>`search_text like ${sql.lit(`%${escapeLike(word)}%`)}`);
  }
  if (query.offerId) base = base.where(sql<string>`data #>> '{offer,id}'`, '=', query.offerId);
  if (query.productId) base = base.where(sql<string>`data #>> '{product,id}'`, '=', query.productId);
  if (query.supplyCode) {
    const code = query.supplyCode;
    base =
      scope.sector === 'luce-e-gas'
        ? base.where((eb) => eb.or([eb(sql<string>`data #>> '{electricity,pod}'`, '=', code), eb(sql<string>`data #>> '{gas,pdr}'`, '=', code)]))
        : base.where(sql<boolean>`false`);
  }
  if (query.expectedFrom) base = base.where('expected_start_date', '>=', query.expectedFrom);
  if (query.expectedTo) base = base.where('expected_start_date', '<=', query.expectedTo);
  if (query.from) base = base.where('created_at', '>=', query.from);
  if (query.to) base = base.where('created_at', '<', query.to);
  let page = base.selectAll();
  for (const order of ORDER[query.sort]) page = page.orderBy(order);
  const offset = (query.page - 1) * query.limit;
  const rows = await page.limit(query.limit).offset(offset).execute();
  const known = (rows.length > 0 && rows.length < query.limit) || (rows.length === 0 && offset === 0);
  const total = known ? offset + rows.length : Number((await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow()).total);
  return { rows, total };
};

/** `data #>> '{a,b}'` written literally (keys checked), so that the expression indexes on those paths serve the query. */
export const dataAt = (path: readonly string[]) => {
  if (!path.every((key) => /^[A-Za-z][A-Za-z0-9_]*$/.test(key))) throw new Error(`Invalid data path ${path.join('.')}`);
  return sql<string>`data #>> ${sql.raw(`'{${path.join(',')}}'`)}`;
};

/** The open practices (state not final) of a sector whose `data` holds `value` at `path`, but `exceptId`. */
export const findOpenWithValue = (db: TDb, sector: string, finalStates: readonly string[], path: readonly string[], value: string, exceptId: string | null) => {
  let query = db
    .selectFrom('practices')
    .select(['id', 'corner_id', 'state', 'data'])
    .where('sector', '=', sector)
    .where(dataAt(path), '=', value);
  if (finalStates.length > 0) query = query.where('state', 'not in', [...finalStates]);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.orderBy('created_at', 'asc').limit(1).executeTakeFirst();
};

/** What a new practice (a request, or the renewal of an issued one) holds, as the columns of `practices`. */
export type TNewPractice = { sector: string; clientId: string; cornerId: string; state: string; data: unknown; searchText: string; expectedStartDate?: string | null; renewalOfId?: string };
export const newPracticeColumns = (values: TNewPractice) => ({
  sector: values.sector,
  client_id: values.clientId,
  corner_id: values.cornerId,
  state: values.state,
  data: JSON.stringify(values.data),
  search_text: values.searchText,
  expected_start_date: values.expectedStartDate ?? null,
  renewal_of_id: values.renewalOfId ?? null,
});

export const insertPractice = (db: TDb, values: TNewPractice) =>
  db
    .insertInto('practices')
    .values(newPracticeColumns(values))
    .returningAll()
    .executeTakeFirstOrThrow();

/**
 * New data, if the practice is still at `version` and in `state`, and (`updatedAt`, a write sent with If-Match)
 * unchanged since that moment; otherwise nothing changes (0 rows).
 */
export const updatePracticeData = async (
  db: TDb,
  id: string,
  expected: { version: number; state: string; updatedAt?: Date },
  data: unknown,
  searchText: string,
  expectedStartDate: string | null = null,
) => {
  let query = db
    .updateTable('practices')
    .set({ data: JSON.stringify(data), search_text: searchText, data_version: expected.version + 1, updated_at: nextChangeTime(), expected_start_date: expectedStartDate })
    .where('id', '=', id)
    .where('data_version', '=', expected.version)
    .where('state', '=', expected.state);
  if (expected.updatedAt) query = query.where(changeTimeColumn(), '=', expected.updatedAt);
  return (await query.returning('id').executeTakeFirst()) !== undefined;
};

/**
 * Locks the practice's row until the end of the transaction `trx` and answers its state: a transition takes the lock
 * before anything it checks or does, so the quotation edits and choices (which lock it too) wait for it.
 */
export const lockPracticeState = async (trx: TDb, id: string): Promise<string | undefined> =>
  (await trx.selectFrom('practices').select('state').where('id', '=', id).forUpdate().executeTakeFirst())?.state;

/** The whole row, locked until the caller's transaction ends (a transition reads what it checks from it). */
export const lockPractice = (trx: TDb, id: string): Promise<TPracticeRow | undefined> => trx.selectFrom('practices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** The new state, if the practice is still in `from` (otherwise nothing changes). */
export const updatePracticeState = async (db: TDb, id: string, from: string, to: string) => {
  const now = new Date();
  return (await db.updateTable('practices').set({ state: to, state_changed_at: now, updated_at: nextChangeTime() }).where('id', '=', id).where('state', '=', from).returning('id').executeTakeFirst()) !== undefined;
};

/** The broker who takes it, if nobody has it yet. */
export const takePractice = async (db: TDb, id: string, brokerId: string) =>
  (await db.updateTable('practices').set({ broker_id: brokerId, updated_at: nextChangeTime() }).where('id', '=', id).where('broker_id', 'is', null).returning('id').executeTakeFirst()) !== undefined;

/** Hands the practice to `brokerId` (an admin's assignment); the caller holds the row's lock. */
export const assignPractice = (db: TDb, id: string, brokerId: string) => db.updateTable('practices').set({ broker_id: brokerId, updated_at: nextChangeTime() }).where('id', '=', id).execute();

export type TPracticeEventValues = {
  practiceId: string;
  actorId: string;
  impersonatorId: string | null;
  kind: string;
  fromState?: string | null;
  toState?: string | null;
  changes?: readonly { path: string; from: unknown; to: unknown }[];
  payload?: Record<string, unknown>;
};

/** Appends one history entry (the only write on `practice_events`). */
export const appendEvent = (db: TDb, event: TPracticeEventValues) =>
  db
    .insertInto('practice_events')
    .values({
      practice_id: event.practiceId,
      actor_id: event.actorId,
      impersonator_id: event.impersonatorId,
      kind: event.kind,
      from_state: event.fromState ?? null,
      to_state: event.toState ?? null,
      changes: JSON.stringify(event.changes ?? []),
      payload: JSON.stringify(event.payload ?? {}),
    })
    .execute();

/** A practice's history, oldest first. */
export const listEvents = (db: TDb, practiceId: string) =>
  db.selectFrom('practice_events').selectAll().where('practice_id', '=', practiceId).orderBy('at', 'asc').orderBy('id', 'asc').execute();

/** When any practice of the client last changed (the start of its retention hold), or null without practices. */
export const lastPracticeChange = async (db: TDb, clientId: string): Promise<Date | null> => {
  const row = await db.selectFrom('practices').select((eb) => eb.fn.max('updated_at').as('last')).where('client_id', '=', clientId).executeTakeFirst();
  return row?.last ? new Date(row.last as unknown as string) : null;
};

/** The reason a practice was refused, sent back or rejected (null clears it). */
export const setOutcomeReason = async (db: TDb, id: string, reason: string | null) => {
  await db.updateTable('practices').set({ outcome_reason: reason }).where('id', '=', id).execute();
};

/**
 * For the admin's deletion of an account (issue 28), inside its transaction: how many practices of a corner
 * (`corner_id`), or held by a broker (`broker_id`), are still open, by sector (the states outside each sector's
 * final ones).
 */
export const countOpenPracticesOf = async (db: TDb, column: 'corner_id' | 'broker_id', userId: string, finalBySector: Readonly<Record<string, readonly string[]>>) => {
  const rows = await db
    .selectFrom('practices')
    .select(['sector', (eb) => eb.fn.countAll<string>().as('open')])
    .where(column, '=', userId)
    .where((eb) => eb.or(Object.entries(finalBySector).map(([sector, final]) => eb.and([eb('sector', '=', sector), ...(final.length > 0 ? [eb('state', 'not in', [...final])] : [])]))))
    .groupBy('sector')
    .execute();
  return rows.map((row) => ({ sector: row.sector, open: Number(row.open) }));
};
