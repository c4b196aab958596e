import { sql, type Updateable } from 'kysely';
import type { PaymentsTable } from './payments.tables';
import type { TDb } from '../../db/database';
import type { TAdminPaymentsQuery } from '../../../shared/schemas/payments';

/** Owns: `payments`, `payment_events`, `giftcards` (module payments; map in server/platform/table-ownership.unit.test.ts). */

/** A corner's payments, newest first. */
export const listPayments = (db: TDb, cornerId: string) => db.selectFrom('payments').selectAll().where('corner_id', '=', cornerId).orderBy('created_at', 'desc').execute();

/** A corner's gift cards, newest first. */
/** A gift card delivered to a corner (a payout paid by gift card), inside the payout's transaction. */
export const insertGiftcard = (trx: TDb, values: { cornerId: string; name: string; amountCents: number; code: string }) =>
  trx.insertInto('giftcards').values({ corner_id: values.cornerId, name: values.name, amount_cents: values.amountCents, code: values.code }).returning('id').executeTakeFirstOrThrow();

export const giftcardCodes = (db: TDb, ids: readonly string[]) => (ids.length === 0 ? Promise.resolve([]) : db.selectFrom('giftcards').select(['id', 'code']).where('id', 'in', [...ids]).execute());

export const listGiftcards = (db: TDb, cornerId: string) => db.selectFrom('giftcards').selectAll().where('corner_id', '=', cornerId).orderBy('created_at', 'desc').execute();

/** A payment request raised by a practice (its premium), inside the practice's transaction. */
export const insertPracticePayment = (db: TDb, values: { cornerId: string; practiceId: string; description: string; amountCents: number; dueDate: Date | null }) =>
  db
    .insertInto('payments')
    .values({ corner_id: values.cornerId, practice_id: values.practiceId, description: values.description, amount_cents: values.amountCents, status: 'notPaied', due_date: values.dueDate })
    .returning(['id', 'amount_cents', 'status'])
    .executeTakeFirstOrThrow();

/** A payment an admin asks of a corner by hand (a fee or a correction), with who asked. */
export const insertManualPayment = (db: TDb, values: { cornerId: string; description: string; amountCents: number; dueDate: Date }) =>
  db
    .insertInto('payments')
    .values({ corner_id: values.cornerId, description: values.description, amount_cents: values.amountCents, status: 'notPaied', due_date: values.dueDate })
    .returningAll()
    .executeTakeFirstOrThrow();

/** Withdraws a practice's requests still unpaid (the practice went back to quotation); paid or pending ones stay. */
export const deleteUnpaidPracticePayments = (db: TDb, practiceId: string) =>
  db.deleteFrom('payments').where('practice_id', '=', practiceId).where('status', '=', 'notPaied').execute();

/** The latest payment request of each of the practices. */
export const findLatestPracticePayments = async (db: TDb, practiceIds: readonly string[]) => {
  if (practiceIds.length === 0) return [];
  return db
    .selectFrom('payments')
    .select(['id', 'practice_id', 'amount_cents', 'status', 'created_at'])
    .where('practice_id', 'in', [...practiceIds])
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
};

/** One payment (none: no such payment). */
export const findPayment = (db: TDb, id: string) => db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();

/** The payments, locked until the transaction ends, in id order (two declarations of the same ones queue up). */
export const lockPayments = (trx: TDb, ids: readonly string[]) =>
  trx.selectFrom('payments').selectAll().where('id', 'in', [...ids]).orderBy('id').forUpdate().execute();

export const updatePayments = (trx: TDb, ids: readonly string[], values: Updateable<PaymentsTable>) =>
  trx
    .updateTable('payments')
    .set({ ...values, updated_at: new Date() })
    .where('id', 'in', [...ids])
    .execute();

export const appendPaymentEvents = (trx: TDb, rows: { paymentId: string; kind: 'declared' | 'confirmed' | 'rejected'; actorId: string; impersonatorId: string | null; payload: object }[]) =>
  trx
    .insertInto('payment_events')
    .values(rows.map((row) => ({ payment_id: row.paymentId, kind: row.kind, actor_id: row.actorId, impersonator_id: row.impersonatorId, payload: JSON.stringify(row.payload) })))
    .execute();

/** A payment's changes, oldest first. */
export const listPaymentEvents = (db: TDb, paymentId: string) => db.selectFrom('payment_events').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute();

/** The admin's list: payments by state, corner and creation day (or one by id), newest first, and the totals by state. */
export const listAdminPayments = async (db: TDb, query: TAdminPaymentsQuery & { id?: string }) => {
  let filtered = db.selectFrom('payments');
  if (query.id) filtered = filtered.where('id', '=', query.id);
  if (query.cornerId) filtered = filtered.where('corner_id', '=', query.cornerId);
  if (query.from) filtered = filtered.where('created_at', '>=', new Date(`${query.from}T00:00:00Z`));
  if (query.to) filtered = filtered.where('created_at', '<', sql<Date>`${`${query.to}T00:00:00Z`}::timestamptz + interval '1 day'`);
  const byState = query.state ? filtered.where('status', '=', query.state) : filtered;
  const [rows, count, totals] = await Promise.all([
    byState
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    byState.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    filtered.select(['status', (eb) => eb.fn.sum<string>('amount_cents').as('cents')]).groupBy('status').execute(),
  ]);
  return { rows, total: Number(count.n), totals };
};

/** Whose payment it is (none: no such payment). */
export const findPaymentCorner = async (db: TDb, id: string) => (await db.selectFrom('payments').select('corner_id').where('id', '=', id).executeTakeFirst())?.corner_id ?? null;

/**
 * Overdue reminders, one batch in one statement: `notPaied` payments whose due day (in Italy) is before `today`,
 * reminded fewer than 3 times and not yet on `today`, get one more reminder counted; the rows come back to be told.
 * `skip locked`: a payment another instance is counting, or a declaration is changing, waits for the next run.
 */
export const claimOverdueReminders = (db: TDb, today: string, at: Date, limit: number) =>
  db
    .updateTable('payments')
    .set((eb) => ({ reminders_sent: eb('reminders_sent', '+', 1), last_reminded_at: at }))
    .where(
      'id',
      'in',
      db
        .selectFrom('payments')
        .select('id')
        .where('status', '=', 'notPaied')
        .where('reminders_sent', '<', 3)
        .where('due_date', 'is not', null)
        .where(sql<boolean>`(due_date at time zone 'Europe/Rome')::date < ${today}::date`)
        .where((eb) => eb.or([eb('last_reminded_at', 'is', null), sql<boolean>`(last_reminded_at at time zone 'Europe/Rome')::date < ${today}::date`]))
        .orderBy('due_date')
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'corner_id', 'description', 'amount_cents', 'due_date', 'reminders_sent'])
    .execute();
