import type { FastifyInstance } from 'fastify';
import { ZLedgerQuery } from '../../../shared/schemas/ledger';
import { parseInput } from '../../platform/validate';

/** GET /api/ledger?page&limit[&cornerId]: the caller's commissions and clawbacks, newest first, with the balance. */
export const ledgerRest = async (app: FastifyInstance) => {
  app.get('/api/ledger', async (request) => app.services.ledger.list(request.ctx, parseInput(ZLedgerQuery, request.query)));
};
