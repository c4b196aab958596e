import { defineFeature } from '../../lib/features';
import { PATHS } from '../../lib/paths';

/** The payments page of the profile menu: not for brokers. */
export const paymentsFeature = defineFeature({
  name: 'payments',
  routes: [{ path: PATHS.payments, access: 'account', load: () => import('./pages/payments-page') }],
});
