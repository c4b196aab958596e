import type { FastifyInstance } from 'fastify';
import type { TAuditQuery } from '../../../../shared/schemas/audit';
import { withTotalCount } from '../../../platform/rest-conventions';

export const auditRest = async (app: FastifyInstance) => {
  app.get('/api/admin/audit', async (request, reply) => {
    return withTotalCount(reply, await app.services.audit.list(request.ctx, request.query as TAuditQuery));
  });

  app.get('/api/admin/audit/export', async (request, reply) => {
    const { filename, csv } = await app.services.audit.exportCsv(request.ctx, request.query as TAuditQuery);
    return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${filename}"`).send(csv);
  });
};
