import type { TPaymentStatus } from '../../../shared/constants';
import { formatEuroCents } from '../../../shared/practices/quotation';
import { formatItalianDate } from '../../../shared/rules/client-record';
import { getDisplayName } from '../../../shared/rules/display-name';
import { todayInItaly } from '../../../shared/rules/italian-day';
import type { TFileItem } from '../../../shared/schemas/files';
import type { TPayment, TPayments } from '../../../shared/schemas/data';
import {
  PAYMENT_MSG,
  PAYMENT_PROOF_MIMES,
  PAYMENT_PROOF_SUBJECT,
  PAYMENT_REMINDER_MSG,
  type TAdminPayment,
  type TAdminPayments,
  type TAdminPaymentsQuery,
  type TCreatePaymentInput,
  type TDeclarePaymentsInput,
  type TRejectPaymentInput,
} from '../../../shared/schemas/payments';
import type { TDb } from '../../db/database';
import type { PaymentRow } from '../../db/types';
import type { TActor, TRequestContext } from '../../platform/context';
import { requireAdmin, requireRole } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { TModuleJob } from '../../platform/module';
import { findUserCards } from '../auth/users.repository';
import { filePath, idOfPath } from '../files/files.model';
import type { TFilesService } from '../files/files.service';
import type { TNotificationsService } from '../notifications/notifications.service';
import type { TSettingsService } from '../settings/settings.service';
import * as repo from './payments.repository';

const PAYMENTS_LINK = '/pagamenti';
const ADMIN_PAYMENTS_LINK = '/admin/pagamenti';

// ---- Overdue payments: the flag on the corner's list and the daily reminders (at most three, one a day). ----

/** Still to pay after its due day, both days taken in Italy (on the due day itself it is not overdue yet). */
const isOverdue = (row: Pick<PaymentRow, 'status' | 'due_date'>, now = new Date()): boolean =>
  row.status === 'notPaied' && row.due_date !== null && todayInItaly(new Date(row.due_date)) < todayInItaly(now);

/** The daily job reminding corners of their overdue payments. */
export const OVERDUE_REMINDERS_JOB = 'payments.overdue-reminders';
const REMINDER_BATCH = 200;

/**
 * Reminds each corner of its overdue `notPaied` payments, once a day and at most three times each: every batch is
 * counted in one statement (so two instances, or two runs the same day, never count one twice), then told through a
 * `new_payment` notification. A notification that fails is logged, and its reminder stays counted: a reminder is
 * sent at most once, never twice.
 */
const remindOverdue = async (
  { db, logger }: Pick<TServiceDeps, 'db' | 'logger'>,
  notifications: TNotificationsService,
  options: { now?: Date } = {},
): Promise<{ reminded: number }> => {
  const now = options.now ?? new Date();
  const today = todayInItaly(now);
  let reminded = 0;
  for (;;) {
    const rows = await repo.claimOverdueReminders(db, today, now, REMINDER_BATCH);
    for (const row of rows) {
      const text = PAYMENT_REMINDER_MSG.text(row.description, formatEuroCents(Number(row.amount_cents)), formatItalianDate(todayInItaly(new Date(row.due_date!))));
      await notifications
        .notify('new_payment', [row.corner_id], { title: PAYMENT_REMINDER_MSG.title, text, link: PAYMENTS_LINK, textLink: PAYMENT_MSG.openPayments })
        .then(() => (reminded += 1))
        .catch((error: unknown) => logger.warn({ err: error, paymentId: row.id }, 'promemoria di pagamento scaduto non inviato'));
    }
    if (rows.length < REMINDER_BATCH) return { reminded };
  }
};

/** The module's job: the reminders every day at 09:00 (server time). */
export const overdueRemindersJob = (payments: Pick<TPaymentsService, 'remindOverdue'>): TModuleJob => ({
  name: OVERDUE_REMINDERS_JOB,
  handler: async () => void (await payments.remindOverdue()),
  options: { maxAttempts: 3 },
  schedule: { dailyAt: '09:00' },
});

// ---- end of the overdue payments block ----

const toPayment = (row: PaymentRow): TPayment => ({
  id: row.id,
  description: row.description,
  amount: Number(row.amount_cents),
  status: row.status as TPaymentStatus,
  dueDate: row.due_date,
  createdAt: row.created_at,
  paidAt: row.paid_at,
  declaredAt: row.declared_at,
  proofUrl: row.proof_file_id ? filePath(row.proof_file_id) : null,
  rejectedReason: row.status === 'notPaied' ? row.rejected_reason : null,
  practiceId: row.practice_id,
  overdue: isOverdue(row),
});

const notFound = () => new AppError('NOT_FOUND', { userMessage: PAYMENT_MSG.notFound });
const proofRefused = (message: string) => new AppError('VALIDATION', { userMessage: message, fields: { file0: [message] } });

