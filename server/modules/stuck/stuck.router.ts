import { ZPractice, ZPracticeIdInput } from '../../../shared/schemas/practices';
import { ZAssignPracticeRequest, ZStuckPage, ZStuckQuery, ZStuckThresholds } from '../../../shared/schemas/stuck';
import { authedProcedure, router } from '../../trpc/trpc';

/** `stuck.*`: the stuck-work board (the service decides who sees what and refuses the rest). */
export const stuckRouter = router({
  list: authedProcedure
    .input(ZStuckQuery)
    .output(ZStuckPage)
    .query(({ ctx, input }) => ctx.services.stuck.list(ctx.ctx, input)),
  assign: authedProcedure
    .input(ZPracticeIdInput.extend(ZAssignPracticeRequest.shape))
    .output(ZPractice)
    .mutation(({ ctx, input: { sector, id, brokerId } }) => ctx.services.stuck.assign(ctx.ctx, sector, id, { brokerId })),
  thresholds: authedProcedure.output(ZStuckThresholds).query(({ ctx }) => ctx.services.stuck.getThresholds(ctx.ctx)),
  setThresholds: authedProcedure
    .input(ZStuckThresholds)
    .output(ZStuckThresholds)
    .mutation(({ ctx, input }) => ctx.services.stuck.setThresholds(ctx.ctx, input)),
});
