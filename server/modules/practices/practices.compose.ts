import type { TModuleDeps } from '../../platform/services';
import { createPracticesService } from './engine/engine.service';
import { createBlockers } from './engine/blockers';
import { createTransitions } from './engine/transitions';
import type { TPracticesNeeds, TTransitionWork } from './engine/types';
import { createMoneyService } from './money/money.service';
import { createUtilitiesService } from './utilities/utilities.service';
import { registerProductPractices } from './products/product-practices';
import { createBulkService } from './bulk/bulk.service';
import { createRenewalsService } from './renewals/renewals.service';
import { createPrecontractService } from './precontract/precontract.service';
import { createQuotationsService } from './quotations/quotations.service';
import { createPracticeDocumentsService } from './documents/documents.service';
import { registerBrokerClientReach } from './clients/broker-clients';
import { createPracticesLive } from './live/live.service';
import { createPracticeNotifications } from './notifications/notifications';
import { createPracticeSchemas } from './schema/schema.service';
import { createPracticeThread } from './thread/thread.service';

export type { TPracticesNeeds } from './engine/types';

/**
 * The practice engine and its parts (issue 15, design "Practices"), each in its own folder on the engine's
 * `internal` API (one access rule, one history, one after-commit path). A part that needs another's reader gets it
 * here, as an argument; no part imports this file.
 *
 * The one place where what a definition's transitions name is found: every requirement's check and every effect's
 * work, typed complete over the names a definition may use (shared/practices/definition.ts), so a name without its
 * work does not compile and a transition's work is its definition read against this table.
 */
export const composePractices = (deps: TModuleDeps, needs: TPracticesNeeds) => {
  const engine = createPracticesService(deps, needs);
  const quotations = createQuotationsService(deps, engine, needs);
  const chosenQuotation = quotations.chosen;
  const documents = createPracticeDocumentsService(deps, engine, needs);
  const precontract = createPrecontractService(deps, engine, { ...needs, chosen: chosenQuotation });
  const money = createMoneyService(deps, engine, { ...needs, chosenQuotation });
  const utilities = createUtilitiesService(deps, engine, needs);
  registerProductPractices(engine, needs);

  const work: TTransitionWork = {
    requirements: {
      signedContract: ({ ctx, trx }) => needs.contract.requireSignedContract(ctx, trx),
      chosenQuotation: quotations.requireChosen,
      precontractSigned: precontract.requireSigned,
      requiredDocuments: documents.requireUploaded,
      policyDocuments: documents.requirePolicyDocs,
      takenByActor: engine.internal.requireTakenByActor,
    },
    effects: {
      requestPayment: money.effects.requestPayment,
      issuePolicy: money.effects.issuePolicy,
      withdrawPayment: money.effects.withdrawPayment,
      recordReason: engine.internal.recordReason,
      startSupply: utilities.effects.startSupply,
      endSupply: utilities.effects.endSupply,
      resubmit: utilities.effects.resubmit,
    },
  };
  const { transition } = createTransitions(deps, engine, work);
  // Asking for issue sends the chosen quotation: the preview of its requirements reads them with it.
  const blockers = createBlockers(deps, engine, work, async (reader, practice) => ({ quotationId: (await chosenQuotation(reader, practice.id))?.id }));

  return Object.assign(engine, {
    /** One practice, with what each transition the caller may make still needs (the same checks, read-only). */
    get: blockers.get,
    transition,
    precontract,
    quotations,
    documents,
    money,
    utilities,
    bulk: createBulkService(deps, engine, { ...needs, utilities }),
    renewals: createRenewalsService(deps, engine, { ...needs, chosenQuotation }),
    notifications: createPracticeNotifications(deps, engine, needs),
    live: createPracticesLive(deps, engine),
    schemas: createPracticeSchemas(engine, needs),
    thread: createPracticeThread(deps, engine, needs),
    brokerClients: registerBrokerClientReach(deps, needs),
  });
};

export type TPracticesService = ReturnType<typeof composePractices>;