export type TPaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * A corner's payments (the premiums it collected and owes) and gift cards; how to pay comes from the settings. Each
 * change of state locks its rows, checks the state on them, writes the change and its history in one transaction,
 * then tells the people it concerns (`new_payment` to the admins, `ne_payment_confirm` to the corner).
 */
export const createPaymentsService = (
  { db, logger }: TServiceDeps,
  { settings, files, notifications }: { settings: TSettingsService; files: TFilesService; notifications: TNotificationsService },
) => {
  // A corner's proofs: the corner reads and adds its own; admins read them all.
  files.registerSubject(PAYMENT_PROOF_SUBJECT, {
    canRead: async (actor, id) => actor.role === 'admin' || actor.userId === id,
    canWrite: async (actor, id) => actor.role === 'corner' && actor.userId === id,
  });

  /** Payments of one corner grouped by status, with totals in cents and how to pay. */
  const summarize = async (cornerId: string): Promise<Omit<TPayments, 'giftcards'>> => {
    const [rows, paymentDetails] = await Promise.all([repo.listPayments(db, cornerId), settings.getPaymentDetails()]);
    const list: TPayments['list'] = { notPaied: [], paied: [], pending: [] };
    for (const row of rows) list[row.status as TPaymentStatus].push(toPayment(row));
    const sum = (items: TPayment[]) => items.reduce((total, item) => total + item.amount, 0);
    return {
      details: { totalNotPaied: sum(list.notPaied), totalPending: sum(list.pending), totalPaied: sum(list.paied), ...paymentDetails },
      list,
    };
  };

  const tell = (work: () => Promise<unknown>) => work().catch((error: unknown) => logger.warn({ err: error }, 'notifica di pagamento non inviata'));

  /**
   * The corner declares `paymentIds` paid with one proof (a file of its `paymentProof` subject): each must be its
   * own (another's answers like a missing one) and `notPaied`, checked on the locked rows; all move together or none.
   */
  const declareWith = async (actor: TActor, paymentIds: readonly string[], proof: { id: string; mime: string }) => {
    if (!(PAYMENT_PROOF_MIMES as readonly string[]).includes(proof.mime)) throw proofRefused(PAYMENT_MSG.proofType);
    const declared = await db.transaction().execute(async (trx) => {
      const rows = await repo.lockPayments(trx, paymentIds);
      if (rows.length !== paymentIds.length || rows.some((row) => row.corner_id !== actor.userId)) throw notFound();
      const blocked = rows.find((row) => row.status !== 'notPaied');
      if (blocked) throw new AppError('CONFLICT', { userMessage: PAYMENT_MSG.notDeclarable(blocked.description) });
      const at = new Date();
      await repo.updatePayments(trx, paymentIds, { status: 'pending', declared_at: at, declared_by: actor.userId, proof_file_id: proof.id, rejected_at: null, rejected_reason: null });
      await repo.appendPaymentEvents(
        trx,
        rows.map((row) => ({ paymentId: row.id, kind: 'declared', actorId: actor.userId, impersonatorId: actor.impersonatorId, payload: { proof: filePath(proof.id), with: paymentIds } })),
      );
      return rows;
    });
    const total = declared.reduce((sum, row) => sum + Number(row.amount_cents), 0);
    const [corner] = await findUserCards(db, [actor.userId]);
    await tell(() =>
      notifications.notify('new_payment', { role: 'admin' }, {
        title: PAYMENT_MSG.declaredTitle,
        text: PAYMENT_MSG.declaredText(corner ? getDisplayName(corner) : '', declared.length, formatEuroCents(total)),
        link: ADMIN_PAYMENTS_LINK,
        textLink: PAYMENT_MSG.openPayments,
      }),
    );
    return { message: PAYMENT_MSG.declared(declared.length), ...(await summarize(actor.userId)) };
  };

  /** The admin's decision on a pending payment, on its locked row. */
  const decide = async (ctx: TRequestContext, id: string, decision: { kind: 'confirmed' } | { kind: 'rejected'; reason: string }) => {
    const actor = requireAdmin(ctx);
    const row = await db.transaction().execute(async (trx) => {
      const [locked] = await repo.lockPayments(trx, [id]);
      if (!locked) throw notFound();
      if (locked.status !== 'pending') throw new AppError('CONFLICT', { userMessage: PAYMENT_MSG.notPending(locked.description) });
      const at = new Date();
      await repo.updatePayments(
        trx,
        [id],
        decision.kind === 'confirmed'
          ? { status: 'paied', paid_at: at, confirmed_by: actor.userId }
          : { status: 'notPaied', rejected_at: at, rejected_reason: decision.reason },
      );
      await repo.appendPaymentEvents(trx, [
        { paymentId: id, kind: decision.kind, actorId: actor.userId, impersonatorId: actor.impersonatorId, payload: decision.kind === 'rejected' ? { reason: decision.reason } : {} },
      ]);
      return locked;
    });
    await tell(() =>
      notifications.notify('ne_payment_confirm', [row.corner_id], {
        title: decision.kind === 'confirmed' ? PAYMENT_MSG.confirmedTitle : PAYMENT_MSG.rejectedTitle,
        text: decision.kind === 'confirmed' ? PAYMENT_MSG.confirmedText(row.description) : PAYMENT_MSG.rejectedText(row.description, decision.reason),
        link: PAYMENTS_LINK,
        textLink: PAYMENT_MSG.openPayments,
      }),
    );
    return { message: decision.kind === 'confirmed' ? PAYMENT_MSG.confirmed : PAYMENT_MSG.rejected, payment: await adminPayment(id) };
  };

  /** The admin's rows with the corners' names. */
  const toAdminPayments = async (rows: PaymentRow[]): Promise<TAdminPayment[]> => {
    const names = new Map((await findUserCards(db, [...new Set(rows.map((row) => row.corner_id))])).map((user) => [user.id, getDisplayName(user)] as const));
    return rows.map((row) => toAdminPayment(row, names.get(row.corner_id) ?? ''));
  };
  const adminPayment = async (id: string): Promise<TAdminPayment> => {
    const { rows } = await repo.listAdminPayments(db, { page: 1, limit: 1, id });
    if (!rows[0]) throw notFound();
    return (await toAdminPayments(rows))[0]!;
  };

  return {
    summarize,

    /** The overdue reminders of today in Italy (`now` for tests); the daily job calls it. */
    remindOverdue: (options: { now?: Date } = {}) => remindOverdue({ db, logger }, notifications, options),

    /** A `notPaied` request of the practice's premium in the corner's payments, inside the practice's transaction. */
    requestForPractice: async (trx: TDb, values: { cornerId: string; practiceId: string; description: string; amountCents: number; dueDate: Date | null }) => {
      const row = await repo.insertPracticePayment(trx, values);
      return { id: row.id, amountCents: Number(row.amount_cents), status: row.status as TPaymentStatus };
    },

    /** Withdraws the practice's unpaid requests (paid and pending ones stay), inside the practice's transaction. */
    withdrawForPractice: async (trx: TDb, practiceId: string) => {
      await repo.deleteUnpaidPracticePayments(trx, practiceId);
    },

    /** Delivers a gift card to a corner (a payout paid by gift card), inside the payout's transaction; answers its id. */
    deliverGiftcard: async (trx: TDb, values: { cornerId: string; name: string; amountCents: number; code: string }): Promise<string> => (await repo.insertGiftcard(trx, values)).id,

    /** The codes of delivered gift cards, by card id. */
    giftcardCodes: async (ids: readonly string[]): Promise<Map<string, string>> => new Map((await repo.giftcardCodes(db, ids)).map((row) => [row.id, row.code] as const)),

    /** The latest payment request of each practice, by practice id. */
    ofPractices: async (practiceIds: readonly string[]): Promise<Map<string, { id: string; amountCents: number; status: TPaymentStatus }>> => {
      const rows = await repo.findLatestPracticePayments(db, practiceIds);
      return new Map(rows.map((row) => [row.practice_id!, { id: row.id, amountCents: Number(row.amount_cents), status: row.status as TPaymentStatus }] as const));
    },

    /** GET /api/payments: the caller's payments, totals and gift cards (corners and admins). */
    get: async (ctx: TRequestContext): Promise<TPayments> => {
      const actor = requireRole(ctx, ['admin', 'corner']);
      const [summary, giftcards] = await Promise.all([summarize(actor.userId), repo.listGiftcards(db, actor.userId)]);
      return {
        ...summary,
        giftcards: giftcards.map((row) => ({ id: row.id, name: row.name, amount: Number(row.amount_cents), code: row.code, createdAt: row.created_at })),
      };
    },

    /**
     * `POST /api/payments/declare` (multipart): the proof just uploaded (`file0`, exactly one) and the payments it
     * pays; a refused declaration removes the proof it brought.
     */
    declareUploaded: async (ctx: TRequestContext, paymentIds: readonly string[], stored: TFileItem[]) => {
      const actor = requireRole(ctx, ['corner']);
      const discard = () => Promise.all(stored.map((item) => files.delete(ctx, { path: item.path }).catch(() => undefined)));
      try {
        if (stored.length !== 1) throw proofRefused(PAYMENT_MSG.proofOne);
        return await declareWith(actor, paymentIds, { id: idOfPath(stored[0]!.path), mime: stored[0]!.mime });
      } catch (error) {
        await discard();
        throw error;
      }
    },

    /** tRPC `payments.declare`: the proof uploaded before to the corner's `paymentProof` subject. */
    declare: async (ctx: TRequestContext, input: TDeclarePaymentsInput) => {
      const actor = requireRole(ctx, ['corner']);
      const proof = (await files.subjectRows(PAYMENT_PROOF_SUBJECT, actor.userId)).find((row) => row.id === input.proofFileId);
      if (!proof) throw new AppError('VALIDATION', { userMessage: PAYMENT_MSG.proofMissing, fields: { proofFileId: [PAYMENT_MSG.proofMissing] } });
      return declareWith(actor, input.paymentIds, { id: proof.id, mime: proof.mime });
    },

    /**
     * `POST /api/admin/payments`: a fee or a correction the admin asks of a corner (an active or pending corner;
     * anyone else answers like a missing one), due on the day given; the corner is told (`new_payment`).
     */
    create: async (ctx: TRequestContext, input: TCreatePaymentInput) => {
      requireAdmin(ctx);
      const [corner] = await findUserCards(db, [input.cornerId]);
      if (!corner || corner.role !== 'corner' || corner.state === 'inactive') {
        throw new AppError('NOT_FOUND', { userMessage: PAYMENT_MSG.cornerInvalid, fields: { cornerId: [PAYMENT_MSG.cornerInvalid] } });
      }
      const row = await repo.insertManualPayment(db, { cornerId: corner.id, description: input.description, amountCents: input.amountCents, dueDate: new Date(`${input.dueDate}T12:00:00Z`) });
      await tell(() =>
        notifications.notify('new_payment', [corner.id], {
          title: PAYMENT_MSG.newTitle,
          text: PAYMENT_MSG.newText(row.description, formatEuroCents(Number(row.amount_cents))),
          link: PAYMENTS_LINK,
          textLink: PAYMENT_MSG.openPayments,
        }),
      );
      return { message: PAYMENT_MSG.created, payment: await adminPayment(row.id) };
    },

    /** The admin confirms a pending payment: it is paid. */
    confirm: (ctx: TRequestContext, id: string) => decide(ctx, id, { kind: 'confirmed' }),
    /** The admin rejects a pending payment's proof, with the reason the corner sees: it is to pay again. */
    reject: (ctx: TRequestContext, input: TRejectPaymentInput) => decide(ctx, input.id, { kind: 'rejected', reason: input.reason }),

    /** `GET /api/admin/payments`: every corner's payments by state, corner and day, with the totals by state. */
    adminList: async (ctx: TRequestContext, query: TAdminPaymentsQuery): Promise<TAdminPayments> => {
      requireAdmin(ctx);
      const { rows, total, totals } = await repo.listAdminPayments(db, query);
      const byState = { notPaied: 0, pending: 0, paied: 0 };
      for (const row of totals) byState[row.status as TPaymentStatus] = Number(row.cents ?? 0);
      return { list: await toAdminPayments(rows), total, totals: byState };
    },

    /** `GET /api/payments/:id`: one payment as the admin sees it (the admin: any; the corner: its own, another's answers like a missing one). */
    getById: async (ctx: TRequestContext, id: string): Promise<TAdminPayment> => {
      const actor = requireRole(ctx, ['admin', 'corner']);
      const row = await repo.findPayment(db, id);
      if (!row || (actor.role !== 'admin' && row.corner_id !== actor.userId)) throw notFound();
      return (await toAdminPayments([row]))[0]!;
    },

    /** A payment's changes, oldest first (the admin; the corner for its own). */
    history: async (ctx: TRequestContext, id: string) => {
      const actor = requireRole(ctx, ['admin', 'corner']);
      const cornerId = await repo.findPaymentCorner(db, id);
      if (!cornerId || (actor.role !== 'admin' && cornerId !== actor.userId)) throw notFound();
      return (await repo.listPaymentEvents(db, id)).map((event) => ({ kind: event.kind, actorId: event.actor_id, payload: event.payload as Record<string, unknown>, createdAt: event.created_at }));
    },
  };
};

const toAdminPayment = (row: PaymentRow, cornerName: string): TAdminPayment => ({
  id: row.id,
  cornerId: row.corner_id,
  cornerName,
  description: row.description,
  amount: Number(row.amount_cents),
  status: row.status as TPaymentStatus,
  dueDate: row.due_date,
  createdAt: row.created_at,
  declaredAt: row.declared_at,
  proofUrl: row.proof_file_id ? filePath(row.proof_file_id) : null,
  paidAt: row.paid_at,
  rejectedReason: row.status === 'notPaied' ? row.rejected_reason : null,
  practiceId: row.practice_id,
});
