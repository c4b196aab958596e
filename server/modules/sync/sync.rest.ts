import type { FastifyInstance } from 'fastify';

export const syncRest = async (app: FastifyInstance) => {
  app.get('/api/sync-login', async (request) => app.services.sync.syncLogin(request.ctx));
};
