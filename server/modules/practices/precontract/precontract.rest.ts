import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  ZPrecontractIdInput,
  ZPrecontractToken,
  ZPublicPrecontractSignRequest,
  ZSavePrecontractTemplateInput,
} from '../../../../shared/schemas/precontract';
import { parseInput } from '../../../platform/validate';
import { contentDisposition } from '../../files/download';

type TIdParams = { Params: { sector: string; id: string } };
type TTokenParams = { Params: { token: string } };

/** What a PDF shown inline may do in the browser: nothing but show itself. */
const INLINE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

const bodyOf = (body: unknown): Record<string, unknown> => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {});

const sendPdf = (reply: FastifyReply, file: { name: string; bytes: Uint8Array; mime: string }, isDownload: boolean) => {
  reply
    .header('content-type', file.mime || 'application/pdf')
    .header('content-disposition', contentDisposition(isDownload ? 'attachment' : 'inline', file.name))
    .header('content-length', String(file.bytes.byteLength))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'no-referrer');
  if (!isDownload) reply.header('content-security-policy', INLINE_CSP);
  return reply.send(Buffer.from(file.bytes));
};

/**
 * The pre-contract pack over REST: `/api/practices/:sector/:id/precontract` for the corner (mirrors of the tRPC
 * procedures), `/api/admin/precontract-template` for the admin, and the public signing page's
 * `/api/public/precontract/:token` (no session: the token of the link sent to the client is the only key).
 */
export const practicesPrecontractRest = async (app: FastifyInstance) => {
  const service = () => app.services.practices.precontract;

  app.get<TIdParams>('/api/practices/:sector/:id/precontract', async (request) => {
    const { sector, id } = parseInput(ZPrecontractIdInput, request.params);
    return service().get(request.ctx, sector, id);
  });

  /** Body: the answers (or `{answers}`). */
  app.put<TIdParams>('/api/practices/:sector/:id/precontract/questionnaire', async (request) => {
    const { sector, id } = parseInput(ZPrecontractIdInput, request.params);
    const body = bodyOf(request.body);
    return service().saveQuestionnaire(request.ctx, sector, id, 'answers' in body ? body.answers : body);
  });

  app.post<TIdParams>('/api/practices/:sector/:id/precontract/send', async (request) => {
    const { sector, id } = parseInput(ZPrecontractIdInput, request.params);
    return service().send(request.ctx, sector, id);
  });

  app.post<TIdParams>('/api/practices/:sector/:id/precontract/paper', async (request) => {
    const { sector, id } = parseInput(ZPrecontractIdInput, request.params);
    return service().paper(request.ctx, sector, id);
  });

  app.get('/api/admin/precontract-template', async (request) => service().template(request.ctx));
  app.get('/api/admin/precontract-setup', async (request) => service().setup(request.ctx));
  app.put('/api/admin/precontract-template', async (request) => {
    const body = bodyOf(request.body);
    return service().saveTemplate(request.ctx, parseInput(ZSavePrecontractTemplateInput, 'content' in body ? body : { content: body }));
  });

  // Public: the client is not a platform user.
  const tokenOf = (params: { token: string }) => parseInput(ZPrecontractToken, params.token);

  app.get<TTokenParams>('/api/public/precontract/:token', async (request) => service().publicView(request.ctx, tokenOf(request.params)));

  /** The pack (inline; `?download` as an attachment), or the signed copy once signed. */
  app.get<TTokenParams>('/api/public/precontract/:token/document', async (request, reply) => {
    const file = await service().publicDocument(request.ctx, tokenOf(request.params));
    return sendPdf(reply, file, (request.query as Record<string, unknown>).download !== undefined);
  });

  /** The company's documents attached to the quotation (DIP), by their index on the page. */
  app.get<{ Params: { token: string; index: string } }>('/api/public/precontract/:token/attachments/:index', async (request, reply) => {
    const index = parseInput(z.coerce.number().int().min(0).max(50), request.params.index);
    const file = await service().publicDocument(request.ctx, tokenOf(request.params), index);
    return sendPdf(reply, file, (request.query as Record<string, unknown>).download !== undefined);
  });

  app.post<TTokenParams>('/api/public/precontract/:token/otp', async (request) => service().publicRequestOtp(request.ctx, tokenOf(request.params)));

  app.post<TTokenParams>('/api/public/precontract/:token/sign', async (request) =>
    service().publicSign(request.ctx, tokenOf(request.params), parseInput(ZPublicPrecontractSignRequest, request.body)),
  );
};
