import type { FastifyInstance } from 'fastify';
import { ZLedgerCorrectionInput, ZLedgerEntryIdInput, ZLedgerQuery, ZLedgerReversalInput, ZLedgerSummaryQuery } from '../../../shared/schemas/ledger';
import { sendCreated, withTotalCount } from '../../platform/rest-conventions';
import { parseInput } from '../../platform/validate';

/**
 * REST of the ledger (issue 27):
 * - `GET /api/ledger?page&limit&kind&from&to[&cornerId]`: entries newest first, `{list, total, balanceCents, availableCents, heldCents}`
 *   (the total in `X-Total-Count` too);
 * - `GET /api/ledger/summary[?cornerId]`: earnings by month and sector over the last twelve months;
 * - `GET /api/ledger/:id`: one entry (the `Location` of the admin's writes);
 * - admin: `POST /api/admin/ledger` `{cornerId, amountCents, description}` (a correction),
 *   `POST /api/admin/ledger/:id/reverse` `{reason}` (the entry that nets one out).
 */
export const ledgerRest = async (app: FastifyInstance) => {
  const { ledger } = app.services;
  app.get('/api/ledger', async (request, reply) => withTotalCount(reply, await ledger.list(request.ctx, parseInput(ZLedgerQuery, request.query))));
  app.get('/api/ledger/summary', async (request) => ledger.summary(request.ctx, parseInput(ZLedgerSummaryQuery, request.query ?? {})));
  app.get<{ Params: { id: string } }>('/api/ledger/:id', async (request) => ledger.get(request.ctx, parseInput(ZLedgerEntryIdInput, request.params).id));
  app.post('/api/admin/ledger', async (request, reply) => {
    const entry = await ledger.correct(request.ctx, parseInput(ZLedgerCorrectionInput, request.body));
    return sendCreated(reply, `/api/ledger/${entry.id}`, entry);
  });
  app.post<{ Params: { id: string } }>('/api/admin/ledger/:id/reverse', async (request, reply) => {
    const entry = await ledger.reverse(request.ctx, parseInput(ZLedgerReversalInput, { ...(request.body as object | undefined), entryId: request.params.id }));
    return sendCreated(reply, `/api/ledger/${entry.id}`, entry);
  });
};
