import type { FastifyInstance } from 'fastify';
import { ZDashboardQuery } from '../../../shared/schemas/dashboard';
import { parseInput } from '../../platform/validate';

/** GET /api/admin/dashboard?from=&to=: the dashboard's figures of a period (ISO days) and of the one before it; admins only. */
export const dashboardRest = async (app: FastifyInstance) => {
  app.get('/api/admin/dashboard', async (request) => app.services.dashboard.get(request.ctx, parseInput(ZDashboardQuery, request.query)));
};
