import type { FastifyInstance } from 'fastify';
import {
  ZLoginAsRequest,
  ZLoginRequest,
  ZRecoverPasswordRequest,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZTokenRequest,
  ZUpdatePasswordRequest,
} from '../../../shared/schemas/auth';
import { clearSessionCookie, setSessionCookie } from '../../platform/http-context';
import { sendCreated } from '../../platform/rest-conventions';
import { parseInput } from '../../platform/validate';

/** Literal /api/auth/* paths of spec section 7 over the auth service. */
export const authRest = async (app: FastifyInstance) => {
  const { auth } = app.services;

  app.get('/api/auth/me', async (request) => auth.me(request.ctx));

  app.post('/api/auth/login', async (request, reply) => {
    const { user, token } = await auth.login(request.ctx, parseInput(ZLoginRequest, request.body));
    setSessionCookie(request, reply, token);
    return user;
  });

  app.post('/api/auth/logout', async (request, reply) => {
    const result = await auth.logout(request.ctx);
    // A bearer logout ends impersonation only: the admin's own cookie session stays.
    if (request.ctx.actor?.via !== 'bearer') clearSessionCookie(request, reply);
    return result;
  });

  // The new account's path is where admins read it (the body stays the message of spec section 7).
  app.post('/api/auth/register', async (request, reply) => {
    const { message, userId } = await auth.register(request.ctx, parseInput(ZRegisterRequest, request.body));
    return sendCreated(reply, `/api/admin/users/${userId}`, { message });
  });

  app.post('/api/auth/verify-email', async (request) => auth.verifyEmail(parseInput(ZTokenRequest, request.body)));

  app.post('/api/auth/recover-password', async (request) =>
    auth.recoverPassword(request.ctx, parseInput(ZRecoverPasswordRequest, request.body)),
  );

  app.post('/api/auth/reset-password', async (request) => auth.resetPassword(parseInput(ZResetPasswordRequest, request.body)));

  app.post('/api/auth/update-password', async (request) =>
    auth.updatePassword(request.ctx, parseInput(ZUpdatePasswordRequest, request.body)),
  );

  app.post('/api/admin/auth/login-as', async (request) => auth.loginAs(request.ctx, parseInput(ZLoginAsRequest, request.body)));
};
