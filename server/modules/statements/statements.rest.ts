import type { FastifyInstance } from 'fastify';
import { ZStatementQuery } from '../../../shared/schemas/statements';
import { parseInput } from '../../platform/validate';
import { contentDisposition } from '../files/download';

/** GET /api/ledger/statement?month=YYYY-MM[&cornerId]: the caller's commission statement of a month, as a PDF attachment. */
export const statementsRest = async (app: FastifyInstance) => {
  app.get('/api/ledger/statement', async (request, reply) => {
    const { name, bytes } = await app.services.statements.download(request.ctx, parseInput(ZStatementQuery, request.query));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition('attachment', name))
      .header('content-length', String(bytes.byteLength))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes));
  });
};
