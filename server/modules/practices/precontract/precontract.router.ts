import {
  ZPrecontract,
  ZPrecontractIdInput,
  ZPrecontractSendResponse,
  ZPrecontractSetup,
  ZPrecontractTemplate,
  ZPublicPrecontract,
  ZPublicPrecontractOtpResponse,
  ZPublicPrecontractSignInput,
  ZPublicPrecontractSignResponse,
  ZPublicPrecontractTokenInput,
  ZSavePrecontractTemplateInput,
  ZSaveQuestionnaireInput,
} from '../../../../shared/schemas/precontract';
import { adminProcedure, authedProcedure, publicProcedure, router } from '../../../trpc/trpc';

/**
 * `practices.precontract.*`: the pre-contract pack of a practice, the admin's template of the form, and the client's
 * public signing page (`public*`: no session, the token of the link is the only key; the service applies the same
 * per-address budget as to the REST routes, so both faces draw on one).
 */
export const practicePrecontractRouter = router({
  get: authedProcedure
    .input(ZPrecontractIdInput)
    .output(ZPrecontract)
    .query(({ ctx, input }) => ctx.services.practices.precontract.get(ctx.ctx, input.sector, input.id)),
  saveQuestionnaire: authedProcedure
    .input(ZSaveQuestionnaireInput)
    .output(ZPrecontract)
    .mutation(({ ctx, input }) => ctx.services.practices.precontract.saveQuestionnaire(ctx.ctx, input.sector, input.id, input.answers)),
  send: authedProcedure
    .input(ZPrecontractIdInput)
    .output(ZPrecontractSendResponse)
    .mutation(({ ctx, input }) => ctx.services.practices.precontract.send(ctx.ctx, input.sector, input.id)),
  paper: authedProcedure
    .input(ZPrecontractIdInput)
    .output(ZPrecontract)
    .mutation(({ ctx, input }) => ctx.services.practices.precontract.paper(ctx.ctx, input.sector, input.id)),
  template: adminProcedure.output(ZPrecontractTemplate).query(({ ctx }) => ctx.services.practices.precontract.template(ctx.ctx)),
  /** The admin's setup checklist of the pack (the dashboard shows it until complete). */
  setup: adminProcedure.output(ZPrecontractSetup).query(({ ctx }) => ctx.services.practices.precontract.setup(ctx.ctx)),
  saveTemplate: adminProcedure
    .input(ZSavePrecontractTemplateInput)
    .output(ZPrecontractTemplate)
    .mutation(({ ctx, input }) => ctx.services.practices.precontract.saveTemplate(ctx.ctx, input)),
  publicView: publicProcedure
    .input(ZPublicPrecontractTokenInput)
    .output(ZPublicPrecontract)
    .query(({ ctx, input }) => ctx.services.practices.precontract.publicView(ctx.ctx, input.token)),
  publicSendCode: publicProcedure
    .input(ZPublicPrecontractTokenInput)
    .output(ZPublicPrecontractOtpResponse)
    .mutation(({ ctx, input }) => ctx.services.practices.precontract.publicRequestOtp(ctx.ctx, input.token)),
  publicSign: publicProcedure
    .input(ZPublicPrecontractSignInput)
    .output(ZPublicPrecontractSignResponse)
    .mutation(({ ctx, input }) => ctx.services.practices.precontract.publicSign(ctx.ctx, input.token, { otp: input.otp })),
});
