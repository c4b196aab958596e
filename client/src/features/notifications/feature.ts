import { defineFeature } from '../../lib/features';
import { PATHS } from '../../lib/paths';

/** The notifications page (reached from the bell, not the sidebar). */
export const notificationsFeature = defineFeature({
  name: 'notifications',
  routes: [{ path: PATHS.notifications, load: () => import('./pages/notifications-page') }],
});
