import type { TPaymentStatus } from '../../../shared/constants';
import type { TPayment, TPayments } from '../../../shared/schemas/data';
import type { TDb } from '../../db/database';
import type { PaymentRow } from '../../db/types';
import type { TRequestContext } from '../../platform/context';
import { requireRole } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import type { TSettingsService } from '../settings/settings.service';
import * as repo from './payments.repository';

const toPayment = (row: PaymentRow): TPayment => ({
  id: row.id,
  description: row.description,
  amount: Number(row.amount_cents),
  status: row.status as TPaymentStatus,
  dueDate: row.due_date,
  createdAt: row.created_at,
  paidAt: row.paid_at,
});

export type TPaymentsService = ReturnType<typeof createPaymentsService>;

export const createPaymentsService = ({ db }: TServiceDeps, settings: TSettingsService) => {
  /** Payments of one corner grouped by status, with totals in cents and how to pay. */
  const summarize = async (cornerId: string): Promise<Omit<TPayments, 'giftcards'>> => {
    const [rows, paymentDetails] = await Promise.all([
      repo.listPayments(db, cornerId),
      settings.getPaymentDetails(),
    ]);
    const list: TPayments['list'] = { notPaied: [], paied: [], pending: [] };
    for (const row of rows) list[row.status as TPaymentStatus].push(toPayment(row));
    const sum = (items: TPayment[]) => items.reduce((total, item) => total + item.amount, 0);
    return {
      details: { totalNotPaied: sum(list.notPaied), totalPending: sum(list.pending), totalPaied: sum(list.paied), ...paymentDetails },
      list,
    };
  };

  return {
    summarize,

    /** A `notPaied` request of the practice's premium in the corner's payments, inside the practice's transaction. */
    requestForPractice: async (trx: TDb, values: { cornerId: string; practiceId: string; description: string; amountCents: number; dueDate: Date | null }) => {
      const row = await repo.insertPracticePayment(trx, values);
      return { id: row.id, amountCents: Number(row.amount_cents), status: row.status as TPaymentStatus };
    },

    /** Withdraws the practice's unpaid requests (paid and pending ones stay), inside the practice's transaction. */
    withdrawForPractice: async (trx: TDb, practiceId: string) => {
      await repo.deleteUnpaidPracticePayments(trx, practiceId);
    },

    /** The latest payment request of each practice, by practice id. */
    ofPractices: async (practiceIds: readonly string[]): Promise<Map<string, { id: string; amountCents: number; status: TPaymentStatus }>> => {
      const rows = await repo.findLatestPracticePayments(db, practiceIds);
      return new Map(rows.map((row) => [row.practice_id!, { id: row.id, amountCents: Number(row.amount_cents), status: row.status as TPaymentStatus }] as const));
    },

    /** GET /api/payments: the caller's payments, totals and gift cards (corners and admins). */
    get: async (ctx: TRequestContext): Promise<TPayments> => {
      const actor = requireRole(ctx, ['admin', 'corner']);
      const [summary, giftcards] = await Promise.all([
        summarize(actor.userId),
        repo.listGiftcards(db, actor.userId),
      ]);
      return {
        ...summary,
        giftcards: giftcards.map((row) => ({ id: row.id, name: row.name, amount: Number(row.amount_cents), code: row.code, createdAt: row.created_at })),
      };
    },
  };
};
