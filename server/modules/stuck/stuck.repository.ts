import { sql, type RawBuilder } from 'kysely';
import { SECTORS, type TSectorSlug } from '../../../shared/sectors';
import { openStatesOf, STUCK_COUNT_CAP, type TStuckReason, type TStuckThresholds } from '../../../shared/schemas/stuck';
import { todayInItaly } from '../../../shared/rules/italian-day';
import type { TDb } from '../../db/database';

/**
 * Owns no table. The stuck-work board (issue 28) is a read-only report over `practices`, `practice_quotations` and
 * `payments` (exceptions listed in server/platform/table-ownership.unit.test.ts). Nothing here writes.
 *
 * One branch per watched (sector, state) and holder (someone / nobody), each an equality on the index
 * `practices (sector, state, state_changed_at)` with a bound on `state_changed_at`, read in waiting order and
 * stopped after the rows a page can need (offset + limit) — the page is cut from their union, so a page costs the
 * same whatever the number of practices. The count stops at STUCK_COUNT_CAP + 1 rows.
 */

export type TStuckRow = {
  kind: 'practice' | 'payment';
  reason: TStuckReason;
  id: string;
  sector: string | null;
  state: string;
  corner_id: string;
  holder_id: string | null;
  since: Date;
  threshold_hours: number;
  /** When it crossed its threshold. */
  crossed_at: Date;
  amount_cents: string | number | null;
  data: unknown;
  description: string | null;
};

const HOUR_MS = 3_600_000;

/** Which reason a waiting, held practice of this kind and state is on the board for. */
const reasonOf = (sector: TSectorSlug, state: string): TStuckReason => {
  const kind = SECTORS[sector].kind;
  if (kind === 'insurance' && state === 'quotating') return 'noQuotation';
  if (kind === 'insurance' && state === 'askEmission') return 'emissionAsked';
  if (kind === 'utility' && state === 'submitted') return 'submitted';
  if (kind === 'utility' && state === 'processing') return 'pastExpectedStart';
  return 'waiting';
};

/**
 * `first`: only the branch's first rows in waiting order (a page needs no more from any branch); null: all,
 * unordered; 'count': all, unordered, no columns (a count reads only the index and the filter's columns).
 */
type TBranchMode = number | null | 'count';
const practiceBranch = (sector: TSectorSlug, state: string, reason: TStuckReason, hours: number, held: boolean, condition: RawBuilder<unknown>, first: TBranchMode) =>
  first === 'count'
    ? sql`(select 1 from practices p where p.sector = ${sector} and p.state = ${state} and p.broker_id is ${held ? sql`not null` : sql`null`} and ${condition})`
    : sql`
  (select 'practice' as kind, ${reason} as reason, p.id::text as id, p.sector, p.state, p.corner_id::text as corner_id,
          p.broker_id::text as holder_id, p.state_changed_at as since, ${hours}::int as threshold_hours,
          ${reason === 'pastExpectedStart' ? sql`case when p.expected_start_date is null then p.state_changed_at else ((p.expected_start_date::date + 1)::timestamp at time zone 'Europe/Rome') end` : sql`p.state_changed_at`} + make_interval(hours => ${hours}::int) as crossed_at,
          null::bigint as amount_cents, p.data, null::text as description
     from practices p
    where p.sector = ${sector} and p.state = ${state} and p.broker_id is ${held ? sql`not null` : sql`null`} and ${condition}
    ${first === null ? sql`` : sql`order by p.state_changed_at, p.id limit ${first}`})`;

