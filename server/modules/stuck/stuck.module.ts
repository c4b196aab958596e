import { defineModule } from '../../platform/module';
import { STUCK_DOCS } from './stuck.openapi';
import { stuckRest } from './stuck.rest';
import { stuckRouter } from './stuck.router';
import { createStuckService, type TStuckService } from './stuck.service';

declare module '../../platform/services' {
  interface TServices {
    stuck: TStuckService;
  }
}

/** The stuck-work board (issue 28): what waits past its threshold, its reassignment and the admins' daily digest. */
export const stuckModule = defineModule({
  key: 'stuck',
  needs: ['settings', 'auth', 'practices'],
  service: (deps, { settings, auth, practices }) => createStuckService(deps, { settings, auth, practices }),
  trpc: { stuck: stuckRouter },
  rest: [stuckRest],
  openapi: STUCK_DOCS,
  jobs: ({ services }) => services.stuck.jobs(),
});
