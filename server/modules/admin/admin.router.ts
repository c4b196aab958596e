import { ZCreateUserRequest, ZCreateUserResponse } from '../../../shared/schemas/auth';
import { adminProcedure, router } from '../../trpc/trpc';

export const adminRouter = router({
  users: router({
    create: adminProcedure.input(ZCreateUserRequest).output(ZCreateUserResponse).mutation(({ ctx, input }) => ctx.services.admin.createUser(ctx.ctx, input)),
  }),
});
