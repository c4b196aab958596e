import { defineModule } from '../../platform/module';
import { composePractices, type TPracticesService } from './practices.compose';
import { PRACTICES_SCHEMA_DOCS } from './schema/schema.openapi';
import { practicesSchemaRest } from './schema/schema.rest';
import { PRACTICES_THREAD_DOCS } from './thread/thread.openapi';
import { practicesThreadRest } from './thread/thread.rest';
import { PRACTICES_ENGINE_DOCS } from './engine/practices.openapi';
import { practicesRest } from './engine/practices.rest';
import { PRACTICES_BULK_DOCS } from './bulk/bulk.openapi';
import { practicesBulkRest } from './bulk/bulk.rest';
import { PRACTICES_PRECONTRACT_DOCS } from './precontract/precontract.openapi';
import { practicesPrecontractRest } from './precontract/precontract.rest';
import { PRACTICES_QUOTATIONS_DOCS } from './quotations/quotations.openapi';
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
  // The published contract (issue 30): each part's entries, written beside its REST routes.
  openapi: {
    ...PRACTICES_SCHEMA_DOCS,
    ...PRACTICES_ENGINE_DOCS,
    ...PRACTICES_THREAD_DOCS,
    ...PRACTICES_PRECONTRACT_DOCS,
    ...PRACTICES_QUOTATIONS_DOCS,
    ...PRACTICES_BULK_DOCS,
  },
  jobs: ({ services }) => [services.practices.renewals.job()],
});
