import { describe, expect, it } from 'vitest';
import { filterClients, sortClients, type TClientRow } from './clients-list';

const client = (overrides: Partial<TClientRow>): TClientRow => ({
  id: overrides.id ?? 'c',
  type: 'persona',
  name: '',
  surname: '',
  business: '',
  email: '',
  phone: '',
  cf: '',
  vat: '',
  cornerId: 'k',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const rossi = client({ id: 'rossi', name: 'Mario', surname: 'Rossi', email: 'mario@example.it', phone: '3331234567', cf: 'RSSMRA85T10A562S', createdAt: '2026-02-01T00:00:00.000Z' });
const nicolo = client({ id: 'nicolo', name: 'Nicolò', surname: 'Bianchi', createdAt: '2026-03-01T00:00:00.000Z' });
const ferri = client({ id: 'ferri', type: 'azienda', business: 'Ferri Srl', vat: '01234560017', createdAt: '2026-01-15T00:00:00.000Z' });
const all = [rossi, nicolo, ferri];

describe('filterClients', () => {
  it('searches every filter field, ignoring case and accents', () => {
    expect(filterClients(all, 'ROSSI', 'all').map((c) => c.id)).toEqual(['rossi']);
    expect(filterClients(all, '333123', 'all').map((c) => c.id)).toEqual(['rossi']);
    expect(filterClients(all, 'rssmra85', 'all').map((c) => c.id)).toEqual(['rossi']);
    expect(filterClients(all, '01234560017', 'all').map((c) => c.id)).toEqual(['ferri']);
    expect(filterClients(all, 'nicolo', 'all').map((c) => c.id)).toEqual(['nicolo']);
    expect(filterClients(all, 'azienda', 'all').map((c) => c.id)).toEqual(['ferri']);
  });

  it('needs every word and filters by type', () => {
    expect(filterClients(all, 'mario bianchi', 'all')).toEqual([]);
    expect(filterClients(all, '', 'azienda').map((c) => c.id)).toEqual(['ferri']);
    expect(filterClients(all, '', 'persona').map((c) => c.id)).toEqual(['rossi', 'nicolo']);
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
