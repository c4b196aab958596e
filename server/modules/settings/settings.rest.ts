import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../platform/validate';

const ZAdminSettingsQuery = z.object({ key: z.string().max(100).optional() });

export const settingsRest = async (app: FastifyInstance) => {
  app.get('/api/settings', async (request) => app.services.settings.getSettings(request.ctx));
  app.get('/api/admin/settings', async (request) =>
    app.services.settings.getAdminSettings(request.ctx, parseInput(ZAdminSettingsQuery, request.query).key),
  );
};
