import { defineModule } from '../../platform/module';
import { PAYMENTS_DOCS } from './payments.openapi';
import { paymentsRest } from './payments.rest';
import { paymentsRouter } from './payments.router';
import { createPaymentsService, overdueRemindersJob, type TPaymentsService } from './payments.service';

declare module '../../platform/services' {
  interface TServices {
    payments: TPaymentsService;
  }
}

/** A corner's payments (declared with a proof, confirmed or rejected by an admin) and gift cards; how to pay comes from the settings. */
export const paymentsModule = defineModule({
  key: 'payments',
  needs: ['settings', 'files', 'notifications'],
  service: (deps, { settings, files, notifications }) => createPaymentsService(deps, { settings, files, notifications }),
  trpc: { payments: paymentsRouter },
  rest: [paymentsRest],
  openapi: PAYMENTS_DOCS,
  jobs: ({ services }) => [overdueRemindersJob(services.payments)],
});
