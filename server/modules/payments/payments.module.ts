import { defineModule } from '../../platform/module';
import { paymentsRest } from './payments.rest';
import { paymentsRouter } from './payments.router';
import { createPaymentsService, type TPaymentsService } from './payments.service';

declare module '../../platform/services' {
  interface TServices {
    payments: TPaymentsService;
  }
}

/** A corner's payments and gift cards; how to pay comes from the settings. */
export const paymentsModule = defineModule({
  key: 'payments',
  needs: ['settings'],
  service: (deps, { settings }) => createPaymentsService(deps, settings),
  trpc: { payments: paymentsRouter },
  rest: [paymentsRest],
});
