import { describe, expect, it } from 'vitest';
import { ADMIN_GROUP, groupContainsPath, isActivePath, WORK_GROUP } from './nav-items';

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
  it('finds a page inside a nested group', () => {
    expect(groupContainsPath(ADMIN_GROUP, '/admin/gift-card/comunali')).toBe(true);
    expect(groupContainsPath(ADMIN_GROUP, '/clienti')).toBe(false);
    expect(groupContainsPath(WORK_GROUP, '/luce-e-gas')).toBe(true);
  });
});
