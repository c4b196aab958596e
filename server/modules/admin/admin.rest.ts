import type { FastifyInstance } from 'fastify';
import { ZCreateUserRequest, ZListUsersQuery, ZSetUserStateRequest } from '../../../shared/schemas/auth';
import { ZOneTimeMessageRequest } from '../../../shared/schemas/notifications';
import { ZAdminDeleteUserBody, ZAdminUpdateUserBody, ZAdminUserId } from '../../../shared/schemas/admin-users';
import { parseInput } from '../../platform/validate';
import { sendCreated, withTotalCount } from '../../platform/rest-conventions';

export const adminRest = async (app: FastifyInstance) => {
  app.get('/api/admin/users', async (request, reply) => {
    return withTotalCount(reply, await app.services.admin.listUsers(request.ctx, parseInput(ZListUsersQuery, request.query))).list;
  });

  app.post('/api/admin/users', async (request, reply) => {
    const created = await app.services.admin.createUser(request.ctx, parseInput(ZCreateUserRequest, request.body));
    return sendCreated(reply, `/api/admin/users/${created.id}`, created);
  });

  app.post('/api/admin/users/state', async (request) => app.services.admin.setUserState(request.ctx, parseInput(ZSetUserStateRequest, request.body)));

  const userIdOf = (params: unknown) => parseInput(ZAdminUserId, { userId: (params as { id?: unknown }).id }).userId;

  app.get('/api/admin/users/:id', async (request) => app.services.admin.getUser(request.ctx, userIdOf(request.params)));

  app.patch('/api/admin/users/:id', async (request) =>
    app.services.admin.updateUser(request.ctx, userIdOf(request.params), parseInput(ZAdminUpdateUserBody, request.body ?? {})),
  );

  // Deletion with the retention rules (admin-users-delete.ts); the body `{reason}` is optional.
  app.delete('/api/admin/users/:id', async (request) =>
    app.services.admin.deleteUser(request.ctx, userIdOf(request.params), parseInput(ZAdminDeleteUserBody, request.body ?? {})),
  );

  app.post('/api/admin/users/:id/invite', async (request) => app.services.admin.resendInvite(request.ctx, userIdOf(request.params)));

  app.post('/api/admin/users/:id/password-reset', async (request) => app.services.admin.sendPasswordReset(request.ctx, userIdOf(request.params)));

  app.post('/api/admin/onetime-message', async (request) =>
    app.services.admin.sendOneTimeMessage(request.ctx, parseInput(ZOneTimeMessageRequest, request.body)),
  );
};
