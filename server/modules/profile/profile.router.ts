import { ZProfile, ZUpdateProfileRequest } from '../../../shared/schemas/profile';
import { authedProcedure, router } from '../../trpc/trpc';

export const profileRouter = router({
  get: authedProcedure.output(ZProfile).query(({ ctx }) => ctx.services.profile.get(ctx.ctx)),
  update: authedProcedure.input(ZUpdateProfileRequest).mutation(({ ctx, input }) => ctx.services.profile.update(ctx.ctx, input)),
});
