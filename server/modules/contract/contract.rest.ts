import type { FastifyInstance } from 'fastify';
import { ZSignContractRequest } from '../../../shared/schemas/contract';
import { parseInput } from '../../platform/validate';

/** The contract signed with a one-time password, under the documents paths. */
export const contractRest = async (app: FastifyInstance) => {
  const { contract } = app.services;

  /** Where the caller's contract stands, with the code being waited for (the 'Firma con OTP' dialog). */
  app.get('/api/docs/contract', async (request) => contract.status(request.ctx));

  /** Sends a 6-digit code ({message, expiresAt, resendAfter, channel, maskedDestination, generatedPath}). */
  app.post('/api/docs/contract/otp', async (request) => contract.requestOtp(request.ctx));

  /** {otp}: signs; answers {message: 'Contratto firmato.', contract}. */
  app.post('/api/docs/contract/sign', async (request) => contract.sign(request.ctx, parseInput(ZSignContractRequest, request.body)));
};
