import type { FastifyInstance } from 'fastify';
import { ZCreateUserRequest } from '../../../shared/schemas/auth';
import { parseInput } from '../../platform/validate';

export const adminRest = async (app: FastifyInstance) => {
  app.post('/api/admin/users', async (request, reply) => {
    reply.code(201);
    return app.services.admin.createUser(request.ctx, parseInput(ZCreateUserRequest, request.body));
  });
};
