import type { FastifyInstance } from 'fastify';
import type { TPublicConfig } from '../../../shared/schemas/config';

/** GET /api/public-config: installation facts the client shows before sign-in (support address). */
export const configRest = async (app: FastifyInstance) => {
  app.get('/api/public-config', async (): Promise<TPublicConfig> => app.services.config.getPublic());
};
