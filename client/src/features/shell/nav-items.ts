import type { TNavGroup, TNavLink } from '../../lib/features';

export type { TNavGroup, TNavLink } from '../../lib/features';

export const isNavGroup = (item: TNavLink | TNavGroup): item is TNavGroup => 'items' in item;

/** '/' only on the home page itself; any other link also for the pages below it. */
export const isActivePath = (to: string, pathname: string): boolean =>
  to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);

export const groupContainsPath = (group: TNavGroup, pathname: string): boolean =>
  group.items.some((item) => (isNavGroup(item) ? groupContainsPath(item, pathname) : isActivePath(item.to, pathname)));
