import type { TDb } from '../../db/database';

/** Owns: `payments`, `giftcards` (module payments; map in server/platform/table-ownership.unit.test.ts). */

/** A corner's payments, newest first. */
export const listPayments = (db: TDb, cornerId: string) => db.selectFrom('payments').selectAll().where('corner_id', '=', cornerId).orderBy('created_at', 'desc').execute();

/** A corner's gift cards, newest first. */
export const listGiftcards = (db: TDb, cornerId: string) => db.selectFrom('giftcards').selectAll().where('corner_id', '=', cornerId).orderBy('created_at', 'desc').execute();

/** A payment request raised by a practice (its premium), inside the practice's transaction. */
export const insertPracticePayment = (db: TDb, values: { cornerId: string; practiceId: string; description: string; amountCents: number; dueDate: Date | null }) =>
  db
    .insertInto('payments')
    .values({ corner_id: values.cornerId, practice_id: values.practiceId, description: values.description, amount_cents: values.amountCents, status: 'notPaied', due_date: values.dueDate })
    .returning(['id', 'amount_cents', 'status'])
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
