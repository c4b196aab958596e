import type { FastifyInstance } from 'fastify';
import { ZAdminSettingsQuery, ZUpdateSettingRequest } from '../../../shared/schemas/data';
import { parseInput } from '../../platform/validate';

export const settingsRest = async (app: FastifyInstance) => {
  app.get('/api/settings', async (request) => app.services.settings.getSettings(request.ctx));
  app.get('/api/admin/settings', async (request) =>
    app.services.settings.getAdminSettings(request.ctx, parseInput(ZAdminSettingsQuery, request.query).key),
  );
  /** An admin changes one settings key, body `{ key, value }` (as settings.update); answers `{ version }`. */
  app.patch('/api/admin/settings', async (request) =>
    app.services.settings.updateSetting(request.ctx, parseInput(ZUpdateSettingRequest, request.body)),
  );
};