/** Every branch of the board: the watched states of the sectors asked for (held and not), and the payments to confirm. */
const branchesOf = (thresholds: TStuckThresholds, sectors: readonly TSectorSlug[], withPayments: boolean, now: Date, first: TBranchMode): RawBuilder<unknown>[] => {
  const before = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const branches: RawBuilder<unknown>[] = [];
  for (const sector of sectors) {
    const watched = thresholds.sectors[sector] ?? {};
    for (const state of openStatesOf(sector)) {
      const hours = watched[state];
      if (hours === undefined) continue;
      branches.push(practiceBranch(sector, state, 'notTaken', thresholds.unassignedHours, false, sql`p.state_changed_at < ${before(thresholds.unassignedHours)}`, first));
      const reason = reasonOf(sector, state);
      const condition =
        reason === 'noQuotation'
          ? sql`p.state_changed_at < ${before(hours)} and not exists (select 1 from practice_quotations q where q.practice_id = p.id)`
          : reason === 'pastExpectedStart'
            ? sql`case when p.expected_start_date is null then p.state_changed_at < ${before(hours)} else p.expected_start_date < ${todayInItaly(before(hours))} end`
            : sql`p.state_changed_at < ${before(hours)}`;
      branches.push(practiceBranch(sector, state, reason, hours, true, condition, first));
    }
  }
  if (withPayments) {
    const hours = thresholds.paymentPendingHours;
    const ofSectors = sectors.length === Object.keys(SECTORS).length ? sql`true` : sql`exists (select 1 from practices p where p.id = pay.practice_id and p.sector in (${sql.join([...sectors])}))`;
    if (first === 'count') branches.push(sql`(select 1 from payments pay where pay.status = 'pending' and pay.declared_at < ${before(hours)} and ${ofSectors})`);
    else
      branches.push(sql`
      (select 'payment' as kind, 'paymentPending' as reason, pay.id::text as id, null::text as sector, pay.status as state,
              pay.corner_id::text as corner_id, null::text as holder_id, pay.declared_at as since, ${hours}::int as threshold_hours,
              pay.declared_at + make_interval(hours => ${hours}::int) as crossed_at,
              pay.amount_cents, null::jsonb as data, pay.description
         from payments pay
        where pay.status = 'pending' and pay.declared_at < ${before(hours)} and ${ofSectors}
        ${first === null ? sql`` : sql`order by pay.declared_at, pay.id limit ${first}`})`);
  }
  return branches;
};

export type TStuckSelection = { thresholds: TStuckThresholds; sectors: readonly TSectorSlug[]; withPayments: boolean; now: Date };

/** One page of the board, longest waiting first. */
export const stuckPage = async (db: TDb, selection: TStuckSelection, page: { offset: number; limit: number }): Promise<TStuckRow[]> => {
  // Each branch gives at most offset + limit rows, read in waiting order from its index range and stopped there.
  const branches = branchesOf(selection.thresholds, selection.sectors, selection.withPayments, selection.now, page.offset + page.limit);
  if (branches.length === 0) return [];
  const { rows } = await sql<TStuckRow>`
    select * from (${sql.join(branches, sql` union all `)}) as stuck
    order by since, id
    limit ${page.limit} offset ${page.offset}`.execute(db);
  return rows;
};

/** How many rows are on the board, counting no further than STUCK_COUNT_CAP + 1. */
export const stuckCount = async (db: TDb, selection: TStuckSelection): Promise<number> => {
  const branches = branchesOf(selection.thresholds, selection.sectors, selection.withPayments, selection.now, 'count');
  if (branches.length === 0) return 0;
  const { rows } = await sql<{ count: string }>`
    select count(*) as count from (select 1 from (${sql.join(branches, sql` union all `)}) as stuck limit ${STUCK_COUNT_CAP + 1}) as capped`.execute(db);
  return Number(rows[0]?.count ?? 0);
};

/** The rows that crossed their threshold in the 24 hours before `now` (the daily digest), longest waiting first, at most `limit`. */
export const crossedSince = async (db: TDb, selection: TStuckSelection, limit: number): Promise<TStuckRow[]> => {
  const branches = branchesOf(selection.thresholds, selection.sectors, selection.withPayments, selection.now, null);
  if (branches.length === 0) return [];
  const dayAgo = new Date(selection.now.getTime() - 24 * HOUR_MS);
  const { rows } = await sql<TStuckRow>`
    select * from (${sql.join(branches, sql` union all `)}) as stuck
    where stuck.crossed_at >= ${dayAgo}
    order by since, id
    limit ${limit}`.execute(db);
  return rows;
};
