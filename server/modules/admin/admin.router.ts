import { ZCreateUserRequest, ZCreateUserResponse, ZListUsersQuery, ZSetUserStateRequest, ZSetUserStateResponse, ZUserList } from '../../../shared/schemas/auth';
import { ZOneTimeMessageRequest, ZOneTimeMessageResponse } from '../../../shared/schemas/notifications';
import { ZAdminDeleteUserRequest, ZAdminDeleteUserResponse, ZAdminMessage, ZAdminUpdateUserRequest, ZAdminUserDetail, ZAdminUserId } from '../../../shared/schemas/admin-users';
import { adminProcedure, router } from '../../trpc/trpc';

export const adminRouter = router({
  users: router({
    find: adminProcedure.input(ZListUsersQuery).output(ZUserList).query(({ ctx, input }) => ctx.services.admin.listUsers(ctx.ctx, input)),
    create: adminProcedure.input(ZCreateUserRequest).output(ZCreateUserResponse).mutation(({ ctx, input }) => ctx.services.admin.createUser(ctx.ctx, input)),
    setState: adminProcedure.input(ZSetUserStateRequest).output(ZSetUserStateResponse).mutation(({ ctx, input }) => ctx.services.admin.setUserState(ctx.ctx, input)),
    get: adminProcedure.input(ZAdminUserId).output(ZAdminUserDetail).query(({ ctx, input }) => ctx.services.admin.getUser(ctx.ctx, input.userId)),
    update: adminProcedure
      .input(ZAdminUpdateUserRequest)
      .output(ZAdminUserDetail)
      .mutation(({ ctx, input: { userId, ...body } }) => ctx.services.admin.updateUser(ctx.ctx, userId, body)),
    delete: adminProcedure
      .input(ZAdminDeleteUserRequest)
      .output(ZAdminDeleteUserResponse)
      .mutation(({ ctx, input: { userId, ...body } }) => ctx.services.admin.deleteUser(ctx.ctx, userId, body)),
    invite: adminProcedure.input(ZAdminUserId).output(ZAdminMessage).mutation(({ ctx, input }) => ctx.services.admin.resendInvite(ctx.ctx, input.userId)),
    passwordReset: adminProcedure.input(ZAdminUserId).output(ZAdminMessage).mutation(({ ctx, input }) => ctx.services.admin.sendPasswordReset(ctx.ctx, input.userId)),
  }),
  onetimeMessage: adminProcedure
    .input(ZOneTimeMessageRequest)
    .output(ZOneTimeMessageResponse)
    .mutation(({ ctx, input }) => ctx.services.admin.sendOneTimeMessage(ctx.ctx, input)),
});
