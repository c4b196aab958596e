import { defineModule } from '../../platform/module';
import { clientsMoveRest } from './clients-move.rest';
import { clientsImportRest } from './clients-import.rest';
import { clientsGdprRest } from './clients-gdpr.rest';
import { CLIENTS_DOCS } from './clients.openapi';
import { clientsRest } from './clients.rest';
import { clientsRouter } from './clients.router';
import { createClientsService, type TClientsService } from './clients.service';

declare module '../../platform/services' {
  interface TServices {
    clients: TClientsService;
  }
}

/** The corners' book of clients. */
export const clientsModule = defineModule({
  key: 'clients',
  needs: ['geo', 'files', 'settings'],
  service: (deps, services) => createClientsService(deps, services),
  trpc: { clients: clientsRouter },
  rest: [clientsRest, clientsMoveRest, clientsImportRest, clientsGdprRest],
  openapi: CLIENTS_DOCS,
});
