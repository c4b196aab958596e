import type { FastifyInstance } from 'fastify';
import { ZAdminPayoutsQuery, ZPayoutIdInput, ZPayPayoutBody, ZPayoutProfile, ZPayoutRequestInput, ZPlatformCompany } from '../../../shared/schemas/payouts';
import { sendCreated, withTotalCount } from '../../platform/rest-conventions';
import { parseInput } from '../../platform/validate';

/**
 * REST of the payouts (issue 27):
 * - corner: `GET /api/payouts`, `POST /api/payouts` `{amountCents, method}`, `GET /api/payouts/:id` (also admins),
 *   `GET /api/payouts/:id/document` (the receipt PDF or the invoice XML), `PUT /api/payouts/profile` (address and IBAN for the documents);
 * - admin: `GET /api/admin/payouts?state&cornerId&page&limit` (the total in `X-Total-Count` too), `POST /api/admin/payouts/:id/pay`
 *   (`{giftcardCode}` or `{transferDate, reference}`), `GET|PUT /api/admin/payouts/company` (the platform's data).
 */
export const payoutsRest = async (app: FastifyInstance) => {
  const { payouts } = app.services;

  app.get('/api/payouts', async (request) => payouts.overview(request.ctx));
  app.post('/api/payouts', async (request, reply) => {
    const requested = await payouts.request(request.ctx, parseInput(ZPayoutRequestInput, request.body));
    return sendCreated(reply, `/api/payouts/${requested.payout.id}`, requested);
  });
  app.get<{ Params: { id: string } }>('/api/payouts/:id', async (request) => payouts.get(request.ctx, parseInput(ZPayoutIdInput, request.params).id));
  app.put('/api/payouts/profile', async (request) => payouts.saveProfile(request.ctx, parseInput(ZPayoutProfile, request.body)));
  app.get<{ Params: { id: string } }>('/api/payouts/:id/document', async (request, reply) => {
    const document = await payouts.document(request.ctx, request.params.id);
    return reply
      .header('content-type', document.mime)
      .header('content-disposition', `attachment; filename="${document.fileName}"`)
      .send(document.body);
  });

  app.get('/api/admin/payouts', async (request, reply) => withTotalCount(reply, await payouts.adminList(request.ctx, parseInput(ZAdminPayoutsQuery, request.query ?? {}))));
  app.post<{ Params: { id: string } }>('/api/admin/payouts/:id/pay', async (request) => payouts.pay(request.ctx, request.params.id, parseInput(ZPayPayoutBody, request.body)));
  app.get('/api/admin/payouts/company', async (request) => ({ company: await payouts.getCompany(request.ctx) }));
  app.put('/api/admin/payouts/company', async (request) => payouts.saveCompany(request.ctx, parseInput(ZPlatformCompany, request.body)));
};
