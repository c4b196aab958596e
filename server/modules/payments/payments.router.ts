import { ZPayments } from '../../../shared/schemas/data';
import { authedProcedure, router } from '../../trpc/trpc';

export const paymentsRouter = router({
  get: authedProcedure.output(ZPayments).query(({ ctx }) => ctx.services.payments.get(ctx.ctx)),
});
