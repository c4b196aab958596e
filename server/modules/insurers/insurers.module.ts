import { defineModule } from '../../platform/module';
import { INSURERS_DOCS } from './insurers.openapi';
import { insurersRest } from './insurers.rest';
import { insurersRouter } from './insurers.router';
import { createInsurersService, type TInsurersService } from './insurers.service';

declare module '../../platform/services' {
  interface TServices {
    insurers: TInsurersService;
  }
}

/** The insurance companies and agencies the quotations name (issue 15; admin pages gestione-compagnie/agenzie). */
export const insurersModule = defineModule({
  key: 'insurers',
  service: (deps) => createInsurersService(deps),
  trpc: { insurers: insurersRouter },
  rest: [insurersRest],
  openapi: INSURERS_DOCS,
});
