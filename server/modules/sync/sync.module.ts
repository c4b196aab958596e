import { defineModule } from '../../platform/module';
import { SYNC_DOCS } from './sync.openapi';
import { syncRest } from './sync.rest';
import { syncRouter } from './sync.router';
import { createSyncService, type TSyncService } from './sync.service';

declare module '../../platform/services' {
  interface TServices {
    sync: TSyncService;
  }
}

/** The first load of the client: profile, settings, payments and clients in one answer. */
export const syncModule = defineModule({
  key: 'sync',
  needs: ['profile', 'settings', 'payments', 'clients'],
  service: (_deps, services) => createSyncService(services),
  trpc: { sync: syncRouter },
  rest: [syncRest],
  openapi: SYNC_DOCS,
});
