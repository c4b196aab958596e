import { describe, expect, it } from 'vitest';
import { groupContainsPath, isActivePath, type TNavGroup } from './nav-items';

describe('isActivePath', () => {
  it('marks Home only on the home page, other links also on their sub-pages', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/', '/clienti')).toBe(false);
    expect(isActivePath('/clienti', '/clienti')).toBe(true);
    expect(isActivePath('/admin/gift-card/categorie', '/admin/gift-card/categorie/nuova')).toBe(true);
    expect(isActivePath('/gpl', '/gpl-extra')).toBe(false);
  });
});

describe('groupContainsPath', () => {
  const admin: TNavGroup = {
    label: 'Amministrazione',
    icon: 'shield',
    items: [
      { label: 'Dashboard', to: '/admin/dashboard', icon: 'chart' },
      { label: 'Gift Card', icon: 'gift', items: [{ label: 'Comunali', to: '/admin/gift-card/comunali' }] },
    ],
  };
  const work: TNavGroup = { label: 'Clienti e settori', icon: 'users', items: [{ label: 'Luce e gas', to: '/luce-e-gas', icon: 'bolt' }] };

  it('finds a page inside a nested group', () => {
    expect(groupContainsPath(admin, '/admin/gift-card/comunali')).toBe(true);
    expect(groupContainsPath(admin, '/clienti')).toBe(false);
    expect(groupContainsPath(work, '/luce-e-gas')).toBe(true);
  });
});
