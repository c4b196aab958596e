import type { FastifyInstance } from 'fastify';

export const paymentsRest = async (app: FastifyInstance) => {
  app.get('/api/payments', async (request) => app.services.payments.get(request.ctx));
};
