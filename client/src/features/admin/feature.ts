import { defineFeature } from '../../lib/features';
import { PATHS } from '../../lib/paths';

/** The admin pages (spec section 2): admins only, in the "Amministrazione" group. */
export const adminFeature = defineFeature({
  name: 'admin',
  routes: [
    { path: PATHS.admin.dashboard, access: 'admin', load: () => import('./pages/dashboard-page') },
    { path: PATHS.admin.users, access: 'admin', load: () => import('./pages/users-page') },
    { path: PATHS.admin.companies, access: 'admin', load: () => import('./pages/companies-page') },
    { path: PATHS.admin.agencies, access: 'admin', load: () => import('./pages/agencies-page') },
    { path: PATHS.admin.settings, access: 'admin', load: () => import('./pages/settings-page') },
    { path: PATHS.admin.payments, access: 'admin', load: () => import('./pages/payments-page') },
    { path: PATHS.admin.giftcardCategories, access: 'admin', load: () => import('./pages/giftcard-categories-page') },
    { path: PATHS.admin.giftcardNational, access: 'admin', load: () => import('./pages/giftcard-national-page') },
    { path: PATHS.admin.giftcardMunicipal, access: 'admin', load: () => import('./pages/giftcard-municipal-page') },
    { path: PATHS.admin.documents, access: 'admin', load: () => import('./documents/admin-documents-page') },
    { path: PATHS.admin.altriRami, access: 'admin', load: () => import('./pages/altri-rami-config-page') },
    { path: PATHS.admin.fideiussioni, access: 'admin', load: () => import('./pages/fideiussioni-config-page') },
    { path: PATHS.admin.provinces, access: 'admin', load: () => import('./pages/provinces-page') },
    { path: PATHS.admin.audit, access: 'admin', load: () => import('./audit/audit-page') },
  ],
  nav: [
    { group: 'admin', order: 10, label: 'Dashboard', to: PATHS.admin.dashboard, icon: 'chart' },
    { group: 'admin', order: 20, label: 'Gestione utenti', to: PATHS.admin.users, icon: 'users' },
    { group: 'admin', order: 40, label: 'Gestione compagnie', to: PATHS.admin.companies, icon: 'building' },
    { group: 'admin', order: 50, label: 'Gestione agenzie', to: PATHS.admin.agencies, icon: 'building' },
    { group: 'admin', order: 60, label: 'Impostazioni', to: PATHS.admin.settings, icon: 'settings' },
    { group: 'admin', order: 80, label: 'Pagamenti', to: PATHS.admin.payments, icon: 'card' },
    { group: 'admin', subgroup: 'giftcard', order: 90, label: 'Categorie', to: PATHS.admin.giftcardCategories },
    { group: 'admin', subgroup: 'giftcard', order: 91, label: 'Nazionali', to: PATHS.admin.giftcardNational },
    { group: 'admin', subgroup: 'giftcard', order: 92, label: 'Comunali', to: PATHS.admin.giftcardMunicipal },
    { group: 'admin', order: 100, label: 'Documenti', to: PATHS.admin.documents, icon: 'folder' },
    { group: 'admin', order: 110, label: 'Altri rami', to: PATHS.admin.altriRami, icon: 'umbrella' },
    { group: 'admin', order: 120, label: 'Fideiussioni', to: PATHS.admin.fideiussioni, icon: 'file' },
    { group: 'admin', order: 130, label: 'Province e città', to: PATHS.admin.provinces, icon: 'mapPin' },
    { group: 'admin', order: 140, label: 'Registro attività', to: PATHS.admin.audit, icon: 'checks' },
  ],
});
