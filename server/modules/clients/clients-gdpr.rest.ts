import type { FastifyInstance } from 'fastify';
import { ZClientIdInput } from '../../../shared/schemas/client-record';
import { parseInput } from '../../platform/validate';
import { zipAttachmentHeaders } from '../files/download';

type TIdParams = { Params: { id: string } };

/**
 * GET /api/clients/:id/export (the GDPR zip: cliente.json and documenti/…) and POST /api/clients/:id/erase. A client's
 * documents are uploaded with POST /api/docs/upload?subjectType=client&subjectId=<id>&docType=<type>.
 */
export const clientsGdprRest = async (app: FastifyInstance) => {
  app.get<TIdParams>('/api/clients/:id/export', async (request, reply) => {
    const { id } = parseInput(ZClientIdInput, request.params);
    const { fileName, stream } = await app.services.clients.gdpr.exportArchive(request.ctx, id, { method: 'GET', path: `/api/clients/${id}/export` });
    return reply.headers(zipAttachmentHeaders(fileName, 'no-store')).send(stream);
  });

  app.post<TIdParams>('/api/clients/:id/erase', async (request) => {
    const { id } = parseInput(ZClientIdInput, request.params);
    return app.services.clients.gdpr.erase(request.ctx, id, { method: 'POST', path: `/api/clients/${id}/erase` });
  });
};
