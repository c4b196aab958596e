import { ZContractOtpResponse, ZContractPreview, ZContractStatus, ZSignContractRequest, ZSignContractResponse } from '../../../shared/schemas/contract';
import { authedProcedure, router } from '../../trpc/trpc';

export const contractRouter = router({
  /** Progress, signing time, documents and the code being waited for. */
  status: authedProcedure.output(ZContractStatus).query(({ ctx }) => ctx.services.contract.status(ctx.ctx)),
  /** The unsigned contract to read before signing (the PDF in base64); sends no code. */
  preview: authedProcedure.output(ZContractPreview).query(async ({ ctx }) => {
    const { name, bytes, sha256 } = await ctx.services.contract.preview(ctx.ctx);
    return { name, mime: 'application/pdf' as const, sha256, base64: Buffer.from(bytes).toString('base64') };
  }),
  /** Sends a signing code (corners only; 60 s between codes). */
  requestOtp: authedProcedure.output(ZContractOtpResponse).mutation(({ ctx }) => ctx.services.contract.requestOtp(ctx.ctx)),
  /** Signs the contract with the code. */
  sign: authedProcedure
    .input(ZSignContractRequest)
    .output(ZSignContractResponse)
    .mutation(({ ctx, input }) => ctx.services.contract.sign(ctx.ctx, input)),
});
