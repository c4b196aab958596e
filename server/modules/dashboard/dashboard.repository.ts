import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/**
 * Owns no table. The admin dashboard is a read-only report over other modules' tables (exceptions listed in
 * server/platform/table-ownership.unit.test.ts): counting and summing in the database, in a few grouped statements,
 * is what makes it cheap; asking each owner's service for its rows would move every practice and entry into memory.
 * Nothing here writes.
 *
 * A period is two ISO days, both included, taken in Italy: `from` at midnight in Rome up to the midnight after `to`.
 */
export type TDayRange = { from: string; to: string };

const startOf = (day: string) => sql<Date>`(${day}::date::timestamp at time zone 'Europe/Rome')`;
const endOf = (day: string) => sql<Date>`((${day}::date + 1)::timestamp at time zone 'Europe/Rome')`;
const isoWeek = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone 'Europe/Rome', 'IYYY-"W"IW')`;

/** Practices created in the range, by sector. */
export const openedBySector = (db: TDb, range: TDayRange) =>
  db
    .selectFrom('practices')
    .select(['sector', sql<string>`count(*)`.as('count')])
    .where('created_at', '>=', startOf(range.from))
    .where('created_at', '<', endOf(range.to))
    .groupBy('sector')
    .execute();

/** Practices that entered one of `states` in the range (from the history), by sector and state. */
export const reachedBySector = (db: TDb, range: TDayRange, states: readonly string[]) =>
  db
    .selectFrom('practice_events as e')
    .innerJoin('practices as p', 'p.id', 'e.practice_id')
    .select(['p.sector', 'e.to_state', sql<string>`count(distinct e.practice_id)`.as('count')])
    .where('e.to_state', 'in', [...states])
    .where('e.at', '>=', startOf(range.from))
    .where('e.at', '<', endOf(range.to))
    .groupBy(['p.sector', 'e.to_state'])
    .execute();

/** Every practice now, by sector and state (the caller leaves out the final states). */
export const countByState = (db: TDb) =>
  db.selectFrom('practices').select(['sector', 'state', sql<string>`count(*)`.as('count')]).groupBy(['sector', 'state']).execute();

/** Per ISO week (in Italy) and sector: practices opened, and practices that entered each of `states`, in the range. */
export const weeklySeries = async (db: TDb, range: TDayRange, states: readonly string[]) => {
  const opened = db
    .selectFrom('practices')
    .select([isoWeek('created_at').as('week'), 'sector', sql<string | null>`null`.as('state')])
    .where('created_at', '>=', startOf(range.from))
    .where('created_at', '<', endOf(range.to));
  const reached = db
    .selectFrom('practice_events as e')
    .innerJoin('practices as p', 'p.id', 'e.practice_id')
    .select([isoWeek('e.at').as('week'), 'p.sector', 'e.to_state as state'])
    .where('e.to_state', 'in', [...states])
    .where('e.at', '>=', startOf(range.from))
    .where('e.at', '<', endOf(range.to));
  return db
    .selectFrom(opened.unionAll(reached).as('x'))
    .select(['x.week', 'x.sector', 'x.state', sql<string>`count(*)`.as('count')])
    .groupBy(['x.week', 'x.sector', 'x.state'])
    .orderBy('x.week')
    .execute();
};

/** Sum of the chosen quotation's premium of the practices that entered `state` in the range. */
export const premiumsOfIssued = async (db: TDb, range: TDayRange, state: string): Promise<number> => {
  const row = await db
    .selectFrom('practice_events as e')
    .innerJoin('practice_quotations as q', (join) => join.onRef('q.practice_id', '=', 'e.practice_id').on('q.chosen', '=', true))
    .select(sql<string>`coalesce(sum(q.premium_cents), 0)`.as('total'))
    .where('e.to_state', '=', state)
    .where('e.at', '>=', startOf(range.from))
    .where('e.at', '<', endOf(range.to))
    .executeTakeFirstOrThrow();
  return Number(row.total);
};

/** Per month (in Italy) of the range: the sums of the ledger's commissions and clawbacks (as written: clawbacks negative). */
export const ledgerByMonth = (db: TDb, range: TDayRange) =>
  db
    .selectFrom('ledger_entries')
    .select([
      sql<string>`to_char(created_at at time zone 'Europe/Rome', 'YYYY-MM')`.as('month'),
      sql<string>`coalesce(sum(amount_cents) filter (where kind = 'commission'), 0)`.as('commissions'),
      sql<string>`coalesce(sum(amount_cents) filter (where kind = 'clawback'), 0)`.as('clawbacks'),
    ])
    .where('kind', 'in', ['commission', 'clawback'])
    .where('created_at', '>=', startOf(range.from))
    .where('created_at', '<', endOf(range.to))
    .groupBy(sql`1`)
    .execute();

/** Corners registered in the range. */
export const newCorners = async (db: TDb, range: TDayRange): Promise<number> => {
  const row = await db
    .selectFrom('users')
    .select(sql<string>`count(*)`.as('count'))
    .where('role', '=', 'corner')
    .where('created_at', '>=', startOf(range.from))
    .where('created_at', '<', endOf(range.to))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/** Of the practices created in the range, by sector: how many, and how many have entered one of `states` by now. */
export const conversionBySector = (db: TDb, range: TDayRange, states: readonly string[]) =>
  db
    .selectFrom('practices as p')
    .select([
      'p.sector',
      sql<string>`count(*)`.as('opened'),
      sql<string>`count(*) filter (where exists (select 1 from practice_events e where e.practice_id = p.id and e.to_state in (${sql.join([...states])})))`.as('converted'),
    ])
    .where('p.created_at', '>=', startOf(range.from))
    .where('p.created_at', '<', endOf(range.to))
    .groupBy('p.sector')
    .execute();

/**
 * Median seconds spent in a state, by sector and state: a stay runs from the event that entered the state to the
 * practice's next change of state, and counts in the range it ended in (a stay still going has no length yet).
 */
export const stateMedians = (db: TDb, range: TDayRange) =>
  db
    .with('stays', (q) =>
      q
        .selectFrom('practice_events as e')
        .innerJoin('practices as p', 'p.id', 'e.practice_id')
        .select([
          'p.sector',
          'e.to_state as state',
          'e.at as entered_at',
          sql<Date | null>`lead(e.at) over (partition by e.practice_id order by e.at, e.id)`.as('left_at'),
        ])
        .where('e.to_state', 'is not', null)
        .where(sql<boolean>`e.from_state is distinct from e.to_state`),
    )
    .selectFrom('stays')
    .select([
      'sector',
      'state',
      sql<string>`percentile_cont(0.5) within group (order by extract(epoch from left_at - entered_at))`.as('median'),
      sql<string>`count(*)`.as('stays'),
    ])
    .where('left_at', '>=', startOf(range.from))
    .where('left_at', '<', endOf(range.to))
    .groupBy(['sector', 'state'])
    .orderBy('sector')
    .orderBy('state')
    .execute();

/** Payments in `pending` (declared by the corner, for an admin to confirm): how many and their total. */
export const pendingPayments = async (db: TDb) => {
  const row = await db
    .selectFrom('payments')
    .select([sql<string>`count(*)`.as('count'), sql<string>`coalesce(sum(amount_cents), 0)`.as('total')])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), totalCents: Number(row.total) };
};

/** Payouts `requested` (asked for, not yet paid): how many and their total. */
export const requestedPayouts = async (db: TDb) => {
  const row = await db
    .selectFrom('payouts')
    .select([sql<string>`count(*)`.as('count'), sql<string>`coalesce(sum(amount_cents), 0)`.as('total')])
    .where('state', '=', 'requested')
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), totalCents: Number(row.total) };
};
