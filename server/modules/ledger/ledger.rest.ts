import type { FastifyInstance } from 'fastify';
import { ZLedgerCorrectionInput, ZLedgerQuery, ZLedgerReversalInput, ZLedgerSummaryQuery } from '../../../shared/schemas/ledger';
import { parseInput } from '../../platform/validate';

/**
 * REST of the ledger (issue 27):
 * - `GET /api/ledger?page&limit&kind&from&to[&cornerId]`: entries newest first, `{list, total, balanceCents, availableCents, heldCents}`;
 * - `GET /api/ledger/summary[?cornerId]`: earnings by month and sector over the last twelve months;
 * - admin: `POST /api/admin/ledger` `{cornerId, amountCents, description}` (a correction),
 *   `POST /api/admin/ledger/:id/reverse` `{reason}` (the entry that nets one out).
 */
export const ledgerRest = async (app: FastifyInstance) => {
  const { ledger } = app.services;
  app.get('/api/ledger', async (request) => ledger.list(request.ctx, parseInput(ZLedgerQuery, request.query)));
  app.get('/api/ledger/summary', async (request) => ledger.summary(request.ctx, parseInput(ZLedgerSummaryQuery, request.query ?? {})));
  app.post('/api/admin/ledger', async (request, reply) => reply.code(201).send(await ledger.correct(request.ctx, parseInput(ZLedgerCorrectionInput, request.body))));
  app.post<{ Params: { id: string } }>('/api/admin/ledger/:id/reverse', async (request, reply) =>
    reply.code(201).send(await ledger.reverse(request.ctx, parseInput(ZLedgerReversalInput, { ...(request.body as object | undefined), entryId: request.params.id }))),
  );
};
