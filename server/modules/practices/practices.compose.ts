import type { TModuleDeps, TServices } from '../../platform/services';
import { createMoneyService } from './practices.money';
import { createUtilitiesService } from './practices.utilities';
import { createBulkService } from './practices.bulk';
import { createRenewalsService } from './practices.renewals';
import { createPracticesService } from './practices.service';
import { createPrecontractService } from './practices.precontract';
import { createQuotationsService } from './practices.quotations';
import { createPracticeDocumentsService } from './practices.documents';
import { registerBrokerClientReach } from './practices.clients';
import { createPracticesLive } from './practices.live';
import { createPracticeNotifications } from './practices.notify';
import { createPracticeSchemas } from './practices.schema';
import { createPracticeThread } from './practices.thread';

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
