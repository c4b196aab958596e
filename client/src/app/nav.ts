import type { TIconName } from '../components/icons';
import type { TFeature, TNav, TNavEntry, TNavGroup, TNavGroupKey, TNavLink, TNavSubgroupKey } from '../lib/features';
import { PATHS } from '../lib/paths';
import { FEATURES } from './features';

/** The sidebar groups of spec section 2, in their order; the admin one is shown to admins only. */
const GROUPS: readonly { key: TNavGroupKey; label: string; icon: TIconName; adminOnly: boolean }[] = [
  { key: 'admin', label: 'Amministrazione', icon: 'shield', adminOnly: true },
  { key: 'work', label: 'Clienti e settori', icon: 'users', adminOnly: false },
];
const SUBGROUPS: Record<TNavSubgroupKey, { label: string; icon: TIconName }> = {
  giftcard: { label: 'Gift Card', icon: 'gift' },
};

const HOME_LINK: TNavLink = { label: 'Home', to: PATHS.home, icon: 'home' };

const toLink = ({ label, to, icon }: TNavEntry): TNavLink => (icon ? { label, to, icon } : { label, to });

/** One group's items by `order`; a sub-group stands where its first entry does. */
const itemsOf = (entries: readonly TNavEntry[]): TNavGroup['items'] => {
  const sorted = [...entries].sort((a, b) => a.order - b.order);
  const items: TNavGroup['items'] = [];
  const subgroups = new Map<TNavSubgroupKey, TNavGroup>();
  for (const entry of sorted) {
    if (!entry.subgroup) {
      items.push(toLink(entry));
      continue;
    }
    let subgroup = subgroups.get(entry.subgroup);
    if (!subgroup) {
      subgroup = { ...SUBGROUPS[entry.subgroup], items: [] };
      subgroups.set(entry.subgroup, subgroup);
      items.push(subgroup);
    }
    subgroup.items.push(toLink(entry));
  }
  return items;
};

/** The sidebar from the features' nav entries. */
export const buildNav = (features: readonly TFeature[]): TNav => {
  const entries = features.flatMap((feature) => feature.nav ?? []);
  return {
    home: HOME_LINK,
    groups: GROUPS.map(({ key, label, icon, adminOnly }) => ({ group: { label, icon, items: itemsOf(entries.filter((entry) => entry.group === key)) }, adminOnly })),
  };
};

export const NAV = buildNav(FEATURES);
