import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/** Owns: `payouts`, `payout_profiles` (module payouts). */

export type TPayoutRow = Awaited<ReturnType<typeof findPayout>>;

export const findPayout = (db: TDb, id: string) => db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst();

/** The payout's row locked for the admin's payment. */
export const lockPayout = (trx: TDb, id: string) => trx.selectFrom('payouts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const listOfCorner = (db: TDb, cornerId: string) => db.selectFrom('payouts').selectAll().where('corner_id', '=', cornerId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();

/** What a person was paid (gift cards and receipts) in a calendar year: its occasional fees. */
export const occasionalTotalOf = async (db: TDb, cornerId: string, year: number) => {
  const row = await db
    .selectFrom('payouts')
    .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('total'))
    .where('corner_id', '=', cornerId)
    .where('year', '=', year)
    .where('method', 'in', ['giftcard', 'receipt'])
    .executeTakeFirstOrThrow();
  return Number(row.total);
};

/** The next number of a corner's documents of one kind in a year ("2026/0003"), under the corner's lock. */
export const nextNumberOf = async (trx: TDb, cornerId: string, method: string, year: number) => {
  const row = await trx
    .selectFrom('payouts')
    .select(sql<string>`count(*)`.as('count'))
    .where('corner_id', '=', cornerId)
    .where('method', '=', method)
    .where('year', '=', year)
    .executeTakeFirstOrThrow();
  return `${year}/${String(Number(row.count) + 1).padStart(4, '0')}`;
};

export const insertPayout = (
  trx: TDb,
  values: {
    cornerId: string;
    method: string;
    amountCents: number;
    withholdingCents: number;
    stampCents: number;
    netCents: number;
    thresholdCrossed: boolean;
    number: string | null;
    year: number;
    document: unknown;
    giftcardChoiceId: string | null;
    giftcardName: string | null;
  },
) =>
  trx
    .insertInto('payouts')
    .values({
      corner_id: values.cornerId,
      method: values.method,
      amount_cents: values.amountCents,
      withholding_cents: values.withholdingCents,
      stamp_cents: values.stampCents,
      net_cents: values.netCents,
      threshold_crossed: values.thresholdCrossed,
      number: values.number,
      year: values.year,
      document: values.document === null ? null : JSON.stringify(values.document),
      giftcard_choice_id: values.giftcardChoiceId,
      giftcard_name: values.giftcardName,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

export const markPaid = (trx: TDb, id: string, values: { paidBy: string; giftcardId: string | null; transferDate: string | null; reference: string | null }) =>
  trx
    .updateTable('payouts')
    .set({ state: 'paid', paid_at: new Date(), paid_by: values.paidBy, giftcard_id: values.giftcardId, transfer_date: values.transferDate, reference: values.reference })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export const adminPage = async (db: TDb, filter: { state?: string; cornerId?: string }, page: number, limit: number) => {
  let base = db.selectFrom('payouts');
  if (filter.state) base = base.where('state', '=', filter.state);
  if (filter.cornerId) base = base.where('corner_id', '=', filter.cornerId);
  const [rows, totals] = await Promise.all([
    base
      .selectAll()
      .orderBy(sql`case when state = 'requested' then 0 else 1 end`)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select([sql<string>`count(*)`.as('total'), sql<string>`coalesce(sum(amount_cents) filter (where state = 'requested'), 0)`.as('requested')]).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(totals.total), totalRequestedCents: Number(totals.requested) };
};

export const findProfile = (db: TDb, cornerId: string) => db.selectFrom('payout_profiles').selectAll().where('corner_id', '=', cornerId).executeTakeFirst();

export const upsertProfile = (db: TDb, cornerId: string, values: { address: string; postalCode: string; city: string; province: string; iban: string }) =>
  db
    .insertInto('payout_profiles')
    .values({ corner_id: cornerId, address: values.address, postal_code: values.postalCode, city: values.city, province: values.province, iban: values.iban })
    .onConflict((oc) =>
      oc.column('corner_id').doUpdateSet({ address: values.address, postal_code: values.postalCode, city: values.city, province: values.province, iban: values.iban, updated_at: new Date() }),
    )
    .execute();
