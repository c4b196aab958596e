import { ZRunRenewalsResult } from '../../../../shared/schemas/practice-renewals';
import { adminProcedure, router } from '../../../trpc/trpc';

/** `practices.renewals.*`: the daily renewal pass, run now by an admin (it also runs every day as a job). */
export const practiceRenewalsRouter = router({
  run: adminProcedure.output(ZRunRenewalsResult).mutation(({ ctx }) => ctx.services.practices.renewals.runNow(ctx.ctx)),
});
