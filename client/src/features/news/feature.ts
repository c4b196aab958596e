import { defineFeature } from '../../lib/features';
import { PATHS } from '../../lib/paths';

/** The news the admins publish (the ticker itself is part of the shell). */
export const newsFeature = defineFeature({
  name: 'news',
  routes: [{ path: PATHS.admin.news, access: 'admin', load: () => import('./pages/admin-news-page') }],
  nav: [{ group: 'admin', order: 70, label: 'Notizie', to: PATHS.admin.news, icon: 'news' }],
});
