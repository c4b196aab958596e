import type { FastifyInstance } from 'fastify';
import { ZPracticeIdInput } from '../../../shared/schemas/practices';
import { withTotalCount } from '../../platform/rest-conventions';
import { parseInput } from '../../platform/validate';

type TIdParams = { Params: { sector: string; id: string } };

/**
 * The stuck-work board (issue 28): `GET /api/admin/stuck?sector=&page=&limit=` (admins every sector; a broker its
 * own), `POST /api/admin/practices/:sector/:id/assign {brokerId}`, `GET|PUT /api/admin/stuck/thresholds`.
 */
export const stuckRest = async (app: FastifyInstance) => {
  // Brokers read their sector's board on their home (the service scopes it; the `/api/admin/` gate lets them in here only).
  app.get('/api/admin/stuck', { config: { roles: ['admin', 'broker'] as const } }, async (request, reply) => withTotalCount(reply, await app.services.stuck.list(request.ctx, request.query)));

  app.post<TIdParams>('/api/admin/practices/:sector/:id/assign', async (request) => {
    const { sector, id } = parseInput(ZPracticeIdInput, request.params);
    return app.services.stuck.assign(request.ctx, sector, id, request.body ?? {});
  });

  app.get('/api/admin/stuck/thresholds', async (request) => app.services.stuck.getThresholds(request.ctx));
  app.put('/api/admin/stuck/thresholds', async (request) => app.services.stuck.setThresholds(request.ctx, request.body ?? {}));
};
