import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CLIENTS_STATE,
  describeAddedRange,
  hasClientFilters,
  isReversedRange,
  NO_CLIENT_FILTERS,
  readClientsState,
  startOfLocalDay,
  toClientsQuery,
  writeClientsState,
  type TClientsListState,
} from './clients-list';

const state = (overrides: Partial<TClientsListState['filters']> = {}, rest: Partial<Omit<TClientsListState, 'filters'>> = {}): TClientsListState => ({
  ...DEFAULT_CLIENTS_STATE,
  ...rest,
  filters: { ...NO_CLIENT_FILTERS, ...overrides, fields: { ...NO_CLIENT_FILTERS.fields, ...overrides.fields } },
});

describe('the list state in the address', () => {
  it('writes only what differs from the default, in Italian, and reads it back', () => {
    expect(writeClientsState(DEFAULT_CLIENTS_STATE).toString()).toBe('');
    const full = state(
      { search: 'mario rossi', type: 'persona', fields: { ...NO_CLIENT_FILTERS.fields, surname: 'ross', cf: 'RSSMRA' }, addedFrom: '2026-03-05', addedTo: '2026-03-10', cornerId: 'c1' },
      { sort: 'newest', page: 3, limit: 50 },
    );
    const params = writeClientsState(full);
    expect(params.toString()).toBe('q=mario+rossi&tipo=persona&cognome=ross&cf=RSSMRA&dal=2026-03-05&al=2026-03-10&corner=c1&ordine=newest&pagina=3&per=50');
    expect(readClientsState(params)).toEqual(full);
  });

  it('falls back to the default for anything it does not know', () => {
    const read = readClientsState(new URLSearchParams('tipo=alieno&ordine=cognome&pagina=-2&per=30&dal=ieri&al=2026-13-40'));
    expect(read).toEqual(DEFAULT_CLIENTS_STATE);
  });
});

describe('the clients.find input', () => {
  it('sends the search, the fields set, the order and the page', () => {
    const query = toClientsQuery(state({ search: '  rossi ', type: 'azienda', fields: { ...NO_CLIENT_FILTERS.fields, vat: '0123', email: ' ' } }, { sort: 'name-desc', page: 2, limit: 100 }), { byCorner: false });
    expect(query).toEqual({ page: 2, limit: 100, sort: 'name-desc', q: 'rossi', type: 'azienda', vat: '0123' });
  });

  it('bounds whole local days: from the start of the first to the start of the day after the last', () => {
    const query = toClientsQuery(state({ addedFrom: '2026-03-05', addedTo: '2026-03-05' }), { byCorner: false });
    expect(query.createdFrom).toEqual(new Date(2026, 2, 5));
    expect(query.createdTo).toEqual(new Date(2026, 2, 6));
    expect(startOfLocalDay('2026-12-31', 1)).toEqual(new Date(2027, 0, 1));
    expect(startOfLocalDay('5 marzo')).toBeNull();
  });

  it('filters by corner only in the admins’ list', () => {
    expect(toClientsQuery(state({ cornerId: 'c1' }), { byCorner: true }).cornerId).toBe('c1');
    expect(toClientsQuery(state({ cornerId: 'c1' }), { byCorner: false }).cornerId).toBeUndefined();
  });
});

describe('the filters in words', () => {
  it('tells a reversed range and which filters are on', () => {
    expect(isReversedRange({ addedFrom: '2026-03-06', addedTo: '2026-03-05' })).toBe(true);
    expect(isReversedRange({ addedFrom: '2026-03-05', addedTo: '2026-03-05' })).toBe(false);
    expect(hasClientFilters(NO_CLIENT_FILTERS)).toBe(false);
    expect(hasClientFilters({ ...NO_CLIENT_FILTERS, search: '   ' })).toBe(false);
    expect(hasClientFilters({ ...NO_CLIENT_FILTERS, addedTo: '2026-03-05' })).toBe(true);
    expect(hasClientFilters({ ...NO_CLIENT_FILTERS, fields: { ...NO_CLIENT_FILTERS.fields, phone: '347' } })).toBe(true);
    expect(hasClientFilters({ ...NO_CLIENT_FILTERS, cornerId: 'c1' })).toBe(true);
  });

  it('describes the period in Italian', () => {
    expect(describeAddedRange({ addedFrom: '2026-03-05', addedTo: '2026-03-10' })).toBe('tra il 05/03/2026 e il 10/03/2026');
    expect(describeAddedRange({ addedFrom: '2026-03-05', addedTo: '2026-03-05' })).toBe('il 05/03/2026');
    expect(describeAddedRange({ addedFrom: '2026-03-05', addedTo: null })).toBe('dal 05/03/2026 in poi');
    expect(describeAddedRange({ addedFrom: null, addedTo: '2026-03-05' })).toBe('fino al 05/03/2026');
    expect(describeAddedRange(NO_CLIENT_FILTERS)).toBeNull();
  });
});
