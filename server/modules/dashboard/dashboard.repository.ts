import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/**
 * Owns the dashboard's rollups (migration 2026-11-27T1400_dashboard-rollups): counters kept by database triggers on
 * `practices`, `practice_events`, `practice_quotations` and `ledger_entries`, so that no figure groups those whole
 * tables: a period reads its days' rows (and the stays' dyadic day blocks), whatever the size of the network. It
 * still reads, as a read-only report, three small tables of other modules (exceptions listed in
 * server/platform/table-ownership.unit.test.ts): corners registered, payments to confirm, payouts to make. Nothing
 * here writes but `rebuildRollups` (tests and the benchmark's bulk load).
 *
 * A period is two ISO days, both included, taken in Italy (the rollups' days are Italian days).
 */
export type TDayRange = { from: string; to: string };

const startOf = (day: string) => sql<Date>`(${day}::date::timestamp at time zone 'Europe/Rome')`;
const endOf = (day: string) => sql<Date>`((${day}::date + 1)::timestamp at time zone 'Europe/Rome')`;
const inRange = (range: TDayRange) => sql<boolean>`day between ${range.from}::date and ${range.to}::date`;

/** Practices created in the range, by sector. */
export const openedBySector = async (db: TDb, range: TDayRange) =>
  (await sql<{ sector: string; count: string }>`select sector, sum(opened) as count from dashboard_practice_days where ${inRange(range)} group by sector`.execute(db)).rows;

/**
 * History events entering one of `states` in the range, by sector and state. For the converting states this is also
 * the number of practices: the engine enters each at most once (`emitted` is final; `activated` is reached only from
 * `processing`, which is left for good; its only way out is `ceased`, final).
 */
export const reachedBySector = async (db: TDb, range: TDayRange, states: readonly string[]) =>
  (
    await sql<{ sector: string; to_state: string; count: string }>`
      select sector, state as to_state, sum(entered) as count from dashboard_state_days
      where ${inRange(range)} and state in (${sql.join([...states])}) group by sector, state`.execute(db)
  ).rows;

/** Every practice now, by sector and state (the caller leaves out the final states). */
export const countByState = async (db: TDb) =>
  (await sql<{ sector: string; state: string; count: string }>`select sector, state, n as count from dashboard_state_counts where n <> 0`.execute(db)).rows;

/** Per ISO week (in Italy) and sector: practices opened (state null), and events entering each of `states`, in the range. */
export const weeklySeries = async (db: TDb, range: TDayRange, states: readonly string[]) =>
  (
    await sql<{ week: string; sector: string; state: string | null; count: string }>`
      select to_char(day, 'IYYY-"W"IW') as week, sector, null::text as state, sum(opened) as count from dashboard_practice_days
      where ${inRange(range)} group by 1, 2 having sum(opened) <> 0
      union all
      select to_char(day, 'IYYY-"W"IW'), sector, state, sum(entered) from dashboard_state_days
      where ${inRange(range)} and state in (${sql.join([...states])}) group by 1, 2, 3 having sum(entered) <> 0
      order by 1`.execute(db)
  ).rows;

/** Sum of the chosen quotation's premium of the practices that entered `state` in the range. */
export const premiumsOfIssued = async (db: TDb, range: TDayRange, state: string): Promise<number> => {
  const { rows } = await sql<{ total: string }>`select coalesce(sum(premium_cents), 0) as total from dashboard_state_days where ${inRange(range)} and state = ${state}`.execute(db);
  return Number(rows[0]?.total ?? 0);
};

/** Per month (in Italy) of the range: the sums of the ledger's commissions and clawbacks (as written: clawbacks negative). */
export const ledgerByMonth = async (db: TDb, range: TDayRange) =>
  (
    await sql<{ month: string; commissions: string; clawbacks: string }>`
      select to_char(day, 'YYYY-MM') as month, sum(commissions_cents) as commissions, sum(clawbacks_cents) as clawbacks
      from dashboard_ledger_days where ${inRange(range)} group by 1`.execute(db)
  ).rows;

/** Corners registered in the range, by their tier now (none: gold, as the engine reads it). */
export const newCorners = async (db: TDb, range: TDayRange): Promise<{ bronze: number; silver: number; gold: number }> => {
  const rows = await db
    .selectFrom('users')
    .select([sql<string>`coalesce(tier, 'gold')`.as('tier'), sql<string>`count(*)`.as('count')])
    .where('role', '=', 'corner')
    .where('created_at', '>=', startOf(range.from))
    .where('created_at', '<', endOf(range.to))
    .groupBy(sql`1`)
    .execute();
  const byTier = { bronze: 0, silver: 0, gold: 0 };
  for (const row of rows) if (row.tier === 'bronze' || row.tier === 'silver' || row.tier === 'gold') byTier[row.tier] += Number(row.count);
  return byTier;
};

/** Of the practices created in the range, by sector: how many, and how many have entered a converting state by now. */
export const conversionBySector = async (db: TDb, range: TDayRange) =>
  (
    await sql<{ sector: string; opened: string; converted: string }>`
      select sector, sum(opened) as opened, sum(converted) as converted from dashboard_practice_days where ${inRange(range)} group by sector`.execute(db)
  ).rows;

// ---------------------------------------------------------------------------------------------------------------
// Time in each state: log-scale histograms over dyadic blocks of days

