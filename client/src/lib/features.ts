import type { ComponentType } from 'react';
import type { TIconName } from '../components/icons';

/**
 * Who may open a route: any signed-in user (no access), admins only, the roles with the profile menu pages
 * (`account`), or the roles with the gift card page (`giftcard`). app/routes/shell-routes.tsx guards each kind.
 */
export type TRouteAccess = 'admin' | 'account' | 'giftcard';

/** A signed-in page: its path (from '/'), its lazily loaded page component, who may open it. */
export type TFeatureRoute = { path: string; load: () => Promise<{ default: ComponentType }>; access?: TRouteAccess };

/** The sidebar groups of spec section 2 (app/nav.ts defines their labels and icons). */
export type TNavGroupKey = 'admin' | 'work';
export type TNavSubgroupKey = 'giftcard';

/** A sidebar link a feature brings: its group (and sub-group), label, icon and place (`order`, ascending). */
export type TNavEntry = { group: TNavGroupKey; subgroup?: TNavSubgroupKey; label: string; to: string; icon?: TIconName; order: number };

/** One client feature, as the app assembles it (`features/<name>/feature.ts`, listed in app/features.ts). */
export type TFeature = { name: string; routes?: readonly TFeatureRoute[]; nav?: readonly TNavEntry[] };

export const defineFeature = (feature: TFeature): TFeature => feature;

export type TNavLink = { label: string; to: string; icon?: TIconName };
export type TNavGroup = { label: string; icon: TIconName; items: (TNavLink | TNavGroup)[] };

/** The sidebar as the app assembles it: the home link, then its groups (the admin one for admins only). */
export type TNav = { home: TNavLink; groups: readonly { group: TNavGroup; adminOnly: boolean }[] };
