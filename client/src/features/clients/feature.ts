import { defineFeature } from '../../lib/features';
import { PATHS } from '../../lib/paths';

/** The clients: every role's book, and the admins' view of all of them. */
export const clientsFeature = defineFeature({
  name: 'clients',
  routes: [
    { path: PATHS.clients, load: () => import('./pages/clients-page') },
    { path: PATHS.clientDetail, load: () => import('./pages/client-detail-page') },
    { path: PATHS.admin.clients, access: 'admin', load: () => import('./pages/admin-clients-page') },
  ],
  nav: [
    { group: 'admin', order: 30, label: 'Clienti', to: PATHS.admin.clients, icon: 'user' },
    { group: 'work', order: 10, label: 'Clienti', to: PATHS.clients, icon: 'users' },
  ],
});
