import type { TIconName } from '../../components/icons';
import { PATHS } from '../../lib/paths';

export type TNavLink = { label: string; to: string; icon?: TIconName };
export type TNavGroup = { label: string; icon: TIconName; items: (TNavLink | TNavGroup)[] };

export const isNavGroup = (item: TNavLink | TNavGroup): item is TNavGroup => 'items' in item;

export const HOME_LINK: TNavLink = { label: 'Home', to: PATHS.home, icon: 'home' };

/** Spec section 2: the admin-only group, with the Gift Card sub-group. */
export const ADMIN_GROUP: TNavGroup = {
  label: 'Amministrazione',
  icon: 'shield',
  items: [
    { label: 'Dashboard', to: PATHS.admin.dashboard, icon: 'chart' },
    { label: 'Gestione utenti', to: PATHS.admin.users, icon: 'users' },
    { label: 'Clienti', to: PATHS.admin.clients, icon: 'user' },
    { label: 'Gestione compagnie', to: PATHS.admin.companies, icon: 'building' },
    { label: 'Gestione agenzie', to: PATHS.admin.agencies, icon: 'building' },
    { label: 'Impostazioni', to: PATHS.admin.settings, icon: 'settings' },
    { label: 'Notizie', to: PATHS.admin.news, icon: 'news' },
    { label: 'Pagamenti', to: PATHS.admin.payments, icon: 'card' },
    {
      label: 'Gift Card',
      icon: 'gift',
      items: [
        { label: 'Categorie', to: PATHS.admin.giftcardCategories },
        { label: 'Nazionali', to: PATHS.admin.giftcardNational },
        { label: 'Comunali', to: PATHS.admin.giftcardMunicipal },
      ],
    },
    { label: 'Documenti', to: PATHS.admin.documents, icon: 'folder' },
    { label: 'Altri rami', to: PATHS.admin.altriRami, icon: 'umbrella' },
    { label: 'Fideiussioni', to: PATHS.admin.fideiussioni, icon: 'file' },
    { label: 'Province e città', to: PATHS.admin.provinces, icon: 'mapPin' },
  ],
};

/** Spec section 2: the routes of every role. */
export const WORK_GROUP: TNavGroup = {
  label: 'Clienti e settori',
  icon: 'users',
  items: [
    { label: 'Clienti', to: PATHS.clients, icon: 'users' },
    { label: 'RC Auto', to: PATHS.rca, icon: 'car' },
    { label: 'Altri rami', to: PATHS.altriRami, icon: 'umbrella' },
    { label: 'Fideiussioni', to: PATHS.fideiussioni, icon: 'file' },
    { label: 'Luce e gas', to: PATHS.luceGas, icon: 'bolt' },
    { label: 'GPL', to: PATHS.gpl, icon: 'flame' },
  ],
};

/** '/' only on the home page itself; any other link also for the pages below it. */
export const isActivePath = (to: string, pathname: string): boolean =>
  to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);

export const groupContainsPath = (group: TNavGroup, pathname: string): boolean =>
  group.items.some((item) => (isNavGroup(item) ? groupContainsPath(item, pathname) : isActivePath(item.to, pathname)));
