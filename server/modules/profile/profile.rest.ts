import type { FastifyInstance } from 'fastify';
import { ZUpdateProfileRequest } from '../../../shared/schemas/profile';
import { parseInput } from '../../platform/validate';

export const profileRest = async (app: FastifyInstance) => {
  app.get('/api/profile', async (request) => app.services.profile.get(request.ctx));
  app.patch('/api/profile', async (request) => app.services.profile.update(request.ctx, parseInput(ZUpdateProfileRequest, request.body)));
};