/** The days' numbering of the stays' blocks: day 0 is 2000-01-01. */
const dayNumber = (day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.UTC(2000, 0, 1)) / 86_400_000);
/** The highest level of the blocks (a block of level L holds 2^L days). */
export const STAY_LEVELS = 10;
/** Bucket k ≥ 1 holds the stays of [RATIO^(k-1), RATIO^k) milliseconds, bucket 0 those under 1 ms. */
export const STAY_BUCKET_RATIO = 1.1;

/** The fewest dyadic blocks (level, block) that cover the days `from`…`to` exactly (at most 2 per level). */
export const dayBlocks = (range: TDayRange): { level: number; block: number }[] => {
  const blocks: { level: number; block: number }[] = [];
  let day = dayNumber(range.from);
  const last = dayNumber(range.to);
  while (day <= last) {
    let level = 0;
    while (level < STAY_LEVELS && day % 2 ** (level + 1) === 0 && day + 2 ** (level + 1) - 1 <= last) level += 1;
    blocks.push({ level, block: day / 2 ** level });
    day += 2 ** level;
  }
  return blocks;
};

/** What a bucket stands for, in milliseconds: its geometric middle (within 4.9 % of every stay in it). */
export const bucketMilliseconds = (bucket: number) => (bucket === 0 ? 0.5 : STAY_BUCKET_RATIO ** (bucket - 0.5));

/**
 * The median (seconds) of a histogram `{bucket: count}`: the middle stay's bucket (the mean of the two middle ones
 * for an even count), read at the bucket's middle.
 */
export const histogramMedian = (counts: ReadonlyMap<number, number>): { median: number; stays: number } => {
  const buckets = [...counts].filter(([, n]) => n > 0).sort(([a], [b]) => a - b);
  const stays = buckets.reduce((sum, [, n]) => sum + n, 0);
  const at = (rank: number) => {
    let seen = 0;
    for (const [bucket, n] of buckets) {
      seen += n;
      if (seen >= rank) return bucketMilliseconds(bucket);
    }
    return 0;
  };
  const ms = stays % 2 ? at((stays + 1) / 2) : (at(stays / 2) + at(stays / 2 + 1)) / 2;
  return { median: ms / 1000, stays };
};

/**
 * Median seconds spent in a state, by sector and state: a stay runs from the event that entered the state to the
 * practice's next change of state, and counts in the range it ended in (a stay still going has no length yet).
 * Read from the histograms of the range's dyadic blocks (at most 22 blocks × sectors × states × buckets rows).
 */
export const stateMedians = async (db: TDb, range: TDayRange) => {
  const blocks = dayBlocks(range);
  if (blocks.length === 0) return [];
  const values = sql.join(blocks.map((block) => sql`(${sql.lit(block.level)}::smallint, ${sql.lit(block.block)}::integer)`));
  const { rows } = await sql<{ sector: string; state: string; bucket: number; n: string }>`
    select s.sector, s.state, s.bucket, sum(s.n) as n
    from (values ${values}) as b(level, block) join dashboard_stays s on s.level = b.level and s.block = b.block
    group by 1, 2, 3`.execute(db);
  const byKey = new Map<string, { sector: string; state: string; counts: Map<number, number> }>();
  for (const row of rows) {
    const key = `${row.sector} ${row.state}`;
    const entry = byKey.get(key) ?? { sector: row.sector, state: row.state, counts: new Map<number, number>() };
    entry.counts.set(Number(row.bucket), Number(row.n));
    byKey.set(key, entry);
  }
  return [...byKey.values()]
    .map(({ sector, state, counts }) => ({ sector, state, ...histogramMedian(counts) }))
    .filter((row) => row.stays > 0)
    .sort((a, b) => a.sector.localeCompare(b.sector) || a.state.localeCompare(b.state));
};

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

// ---------------------------------------------------------------------------------------------------------------
// The rollups themselves (tests, benchmark)

/** Recounts every rollup from the base rows (after a bulk load with the triggers off). */
export const rebuildRollups = async (db: TDb) => {
  await sql`select dashboard_rollups_rebuild()`.execute(db);
};

/** Every rollup row with a non-zero figure, in key order: what a recount from the base rows must give again. */
export const rollupSnapshot = async (db: TDb) => {
  const [counts, practiceDays, stateDays, stays, ledgerDays] = await Promise.all([
    sql`select sector, state, n::text from dashboard_state_counts where n <> 0 order by 1, 2`.execute(db),
    sql`select day::text, sector, opened::text, converted::text from dashboard_practice_days where opened <> 0 or converted <> 0 order by 1, 2`.execute(db),
    sql`select day::text, sector, state, entered::text, premium_cents::text from dashboard_state_days where entered <> 0 or premium_cents <> 0 order by 1, 2, 3`.execute(db),
    sql`select level, block, sector, state, bucket, n::text from dashboard_stays where n <> 0 order by 1, 2, 3, 4, 5`.execute(db),
    sql`select day::text, commissions_cents::text, clawbacks_cents::text from dashboard_ledger_days where commissions_cents <> 0 or clawbacks_cents <> 0 order by 1`.execute(db),
  ]);
  return { counts: counts.rows, practiceDays: practiceDays.rows, stateDays: stateDays.rows, stays: stays.rows, ledgerDays: ledgerDays.rows };
};
