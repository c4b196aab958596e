import { ZCreateUserRequest, ZCreateUserResponse, ZListUsersQuery, ZSetUserStateRequest, ZSetUserStateResponse, ZUserList } from '../../../shared/schemas/auth';
import { ZOneTimeMessageRequest, ZOneTimeMessageResponse } from '../../../shared/schemas/notifications';
import { adminProcedure, router } from '../../trpc/trpc';

export const adminRouter = router({
  users: router({
    find: adminProcedure.input(ZListUsersQuery).output(ZUserList).query(({ ctx, input }) => ctx.services.admin.listUsers(ctx.ctx, input)),
    create: adminProcedure.input(ZCreateUserRequest).output(ZCreateUserResponse).mutation(({ ctx, input }) => ctx.services.admin.createUser(ctx.ctx, input)),
    setState: adminProcedure.input(ZSetUserStateRequest).output(ZSetUserStateResponse).mutation(({ ctx, input }) => ctx.services.admin.setUserState(ctx.ctx, input)),
  }),
  onetimeMessage: adminProcedure
    .input(ZOneTimeMessageRequest)
    .output(ZOneTimeMessageResponse)
    .mutation(({ ctx, input }) => ctx.services.admin.sendOneTimeMessage(ctx.ctx, input)),
});
