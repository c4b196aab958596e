import { z } from 'zod';
import { ZPayments } from '../../../shared/schemas/data';
import { ZAdminPayment, ZAdminPayments, ZAdminPaymentsQuery, ZCreatePaymentInput, ZDeclarePaymentsInput, ZPaymentIdInput, ZRejectPaymentInput } from '../../../shared/schemas/payments';
import { adminProcedure, authedProcedure, router } from '../../trpc/trpc';

const ZDecision = z.object({ message: z.string(), payment: ZAdminPayment });

/** `payments.*`: the caller's payments, their declaration with a proof; the admin's list, confirmation and rejection. */
export const paymentsRouter = router({
  get: authedProcedure.output(ZPayments).query(({ ctx }) => ctx.services.payments.get(ctx.ctx)),
  declare: authedProcedure
    .input(ZDeclarePaymentsInput)
    .output(ZPayments.omit({ giftcards: true }).extend({ message: z.string() }))
    .mutation(({ ctx, input }) => ctx.services.payments.declare(ctx.ctx, input)),
  history: authedProcedure
    .input(ZPaymentIdInput)
    .output(z.array(z.object({ kind: z.string(), actorId: z.string(), payload: z.record(z.string(), z.unknown()), createdAt: z.date() })))
    .query(({ ctx, input }) => ctx.services.payments.history(ctx.ctx, input.id)),
  admin: router({
    list: adminProcedure.input(ZAdminPaymentsQuery).output(ZAdminPayments).query(({ ctx, input }) => ctx.services.payments.adminList(ctx.ctx, input)),
    create: adminProcedure.input(ZCreatePaymentInput).output(ZDecision).mutation(({ ctx, input }) => ctx.services.payments.create(ctx.ctx, input)),
    confirm: adminProcedure.input(ZPaymentIdInput).output(ZDecision).mutation(({ ctx, input }) => ctx.services.payments.confirm(ctx.ctx, input.id)),
    reject: adminProcedure.input(ZRejectPaymentInput).output(ZDecision).mutation(({ ctx, input }) => ctx.services.payments.reject(ctx.ctx, input)),
  }),
});
