import type { FastifyInstance } from 'fastify';
import { PAYMENT_PROOF_SUBJECT, ZAdminPaymentsQuery, ZCreatePaymentInput, ZDeclarePaymentsBody, ZPaymentIdInput, ZRejectPaymentInput } from '../../../shared/schemas/payments';
import { requireActor } from '../../platform/context';
import { sendCreated, withTotalCount } from '../../platform/rest-conventions';
import { parseInput } from '../../platform/validate';
import { receiveUpload, uploadSupport } from '../files/uploads';

/**
 * REST of the payments (spec section 7 and issue 27):
 * - `GET /api/payments`: the caller's payments (`details`, `list{notPaied, paied, pending}`, `giftcards`);
 * - `POST /api/payments/declare`: multipart, the proof as `file0` and `body` `{paymentIds}`;
 * - `GET /api/payments/:id` (the `Location` of a new payment), `GET /api/payments/:id/history`;
 * - `GET /api/admin/payments?state&cornerId&from&to&page&limit` (the total in `X-Total-Count` too),
 *   `POST /api/admin/payments` (a new request), `POST /api/admin/payments/:id/confirm`,
 *   `POST /api/admin/payments/:id/reject` `{reason}`.
 */
export const paymentsRest = async (app: FastifyInstance) => {
  const { payments, files } = app.services;
  await app.register(uploadSupport, { limits: files.uploadLimits });

  app.get('/api/payments', async (request) => payments.get(request.ctx));

  app.post('/api/payments/declare', async (request) => {
    const actor = requireActor(request.ctx);
    const { files: stored, body } = await receiveUpload(request, { subject: { type: PAYMENT_PROOF_SUBJECT, id: actor.userId }, docType: 'paymentProof' }, ZDeclarePaymentsBody);
    return payments.declareUploaded(request.ctx, body.paymentIds, stored);
  });

  app.get<{ Params: { id: string } }>('/api/payments/:id', async (request) => payments.getById(request.ctx, parseInput(ZPaymentIdInput, request.params).id));
  app.get<{ Params: { id: string } }>('/api/payments/:id/history', async (request) => payments.history(request.ctx, parseInput(ZPaymentIdInput, request.params).id));

  app.get('/api/admin/payments', async (request, reply) => withTotalCount(reply, await payments.adminList(request.ctx, parseInput(ZAdminPaymentsQuery, request.query ?? {}))));
  app.post('/api/admin/payments', async (request, reply) => {
    const created = await payments.create(request.ctx, parseInput(ZCreatePaymentInput, request.body));
    return sendCreated(reply, `/api/payments/${created.payment.id}`, created);
  });
  app.post<{ Params: { id: string } }>('/api/admin/payments/:id/confirm', async (request) => payments.confirm(request.ctx, parseInput(ZPaymentIdInput, request.params).id));
  app.post<{ Params: { id: string } }>('/api/admin/payments/:id/reject', async (request) =>
    payments.reject(request.ctx, parseInput(ZRejectPaymentInput, { ...(request.body as object | undefined), id: request.params.id })),
  );
};
