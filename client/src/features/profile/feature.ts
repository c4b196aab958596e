import { defineFeature } from '../../lib/features';
import { PATHS } from '../../lib/paths';

/** The profile page of the profile menu: not for brokers (spec sections 2 and 6). */
export const profileFeature = defineFeature({
  name: 'profile',
  routes: [{ path: PATHS.profile, access: 'account', load: () => import('./pages/profile-page') }],
});
