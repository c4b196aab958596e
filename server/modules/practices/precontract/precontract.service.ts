import type { TServiceDeps } from '../../../platform/deps';
import type { TPracticesEngine } from '../engine/engine.service';
import { createPrecontractContext, type TPrecontractNeeds, type TPrecontractOptions } from './precontract.context';
import { createPrecontractPack } from './precontract.pack';
import { createPrecontractPaper } from './precontract.paper';
import { createPrecontractPublic } from './precontract.public';
import { createPrecontractQuestionnaire } from './precontract.questionnaire';
import { createPrecontractRequirement } from './precontract.requirement';
import { createPrecontractSetup } from './precontract.setup';
import { createPrecontractSigning } from './precontract.signing';
import { createPrecontractTemplate } from './precontract.template';

export { PRECONTRACT_LINK_DAYS } from './precontract.pack';
export type { TPrecontractOptions } from './precontract.context';

/**
 * The pre-contract pack of the insurance practices (issue 15): the admin's template of the single pre-contract
 * form, the demands-and-needs questionnaire, the pack PDF pre-filled and stored on the practice, its signature by
 * the client (not a platform user) with a one-time code sent to the client's e-mail through a public page, the
 * paper alternative, and the `precontractSigned` requirement of the transitions that ask for it.
 *
 * Each of these is a unit in its own file; this composes them. What they share (services, clock, signing codes, the
 * pack's reads) is made once here by createPrecontractContext and given to each; no unit imports this file.
 */
export const createPrecontractService = (deps: TServiceDeps, engine: TPracticesEngine, needs: TPrecontractNeeds, options: TPrecontractOptions = {}) => {
  const context = createPrecontractContext(deps, engine, needs, options);
  const templates = createPrecontractTemplate(context);
  const questionnaire = createPrecontractQuestionnaire(context);
  const pack = createPrecontractPack(context, templates);
  const { paper } = createPrecontractPaper(context);
  const publicPage = createPrecontractPublic(context);
  const signing = createPrecontractSigning(context, publicPage);
  const { setup } = createPrecontractSetup(context, templates);

  return {
    requireSigned: createPrecontractRequirement(context),
    template: templates.template,
    saveTemplate: templates.saveTemplate,
    setup,
    get: questionnaire.get,
    saveQuestionnaire: questionnaire.saveQuestionnaire,
    send: pack.send,
    paper,
    publicView: publicPage.publicView,
    publicDocument: publicPage.publicDocument,
    publicRequestOtp: signing.publicRequestOtp,
    publicSign: signing.publicSign,
  };
};

export type TPrecontractService = ReturnType<typeof createPrecontractService>;
