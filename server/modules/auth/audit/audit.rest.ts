import type { FastifyInstance } from 'fastify';
import type { TAuditQuery } from '../../../../shared/schemas/audit';

export const auditRest = async (app: FastifyInstance) => {
  app.get('/api/admin/audit', async (request, reply) => {
    const page = await app.services.audit.list(request.ctx, request.query as TAuditQuery);
    reply.header('X-Total-Count', String(page.total));
    return page;
  });

  app.get('/api/admin/audit/export', async (request, reply) => {
    const { filename, csv } = await app.services.audit.exportCsv(request.ctx, request.query as TAuditQuery);
    return reply.header('Content-Type', 'text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${filename}"`).send(csv);
  });
};
