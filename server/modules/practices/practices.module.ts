import { defineModule } from '../../platform/module';
import { composePractices, type TPracticesService } from './practices.compose';
import { practicesSchemaRest } from './schema/schema.rest';
import { practicesThreadRest } from './thread/thread.rest';
import { practicesRest } from './engine/practices.rest';
import { practicesBulkRest } from './bulk/bulk.rest';
import { practicesPrecontractRest } from './precontract/precontract.rest';
import { practiceQuotationsRest } from './quotations/quotations.rest';
import { practicesRouter } from './practices.router';

declare module '../../platform/services' {
  interface TServices {
    practices: TPracticesService;
  }
}

/** The practice engine: one service, routers and history for every sector, generic over its definition (issue 15). */
export const practicesModule = defineModule({
  key: 'practices',
  needs: ['clients', 'contract', 'files', 'settings', 'payments', 'notifications', 'chat', 'auth', 'insurers', 'ledger', 'products'],
  service: (deps, services) => composePractices(deps, services),
  trpc: { practices: practicesRouter },
  rest: [
    practicesSchemaRest,
    practicesRest,
    practicesThreadRest,
    // parts' REST plugins: one line each
    practicesPrecontractRest,
    practiceQuotationsRest,
    practicesBulkRest,
  ],
  jobs: ({ services }) => [services.practices.renewals.job()],
});
