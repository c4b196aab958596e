import { defineModule } from '../../platform/module';
import { practicesRest } from './practices.rest';
import { practicesRouter } from './practices.router';
import { createPracticesService, type TPracticesService } from './practices.service';

declare module '../../platform/services' {
  interface TServices {
    practices: TPracticesService;
  }
}

/** The practice engine: one service, routers and history for every sector, generic over its definition (issue 15). */
export const practicesModule = defineModule({
  key: 'practices',
  needs: ['clients', 'contract'],
  service: (deps, services) => createPracticesService(deps, services),
  trpc: { practices: practicesRouter },
  rest: [practicesRest],
});
