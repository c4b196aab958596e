import { describe, expect, it } from 'vitest';
import { describeAddedRange, filterClients, hasClientFilters, isReversedRange, NO_CLIENT_FILTERS, sortClients, type TClientFilters } from './clients-list';
import type { TClient } from '../../../../shared/schemas/data';

const client = (overrides: Partial<TClient>): TClient => ({
  id: overrides.id ?? 'c',
  type: overrides.type ?? 'persona',
  kind: overrides.type ?? 'persona',
  displayName: '',
  comune: '',
  updatedAt: new Date('2026-01-01T00:00:00.000Z'),
  name: '',
  surname: '',
  business: '',
  email: '',
  phone: '',
  cf: '',
  vat: '',
  cornerId: 'k',
  createdAt: new Date('2026-01-01T00:00:00.000Z'),
  ...overrides,
});

const rossi = client({ id: 'rossi', name: 'Mario', surname: 'Rossi', email: 'mario@example.it', phone: '3331234567', cf: 'RSSMRA85T10A562S', createdAt: new Date('2026-02-01T00:00:00.000Z') });
const nicolo = client({ id: 'nicolo', name: 'Nicolò', surname: 'Bianchi', createdAt: new Date('2026-03-01T00:00:00.000Z') });
const ferri = client({ id: 'ferri', type: 'azienda', business: 'Ferri Srl', vat: '01234560017', createdAt: new Date('2026-01-15T00:00:00.000Z') });
const all = [rossi, nicolo, ferri];

const find = (clients: readonly TClient[], filters: Partial<TClientFilters>) => filterClients(clients, { ...NO_CLIENT_FILTERS, ...filters }).map((c) => c.id);

describe('filterClients', () => {
  it('searches every filter field, ignoring case and accents', () => {
    expect(find(all, { search: 'ROSSI', type: 'all' })).toEqual(['rossi']);
    expect(find(all, { search: '333123', type: 'all' })).toEqual(['rossi']);
    expect(find(all, { search: 'rssmra85', type: 'all' })).toEqual(['rossi']);
    expect(find(all, { search: '01234560017', type: 'all' })).toEqual(['ferri']);
    expect(find(all, { search: 'nicolo', type: 'all' })).toEqual(['nicolo']);
    expect(find(all, { search: 'azienda', type: 'all' })).toEqual(['ferri']);
  });

  it('needs every word and filters by type', () => {
    expect(find(all, { search: 'mario bianchi', type: 'all' })).toEqual([]);
    expect(find(all, { search: '', type: 'azienda' })).toEqual(['ferri']);
    expect(find(all, { search: '', type: 'persona' })).toEqual(['rossi', 'nicolo']);
  });
});

describe('filterClients by the day added', () => {
  // Built from local times, so the test holds in any time zone: the day is the user's, not UTC's.
  const at = (day: number, hours: number, minutes = 0) => new Date(2026, 2, day, hours, minutes);
  const early = client({ id: 'early', createdAt: at(4, 23, 59) });
  const midnight = client({ id: 'midnight', createdAt: at(5, 0, 0) });
  const late = client({ id: 'late', createdAt: at(5, 23, 59) });
  const next = client({ id: 'next', createdAt: at(6, 0, 1) });
  const days = [early, midnight, late, next];

  it('includes both ends, whole local days', () => {
    expect(find(days, { addedFrom: '2026-03-05', addedTo: '2026-03-05' })).toEqual(['midnight', 'late']);
    expect(find(days, { addedFrom: '2026-03-05' })).toEqual(['midnight', 'late', 'next']);
    expect(find(days, { addedTo: '2026-03-05' })).toEqual(['early', 'midnight', 'late']);
    expect(find(days, { addedFrom: '2026-03-07' })).toEqual([]);
  });

  it('combines with the search and the type', () => {
    expect(find(all, { addedFrom: '2026-01-10', type: 'persona' })).toEqual(['rossi', 'nicolo']);
    expect(find(all, { addedFrom: '2026-01-10', addedTo: '2026-02-15', search: 'rossi' })).toEqual(['rossi']);
  });

  it('tells a reversed range and which filters are on', () => {
    expect(isReversedRange({ ...NO_CLIENT_FILTERS, addedFrom: '2026-03-06', addedTo: '2026-03-05' })).toBe(true);
    expect(isReversedRange({ ...NO_CLIENT_FILTERS, addedFrom: '2026-03-05', addedTo: '2026-03-05' })).toBe(false);
    expect(hasClientFilters(NO_CLIENT_FILTERS)).toBe(false);
    expect(hasClientFilters({ ...NO_CLIENT_FILTERS, search: '   ' })).toBe(false);
    expect(hasClientFilters({ ...NO_CLIENT_FILTERS, addedTo: '2026-03-05' })).toBe(true);
  });

  it('describes the period in Italian', () => {
    expect(describeAddedRange({ ...NO_CLIENT_FILTERS, addedFrom: '2026-03-05', addedTo: '2026-03-10' })).toBe('tra il 05/03/2026 e il 10/03/2026');
    expect(describeAddedRange({ ...NO_CLIENT_FILTERS, addedFrom: '2026-03-05', addedTo: '2026-03-05' })).toBe('il 05/03/2026');
    expect(describeAddedRange({ ...NO_CLIENT_FILTERS, addedFrom: '2026-03-05' })).toBe('dal 05/03/2026 in poi');
    expect(describeAddedRange({ ...NO_CLIENT_FILTERS, addedTo: '2026-03-05' })).toBe('fino al 05/03/2026');
    expect(describeAddedRange(NO_CLIENT_FILTERS)).toBeNull();
  });
});

describe('sortClients', () => {
  it('sorts by display name either way, or by date', () => {
    expect(sortClients(all, 'name-asc').map((c) => c.id)).toEqual(['ferri', 'rossi', 'nicolo']);
    expect(sortClients(all, 'name-desc').map((c) => c.id)).toEqual(['nicolo', 'rossi', 'ferri']);
    expect(sortClients(all, 'newest').map((c) => c.id)).toEqual(['nicolo', 'rossi', 'ferri']);
    expect(sortClients(all, 'oldest').map((c) => c.id)).toEqual(['ferri', 'rossi', 'nicolo']);
  });
});
