import type { FastifyInstance } from 'fastify';
import { ZAdminSettingsQuery, ZUpdateSettingRequest } from '../../../shared/schemas/data';
import { ZRestoreSettingBody } from '../../../shared/schemas/settings-history';
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
  /** A settings key's changes, newest first (as settings.history). */
  app.get<{ Params: { key: string } }>('/api/admin/settings/:key/history', async (request) => app.services.settings.getHistory(request.ctx, request.params.key));
  /** Writes version `{ version }` of a key back as a new change (as settings.restore); answers `{ version, message, entry }`. */
  app.post<{ Params: { key: string } }>('/api/admin/settings/:key/restore', async (request) =>
    app.services.settings.restore(request.ctx, { key: request.params.key, ...parseInput(ZRestoreSettingBody, request.body) }),
  );
};
