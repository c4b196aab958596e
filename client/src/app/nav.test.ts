import { describe, expect, it } from 'vitest';
import { FEATURES } from './features';
import { buildNav, NAV } from './nav';

// The sidebar of spec section 2 as it was written by hand before it was assembled from the features.
const ADMIN_GROUP = {
  label: 'Amministrazione',
  icon: 'shield',
  items: [
    { label: 'Dashboard', to: '/admin/dashboard', icon: 'chart' },
    { label: 'Gestione utenti', to: '/admin/gestione-utenti', icon: 'users' },
    { label: 'Clienti', to: '/admin/clienti', icon: 'user' },
    { label: 'Gestione compagnie', to: '/admin/gestione-compagnie', icon: 'building' },
    { label: 'Gestione agenzie', to: '/admin/gestione-agenzie', icon: 'building' },
    { label: 'Impostazioni', to: '/admin/impostazioni', icon: 'settings' },
    { label: 'Notizie', to: '/admin/notizie', icon: 'news' },
    { label: 'Pagamenti', to: '/admin/pagamenti', icon: 'card' },
    {
      label: 'Gift Card',
      icon: 'gift',
      items: [
        { label: 'Categorie', to: '/admin/gift-card/categorie' },
        { label: 'Nazionali', to: '/admin/gift-card/nazionali' },
        { label: 'Comunali', to: '/admin/gift-card/comunali' },
      ],
    },
    { label: 'Documenti', to: '/admin/documenti', icon: 'folder' },
    { label: 'Altri rami', to: '/admin/altri-rami', icon: 'umbrella' },
    { label: 'Fideiussioni', to: '/admin/fideiussioni', icon: 'file' },
    { label: 'Province e città', to: '/admin/provincie-citta', icon: 'mapPin' },
    { label: 'Registro attività', to: '/admin/audit', icon: 'checks' },
  ],
};
const WORK_GROUP = {
  label: 'Clienti e settori',
  icon: 'users',
  items: [
    { label: 'Clienti', to: '/clienti', icon: 'users' },
    { label: 'RC Auto', to: '/rca', icon: 'car' },
    { label: 'Altri rami', to: '/altri-rami', icon: 'umbrella' },
    { label: 'Fideiussioni', to: '/fideiussioni', icon: 'file' },
    { label: 'Luce e gas', to: '/luce-e-gas', icon: 'bolt' },
    { label: 'GPL', to: '/gpl', icon: 'flame' },
  ],
};

describe('the sidebar assembled from the features', () => {
  it('keeps the links, labels, icons, order and groups of spec section 2', () => {
    expect(NAV).toEqual({
      home: { label: 'Home', to: '/', icon: 'home' },
      groups: [
        { group: ADMIN_GROUP, adminOnly: true },
        { group: WORK_GROUP, adminOnly: false },
      ],
    });
  });

  it('places a new feature entry by its order, whatever the order of the list', () => {
    const extra = { name: 'extra', nav: [{ group: 'work' as const, order: 15, label: 'Pratiche', to: '/pratiche', icon: 'folder' as const }] };
    const nav = buildNav([...FEATURES].reverse().concat(extra));
    expect(nav.groups[1]!.group.items.map((item) => item.label)).toEqual(['Clienti', 'Pratiche', 'RC Auto', 'Altri rami', 'Fideiussioni', 'Luce e gas', 'GPL']);
    expect(nav.groups[0]!.group).toEqual(ADMIN_GROUP);
  });
});
