import { defineFeature } from '../../lib/features';
import { PATHS } from '../../lib/paths';

/** The user's own gift card, for the roles that have one. */
export const giftcardsFeature = defineFeature({
  name: 'giftcards',
  routes: [{ path: PATHS.myGiftcard, access: 'giftcard', load: () => import('./pages/my-giftcard-page') }],
});
