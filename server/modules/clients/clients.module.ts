import { defineModule } from '../../platform/module';
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
  needs: ['geo'],
  service: (deps, services) => createClientsService(deps, services),
  trpc: { clients: clientsRouter },
  rest: [clientsRest],
});
