import type { FastifyInstance } from 'fastify';
import { ZSignContractRequest } from '../../../shared/schemas/contract';
import { parseInput } from '../../platform/validate';
import { contentDisposition } from '../files/download';

/** What the PDF shown inline may do in the browser: nothing but show itself. */
const INLINE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/** The contract signed with a one-time password, under the documents paths. */
export const contractRest = async (app: FastifyInstance) => {
  const { contract } = app.services;

  /** Where the caller's contract stands, with the code being waited for (the 'Firma con OTP' dialog). */
  app.get('/api/docs/contract', async (request) => contract.status(request.ctx));

  /** The unsigned contract to read before signing (PDF inline, `?download` as an attachment; its SHA-256 in X-Content-SHA256). Sends no code. */
  app.get('/api/docs/contract/preview', async (request, reply) => {
    const { name, bytes, sha256 } = await contract.preview(request.ctx);
    const isDownload = (request.query as Record<string, unknown>).download !== undefined;
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(isDownload ? 'attachment' : 'inline', name))
      .header('content-length', String(bytes.byteLength))
      .header('x-content-type-options', 'nosniff')
      .header('x-content-sha256', sha256)
      .header('cache-control', 'private, no-store');
    if (!isDownload) reply.header('content-security-policy', INLINE_CSP);
    return reply.send(Buffer.from(bytes));
  });

  /** Sends a 6-digit code ({message, expiresAt, resendAfter, channel, maskedDestination, generatedPath}). */
  app.post('/api/docs/contract/otp', async (request) => contract.requestOtp(request.ctx));

  /** {otp}: signs; answers {message: 'Contratto firmato.', contract}. */
  app.post('/api/docs/contract/sign', async (request) => contract.sign(request.ctx, parseInput(ZSignContractRequest, request.body)));
};
