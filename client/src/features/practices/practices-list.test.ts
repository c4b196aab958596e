import { describe, expect, it } from 'vitest';
import {
  defaultPracticesState,
  formatWaited,
  hasPracticeFilters,
  hasProductFilter,
  isReversedExpectedRange,
  NO_PRACTICE_FILTERS,
  readPracticesState,
  toPracticesQuery,
  writePracticesState,
  type TPracticesListState,
} from './practices-list';

const STATES = ['quotating', 'askEmission', 'emitted', 'notEmitted'];
const CLIENT = '0b7c6a52-6f0c-4f4a-9d7e-2f1a3b4c5d6e';

describe('the practices list state in the address', () => {
  it('writes only what differs from the default and reads it back', () => {
    const state: TPracticesListState = {
      filters: { ...NO_PRACTICE_FILTERS, search: ' AB123CD ', state: 'emitted', clientId: CLIENT, createdFrom: '2026-03-01', createdTo: '2026-03-31' },
      sort: 'oldest',
      page: 3,
      limit: 50,
    };
    const params = writePracticesState(state, { defaultSort: 'newest' });
    expect(params.toString()).toBe(`q=AB123CD&stato=emitted&cliente=${CLIENT}&dal=2026-03-01&al=2026-03-31&ordine=oldest&pagina=3&per=50`);
    expect(readPracticesState(params, { states: STATES, defaultSort: 'newest' })).toEqual({ ...state, filters: { ...state.filters, search: 'AB123CD' } });
    expect(writePracticesState(defaultPracticesState('waiting'), { defaultSort: 'waiting' }).toString()).toBe('');
  });

  it('drops what it does not know: a state of no definition, a bad id, an impossible day, a page size not offered', () => {
    const read = readPracticesState(new URLSearchParams('stato=attivata&cliente=42&dal=2026-02-30&per=33&pagina=-1&eta=5&ordine=caso'), { states: STATES, defaultSort: 'waiting' });
    expect(read).toEqual(defaultPracticesState('waiting'));
    expect(hasPracticeFilters(read.filters)).toBe(false);
  });

  it('keeps the utility filters (offer, POD or PDR, expected start) in the address, the code normalised', () => {
    const state: TPracticesListState = {
      filters: { ...NO_PRACTICE_FILTERS, offerId: 'energia-nord-casa-dual', supplyCode: 'IT001E12345678', expectedFrom: '2027-02-01', expectedTo: '2027-02-28' },
      sort: 'waiting',
      page: 2,
      limit: 20,
    };
    const params = writePracticesState(state, { defaultSort: 'waiting' });
    expect(params.toString()).toBe('offerta=energia-nord-casa-dual&codice=IT001E12345678&decorrenza-dal=2027-02-01&decorrenza-al=2027-02-28&pagina=2');
    expect(readPracticesState(params, { states: STATES, defaultSort: 'waiting', sector: 'luce-e-gas' })).toEqual(state);
    expect(hasPracticeFilters(state.filters)).toBe(true);
    expect(hasPracticeFilters({ ...NO_PRACTICE_FILTERS, expectedTo: '2027-02-28' })).toBe(true);
    // A code typed with blanks, dots or lower case reads as the meter's code.
    expect(readPracticesState(new URLSearchParams('codice=0088 1234.5678-90'), { states: STATES, defaultSort: 'newest' }).filters.supplyCode).toBe('00881234567890');
  });

  it('drops the utility filters a sector does not have: all of them on RC Auto, the meter code on GPL', () => {
    const params = new URLSearchParams('offerta=gpl-casa&codice=IT001E12345678&decorrenza-dal=2027-02-01&decorrenza-al=2027-02-30');
    expect(readPracticesState(params, { states: STATES, defaultSort: 'newest', sector: 'rca' }).filters).toEqual(NO_PRACTICE_FILTERS);
    expect(readPracticesState(params, { states: STATES, defaultSort: 'newest', sector: 'gpl' }).filters).toEqual({ ...NO_PRACTICE_FILTERS, offerId: 'gpl-casa', expectedFrom: '2027-02-01' });
    const tooLong = new URLSearchParams(`offerta=${'x'.repeat(61)}&codice=${'1'.repeat(41)}`);
    expect(readPracticesState(tooLong, { states: STATES, defaultSort: 'newest', sector: 'luce-e-gas' }).filters).toEqual(NO_PRACTICE_FILTERS);
  });

  it('keeps the product filter of the product sectors in the address and sends it; other sectors drop it', () => {
    const PRODUCT = '00000000-0000-4000-8000-000000000a01';
    const state: TPracticesListState = { ...defaultPracticesState(), filters: { ...NO_PRACTICE_FILTERS, productId: PRODUCT } };
    const params = writePracticesState(state, { defaultSort: 'newest' });
    expect(params.toString()).toBe(`prodotto=${PRODUCT}`);
    expect(readPracticesState(params, { states: STATES, defaultSort: 'newest', sector: 'altri-rami' })).toEqual(state);
    expect(readPracticesState(params, { states: STATES, defaultSort: 'newest', sector: 'fideiussioni' }).filters.productId).toBe(PRODUCT);
    expect(readPracticesState(params, { states: STATES, defaultSort: 'newest', sector: 'gpl' }).filters).toEqual(NO_PRACTICE_FILTERS);
    expect(readPracticesState(new URLSearchParams('prodotto=casa'), { states: STATES, defaultSort: 'newest', sector: 'altri-rami' }).filters.productId).toBeNull();
    expect(hasPracticeFilters(state.filters)).toBe(true);
    expect(toPracticesQuery(state, new Date(2026, 10, 27))).toEqual({ page: 1, limit: 20, sort: 'newest', productId: PRODUCT });
    expect(hasProductFilter('altri-rami') && hasProductFilter('fideiussioni')).toBe(true);
    expect(['rca', 'gpl', 'luce-e-gas'].some((sector) => hasProductFilter(sector as 'rca'))).toBe(false);
  });

  it('sends the utility filters as practices.list reads them: the offer code, the meter code, the expected start days as they are', () => {
    const query = toPracticesQuery(
      { ...defaultPracticesState('waiting'), filters: { ...NO_PRACTICE_FILTERS, offerId: 'gpl-casa', supplyCode: '00881234567890', expectedFrom: '2027-02-01', expectedTo: '2027-03-01' } },
      new Date(2026, 10, 24),
    );
    expect(query).toEqual({ page: 1, limit: 20, sort: 'waiting', offerId: 'gpl-casa', supplyCode: '00881234567890', expectedFrom: '2027-02-01', expectedTo: '2027-03-01' });
    expect(isReversedExpectedRange({ expectedFrom: '2027-03-02', expectedTo: '2027-03-01' })).toBe(true);
    expect(isReversedExpectedRange({ expectedFrom: '2027-03-01', expectedTo: '2027-03-01' })).toBe(false);
  });

  it('asks the brokers’ worklist for the open practices only, unless a state is chosen (the corner’s list asks for all)', () => {
    const now = new Date(2026, 10, 24);
    expect(toPracticesQuery(defaultPracticesState('waiting'), now, { openOnly: true })).toEqual({ page: 1, limit: 20, sort: 'waiting', open: true });
    expect(toPracticesQuery(defaultPracticesState(), now)).toEqual({ page: 1, limit: 20, sort: 'newest' });
    const issued = { ...defaultPracticesState('waiting'), filters: { ...NO_PRACTICE_FILTERS, state: 'emitted' } };
    expect(toPracticesQuery(issued, now, { openOnly: true })).toEqual({ page: 1, limit: 20, sort: 'waiting', state: 'emitted' });
  });

  it('sends the local days as the instants that bound them, and the age as a limit on the opening', () => {
    const now = new Date(2026, 2, 20, 12, 0);
    const query = toPracticesQuery(
      { ...defaultPracticesState(), filters: { ...NO_PRACTICE_FILTERS, createdFrom: '2026-03-01', createdTo: '2026-03-18' } },
      now,
    );
    expect(query).toEqual({ page: 1, limit: 20, sort: 'newest', from: new Date(2026, 2, 1), to: new Date(2026, 2, 19) });
    // Older than 3 days wins over a later end of the period; an earlier end wins over the age.
    expect(toPracticesQuery({ ...defaultPracticesState(), filters: { ...NO_PRACTICE_FILTERS, createdTo: '2026-03-19', age: 3 } }, now).to).toEqual(new Date(2026, 2, 17, 12, 0));
    expect(toPracticesQuery({ ...defaultPracticesState(), filters: { ...NO_PRACTICE_FILTERS, createdTo: '2026-03-10', age: 3 } }, now).to).toEqual(new Date(2026, 2, 11));
  });

  it('tells the time waited in Italian', () => {
    const now = new Date('2026-03-20T12:00:00Z');
    expect(formatWaited(new Date('2026-03-20T11:59:40Z'), now)).toBe('meno di un minuto');
    expect(formatWaited(new Date('2026-03-20T11:59:00Z'), now)).toBe('1 minuto');
    expect(formatWaited(new Date('2026-03-20T07:00:00Z'), now)).toBe('5 ore');
    expect(formatWaited(new Date('2026-03-19T11:00:00Z'), now)).toBe('1 giorno');
    expect(formatWaited(new Date('2026-03-10T12:00:00Z'), now)).toBe('10 giorni');
  });
});
