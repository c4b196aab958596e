import { defineModule } from '../../platform/module';
import { composePractices, type TPracticesService } from './practices.compose';
import { practicesRest } from './practices.rest';
import { practicesRouter } from './practices.router';

declare module '../../platform/services' {
  interface TServices {
    practices: TPracticesService;
  }
}

/** The practice engine: one service, routers and history for every sector, generic over its definition (issue 15). */
export const practicesModule = defineModule({
  key: 'practices',
  needs: ['clients', 'contract', 'files', 'settings', 'payments', 'notifications', 'chat', 'auth'],
  service: (deps, services) => composePractices(deps, services),
  trpc: { practices: practicesRouter },
  rest: [
    practicesRest,
    // parts' REST plugins: one line each
  ],
  // jobs: the renewal part adds its jobs here
});
