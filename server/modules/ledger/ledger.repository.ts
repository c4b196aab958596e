import { sql } from 'kysely';
import type { TLedgerKind } from '../../../shared/schemas/ledger';
import type { TDb } from '../../db/database';

/**
 * Owns `ledger_entries` (module ledger): inserts only; the table refuses updates and deletes. `balancesOf` and
 * `lockCorner` are exported to the payouts module to take part in its transaction (a payout reserves the balance
 * it reads under the corner's lock).
 */

export type TNewLedgerEntry = {
  cornerId: string;
  practiceId: string | null;
  sector: string | null;
  kind: TLedgerKind;
  amountCents: number;
  description: string;
  actorId: string | null;
  /** The day it can be paid out (inside a clawback window); absent: now. */
  availableOn?: string | null;
  /** The entry it nets out (a clawback, a reversal): at most one each. */
  reversesId?: string | null;
  /** A referral share: the commission it is a share of (one share each). */
  sourceEntryId?: string | null;
  payoutId?: string | null;
};

/**
 * Appends entries and answers the rows written; a second commission or clawback for a practice is skipped (one
 * each). Any other unique breach (a second reversal of an entry, a second share of a commission) is an error.
 */
export const appendEntries = async (db: TDb, entries: readonly TNewLedgerEntry[]) => {
  const written: {
    id: string;
    corner_id: string;
    kind: string;
    amount_cents: string | number;
    practice_id: string | null;
    sector: string | null;
    description: string;
    available_on: string | null;
    reverses_id: string | null;
  }[] = [];
  for (let start = 0; start < entries.length; start += 2000) {
    const chunk = entries.slice(start, start + 2000);
    written.push(
      ...(await db
        .insertInto('ledger_entries')
        .values(
          chunk.map((entry) => ({
            corner_id: entry.cornerId,
            practice_id: entry.practiceId,
            sector: entry.sector,
            kind: entry.kind,
            amount_cents: entry.amountCents,
            description: entry.description,
            actor_id: entry.actorId,
            available_on: entry.availableOn ?? null,
            reverses_id: entry.reversesId ?? null,
            source_entry_id: entry.sourceEntryId ?? null,
            payout_id: entry.payoutId ?? null,
          })),
        )
        .onConflict((oc) => oc.columns(['practice_id', 'kind']).where(sql<boolean>`practice_id is not null and kind in ('commission', 'clawback')`).doNothing())
        .returning(['id', 'corner_id', 'kind', 'amount_cents', 'practice_id', 'sector', 'description', 'available_on', 'reverses_id'])
        .execute()),
    );
  }
  return written;
};

/** Serialises the money moves of one corner (payouts, reversals) until the transaction ends, on both databases. */
export const lockCorner = async (trx: TDb, cornerId: string) => {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`ledger:${cornerId}`}, 0))`.execute(trx);
};

const reversedSql = sql<boolean>`exists (select 1 from ledger_entries r where r.reverses_id = ledger_entries.id)`;

/** The entries of some practices, oldest first. */
export const entriesOfPractices = (db: TDb, practiceIds: readonly string[]) =>
  practiceIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('ledger_entries')
        .selectAll()
        .select(reversedSql.as('reversed'))
        .where('practice_id', 'in', [...practiceIds])
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();

/** One entry, for a reversal (locked by the caller's corner lock). */
export const entryById = (db: TDb, id: string) => db.selectFrom('ledger_entries').selectAll().select(reversedSql.as('reversed')).where('id', '=', id).executeTakeFirst();

/**
 * A corner's balance (the sum of everything), what is held (positive entries inside their clawback window, not
 * netted out) and what is available for a payout (the balance less what is held).
 */
export const balancesOf = async (db: TDb, cornerId: string | null, today: string) => {
  let base = db.selectFrom('ledger_entries');
  if (cornerId) base = base.where('corner_id', '=', cornerId);
  const row = await base
    .select([
      sql<string>`coalesce(sum(amount_cents), 0)`.as('balance'),
      sql<string>`coalesce(sum(amount_cents) filter (where available_on > ${today} and amount_cents > 0 and not ${reversedSql}), 0)`.as('held'),
    ])
    .executeTakeFirstOrThrow();
  const balanceCents = Number(row.balance);
  const heldCents = Number(row.held);
  return { balanceCents, heldCents, availableCents: balanceCents - heldCents };
};

export type TPageFilter = { cornerId: string | null; kind?: TLedgerKind; fromUtc?: Date; toUtc?: Date };

/** A page of a corner's entries (or everyone's: cornerId null), newest first, filtered, with the filtered count. */
export const pageOf = async (db: TDb, filter: TPageFilter, page: number, limit: number) => {
  let base = db.selectFrom('ledger_entries');
  if (filter.cornerId) base = base.where('corner_id', '=', filter.cornerId);
  if (filter.kind) base = base.where('kind', '=', filter.kind);
  if (filter.fromUtc) base = base.where('created_at', '>=', filter.fromUtc);
  if (filter.toUtc) base = base.where('created_at', '<', filter.toUtc);
  const [rows, totals] = await Promise.all([
    base
      .selectAll()
      .select(reversedSql.as('reversed'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(totals.total) };
};

/** Earnings by Italian calendar month and sector since `sinceUtc`: commissions net of their clawbacks, and referral shares. */
export const summaryOf = (db: TDb, cornerId: string | null, sinceUtc: Date) => {
  let base = db.selectFrom('ledger_entries').where('kind', 'in', ['commission', 'clawback', 'referral']).where('created_at', '>=', sinceUtc);
  if (cornerId) base = base.where('corner_id', '=', cornerId);
  return base
    .select([
      sql<string>`to_char(created_at at time zone 'Europe/Rome', 'YYYY-MM')`.as('month'),
      'sector',
      sql<string>`case when kind = 'referral' then 'referral' else 'commission' end`.as('kind'),
      sql<string>`sum(amount_cents)`.as('amount'),
    ])
    .groupBy([sql`1`, 'sector', sql`3`])
    .orderBy(sql`1`)
    .execute();
};

/** The referral shares of these commissions not yet netted out (a clawed-back or reversed commission takes them back). */
export const openSharesOf = (db: TDb, commissionIds: readonly string[]) =>
  commissionIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('ledger_entries')
        .selectAll()
        .where('kind', '=', 'referral')
        .where('source_entry_id', 'in', [...commissionIds])
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('ledger_entries as r').select('r.id').whereRef('r.reverses_id', '=', 'ledger_entries.id'))))
        .execute();

/** What a referrer earned from each referral: its shares, net of their reversals, by the referral's id. */
export const referralEarningsOf = async (db: TDb, referrerId: string) => {
  const rows = await db
    .selectFrom('ledger_entries as s')
    .innerJoin('ledger_entries as c', 'c.id', 's.source_entry_id')
    .leftJoin('ledger_entries as r', 'r.reverses_id', 's.id')
    .select(['c.corner_id as referee_id', sql<string>`sum(s.amount_cents + coalesce(r.amount_cents, 0))`.as('earned')])
    .where('s.kind', '=', 'referral')
    .where('s.corner_id', '=', referrerId)
    .groupBy('c.corner_id')
    .execute();
  return new Map(rows.map((row) => [row.referee_id, Number(row.earned)] as const));
};
