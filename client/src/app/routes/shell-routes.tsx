import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { TFeatureRoute, TRouteAccess } from '../../lib/features';
import type { TSession } from '../../lib/session/session-context';
import { hasAccountPages, hasGiftcardPage } from '../../lib/session/role-rules';
import { FEATURES } from '../features';
import { ACCOUNT_ONLY_MESSAGE, ADMIN_ONLY_MESSAGE, RequireRole } from './require-role';

// One chunk per page (spec section 2 routes); the paths are relative to '/'.
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return <Page />;
};
const at = (path: string) => path.slice(1);

/** The guard of each kind of restricted page: admin pages, the profile menu pages (not for brokers), the gift card. */
const GUARDS: Record<TRouteAccess, { allow: (session: TSession) => boolean; message: string }> = {
  admin: { allow: (session) => session.isAdmin, message: ADMIN_ONLY_MESSAGE },
  account: { allow: (session) => hasAccountPages(session.user?.role), message: ACCOUNT_ONLY_MESSAGE },
  giftcard: { allow: (session) => hasGiftcardPage(session.user?.role), message: ACCOUNT_ONLY_MESSAGE },
};

const toRoute = (route: TFeatureRoute): RouteObject => ({ path: at(route.path), element: page(route.load) });

/** Every feature's pages, under the guard of their kind (a page without one is for every signed-in user). */
export const buildShellRoutes = (routes: readonly TFeatureRoute[]): RouteObject[] => [
  { index: true, element: page(() => import('./home-page')) },
  ...routes.filter((route) => !route.access).map(toRoute),
  ...(Object.keys(GUARDS) as TRouteAccess[]).map((access) => ({
    element: <RequireRole allow={GUARDS[access].allow} message={GUARDS[access].message} />,
    children: routes.filter((route) => route.access === access).map(toRoute),
  })),
  { path: '*', element: page(() => import('./not-found-page')) },
];

export const shellRoutes: RouteObject[] = buildShellRoutes(FEATURES.flatMap((feature) => feature.routes ?? []));
