import type { TModuleDeps, TServices } from '../../platform/services';
import { createMoneyService } from './money/money.service';
import { createUtilitiesService } from './utilities/utilities.service';
import { createBulkService } from './bulk/bulk.service';
import { createRenewalsService } from './renewals/renewals.service';
import { createPracticesService } from './engine/engine.service';
import { createPrecontractService } from './precontract/precontract.service';
import { createQuotationsService } from './quotations/quotations.service';
import { createPracticeDocumentsService } from './documents/documents.service';
import { registerBrokerClientReach } from './clients/broker-clients';
import { createPracticesLive } from './live/live.service';
import { createPracticeNotifications } from './notifications/notifications';
import { createPracticeSchemas } from './schema/schema.service';
import { createPracticeThread } from './thread/thread.service';

/** The services the engine and its parts are built from (practices.module.ts `needs`). */
export type TPracticesNeeds = Pick<TServices, 'clients' | 'contract' | 'files' | 'settings' | 'payments' | 'notifications' | 'chat' | 'auth' | 'insurers' | 'ledger'>;

/**
 * The practice engine and its parts (issue 15), each built in its own file beside the engine on the engine's
 * `internal` API (one access rule, one history, one after-commit path): one line per part.
 */
export const composePractices = (deps: TModuleDeps, needs: TPracticesNeeds) => {
  const engine = createPracticesService(deps, needs);
  const utilities = createUtilitiesService(deps, engine, needs);
  return Object.assign(engine, {
    // parts: one line each, `name: createXService(deps, engine, needs),`
    precontract: createPrecontractService(deps, engine, needs),
    quotations: createQuotationsService(deps, engine, needs),
    documents: createPracticeDocumentsService(deps, engine, needs),
    money: createMoneyService(deps, engine, needs),
    utilities,
    bulk: createBulkService(deps, engine, { ...needs, utilities }),
    renewals: createRenewalsService(deps, engine, needs),
    notifications: createPracticeNotifications(deps, engine, needs),
    live: createPracticesLive(deps, engine),
    schemas: createPracticeSchemas(engine),
    thread: createPracticeThread(deps, engine, needs),
    brokerClients: registerBrokerClientReach(deps, needs),
  });
};

export type TPracticesService = ReturnType<typeof composePractices>;
