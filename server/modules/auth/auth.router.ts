import { TRPCError } from '@trpc/server';
import {
  ZLoginAsRequest,
  ZLoginAsResponse,
  ZLoginRequest,
  ZRecoverPasswordRequest,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZSessionUser,
  ZTokenRequest,
  ZUpdatePasswordRequest,
} from '../../../shared/schemas/auth';
import { ZMessageResponse } from '../../../shared/schemas/common';
import { adminProcedure, authedProcedure, publicProcedure, router } from '../../trpc/trpc';

const httpOnly = (cookies: unknown) => {
  if (!cookies) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Operazione disponibile solo via HTTP.' });
};

export const authRouter = router({
  me: authedProcedure.output(ZSessionUser).query(({ ctx }) => ctx.services.auth.me(ctx.ctx)),
  login: publicProcedure
    .input(ZLoginRequest)
    .output(ZSessionUser)
    .mutation(async ({ ctx, input }) => {
      httpOnly(ctx.cookies);
      const { user, token } = await ctx.services.auth.login(ctx.ctx, input);
      ctx.cookies!.set(token);
      return user;
    }),
  logout: publicProcedure.output(ZMessageResponse).mutation(async ({ ctx }) => {
    const result = await ctx.services.auth.logout(ctx.ctx);
    if (ctx.ctx.actor?.via !== 'bearer') ctx.cookies?.clear();
    return result;
  }),
  register: publicProcedure
    .input(ZRegisterRequest)
    .output(ZMessageResponse)
    .mutation(async ({ ctx, input }) => ({ message: (await ctx.services.auth.register(ctx.ctx, input)).message })),
  verifyEmail: publicProcedure.input(ZTokenRequest).output(ZMessageResponse).mutation(({ ctx, input }) => ctx.services.auth.verifyEmail(input)),
  recoverPassword: publicProcedure
    .input(ZRecoverPasswordRequest)
    .output(ZMessageResponse)
    .mutation(({ ctx, input }) => ctx.services.auth.recoverPassword(ctx.ctx, input)),
  resetPassword: publicProcedure.input(ZResetPasswordRequest).output(ZMessageResponse).mutation(({ ctx, input }) => ctx.services.auth.resetPassword(input)),
  updatePassword: authedProcedure
    .input(ZUpdatePasswordRequest)
    .output(ZMessageResponse)
    .mutation(({ ctx, input }) => ctx.services.auth.updatePassword(ctx.ctx, input)),
  loginAs: adminProcedure.input(ZLoginAsRequest).output(ZLoginAsResponse).mutation(({ ctx, input }) => ctx.services.auth.loginAs(ctx.ctx, input)),
});
