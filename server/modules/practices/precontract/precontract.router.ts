import {
  ZPrecontract,
  ZPrecontractIdInput,
  ZPrecontractSendResponse,
  ZPrecontractSetup,
  ZPrecontractTemplate,
  ZSavePrecontractTemplateInput,
  ZSaveQuestionnaireInput,
} from '../../../../shared/schemas/precontract';
import { adminProcedure, authedProcedure, router } from '../../../trpc/trpc';

/** `practices.precontract.*`: the pre-contract pack of a practice, and the admin's template of the form. */
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
});
