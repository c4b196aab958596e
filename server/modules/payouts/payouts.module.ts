import { defineModule } from '../../platform/module';
import { PAYOUTS_DOCS } from './payouts.openapi';
import { payoutsRest } from './payouts.rest';
import { payoutsRouter } from './payouts.router';
import { createPayoutsService, type TPayoutsService } from './payouts.service';

declare module '../../platform/services' {
  interface TServices {
    payouts: TPayoutsService;
  }
}

/** Payouts of the corners' available balance: gift card or receipt for persons, invoice for companies (issue 27). */
export const payoutsModule = defineModule({
  key: 'payouts',
  needs: ['ledger', 'settings', 'notifications', 'payments', 'giftcards'],
  service: (deps, { ledger, settings, notifications, payments, giftcards }) => createPayoutsService(deps, { ledger, settings, notifications, payments, giftcards }),
  trpc: { payouts: payoutsRouter },
  rest: [payoutsRest],
  openapi: PAYOUTS_DOCS,
});
