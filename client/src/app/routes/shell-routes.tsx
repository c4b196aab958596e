import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PATHS } from '../../lib/paths';
import { hasAccountPages, hasGiftcardPage } from '../../lib/session/role-rules';
import { ACCOUNT_ONLY_MESSAGE, ADMIN_ONLY_MESSAGE, RequireRole } from './require-role';

// One chunk per page (spec section 2 routes); the paths are relative to '/'.
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return <Page />;
};
const at = (path: string) => path.slice(1);

const adminRoutes: RouteObject[] = [
  { path: at(PATHS.admin.dashboard), element: page(() => import('../../features/admin/pages/dashboard-page')) },
  { path: at(PATHS.admin.users), element: page(() => import('../../features/admin/pages/users-page')) },
  { path: at(PATHS.admin.clients), element: page(() => import('../../features/clients/pages/admin-clients-page')) },
  { path: at(PATHS.admin.companies), element: page(() => import('../../features/admin/pages/companies-page')) },
  { path: at(PATHS.admin.agencies), element: page(() => import('../../features/admin/pages/agencies-page')) },
  { path: at(PATHS.admin.settings), element: page(() => import('../../features/admin/pages/settings-page')) },
  { path: at(PATHS.admin.news), element: page(() => import('../../features/news/pages/admin-news-page')) },
  { path: at(PATHS.admin.payments), element: page(() => import('../../features/admin/pages/payments-page')) },
  { path: at(PATHS.admin.giftcardCategories), element: page(() => import('../../features/admin/pages/giftcard-categories-page')) },
  { path: at(PATHS.admin.giftcardNational), element: page(() => import('../../features/admin/pages/giftcard-national-page')) },
  { path: at(PATHS.admin.giftcardMunicipal), element: page(() => import('../../features/admin/pages/giftcard-municipal-page')) },
  { path: at(PATHS.admin.documents), element: page(() => import('../../features/admin/documents/admin-documents-page')) },
  { path: at(PATHS.admin.altriRami), element: page(() => import('../../features/admin/pages/altri-rami-config-page')) },
  { path: at(PATHS.admin.fideiussioni), element: page(() => import('../../features/admin/pages/fideiussioni-config-page')) },
  { path: at(PATHS.admin.provinces), element: page(() => import('../../features/admin/pages/provinces-page')) },
];

const workRoutes: RouteObject[] = [
  { path: at(PATHS.clients), element: page(() => import('../../features/clients/pages/clients-page')) },
  { path: at(PATHS.rca), element: page(() => import('../../features/sectors/pages/rca-page')) },
  { path: at(PATHS.altriRami), element: page(() => import('../../features/sectors/pages/altri-rami-page')) },
  { path: at(PATHS.fideiussioni), element: page(() => import('../../features/sectors/pages/fideiussioni-page')) },
  { path: at(PATHS.luceGas), element: page(() => import('../../features/sectors/pages/luce-gas-page')) },
  { path: at(PATHS.gpl), element: page(() => import('../../features/sectors/pages/gpl-page')) },
  { path: at(PATHS.notifications), element: page(() => import('../../features/notifications/pages/notifications-page')) },
];

/** Profile menu pages: not for brokers (spec sections 2 and 6); the gift card one for admins and corners. */
const accountRoutes: RouteObject[] = [
  { path: at(PATHS.profile), element: page(() => import('../../features/profile/pages/profile-page')) },
  { path: at(PATHS.payments), element: page(() => import('../../features/payments/pages/payments-page')) },
  { path: at(PATHS.documents), element: page(() => import('../../features/documents/pages/documents-page')) },
];

export const shellRoutes: RouteObject[] = [
  { index: true, element: page(() => import('./home-page')) },
  { element: <RequireRole allow={(session) => session.isAdmin} message={ADMIN_ONLY_MESSAGE} />, children: adminRoutes },
  ...workRoutes,
  { element: <RequireRole allow={(session) => hasAccountPages(session.user?.role)} message={ACCOUNT_ONLY_MESSAGE} />, children: accountRoutes },
  {
    element: <RequireRole allow={(session) => hasGiftcardPage(session.user?.role)} message={ACCOUNT_ONLY_MESSAGE} />,
    children: [{ path: at(PATHS.myGiftcard), element: page(() => import('../../features/giftcards/pages/my-giftcard-page')) }],
  },
  { path: '*', element: page(() => import('./not-found-page')) },
];
