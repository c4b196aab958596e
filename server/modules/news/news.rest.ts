import type { FastifyInstance } from 'fastify';

export const newsRest = async (app: FastifyInstance) => {
  app.get('/api/news', async (request) => app.services.news.list(request.ctx));
};
