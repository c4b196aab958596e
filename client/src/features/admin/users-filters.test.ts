import { describe, expect, it } from 'vitest';
import { readUsersFilters, writeUsersFilters } from './users-filters';

describe('users filters in the address', () => {
  it('reads what it wrote', () => {
    const filters = { q: 'rossi', role: 'corner', state: 'active', page: 3 } as const;
    expect(readUsersFilters(writeUsersFilters(filters))).toEqual(filters);
  });

  it('ignores unknown roles, states and pages, and leaves defaults out of the address', () => {
    expect(readUsersFilters(new URLSearchParams('ruolo=capo&stato=x&pagina=-2'))).toEqual({ q: '', role: null, state: null, page: 1 });
    expect(writeUsersFilters({ q: '', role: null, state: null, page: 1 }).toString()).toBe('');
  });
});
