import type { TListPracticesQuery, TPracticeSort } from '../../../../shared/schemas/practices';
import { isProductSector } from '../../../../shared/schemas/products';
import { isUtilitySector, type TSectorSlug, type TUtilitySectorSlug } from '../../../../shared/sectors';
import { normalizeSupplyCode } from '../../../../shared/validation/utilities';
import type { TProductSector } from './sectors/products/product-labels';

/**
 * The state of a sector's practice list (`/rca`, `/luce-e-gas`) and of the brokers' worklist: filters, order and page, kept in the
 * address (back, forward and a reload bring the same list back) and sent to practices.list, which filters, sorts
 * and pages on the server.
 */

export const PRACTICE_PAGE_SIZES = [20, 50, 100] as const;
export type TPracticePageSize = (typeof PRACTICE_PAGE_SIZES)[number];
export const DEFAULT_PRACTICE_PAGE_SIZE: TPracticePageSize = 20;

export const PRACTICE_SORT_LABELS: Record<TPracticeSort, string> = {
  newest: 'Più recenti',
  oldest: 'Meno recenti',
  waiting: 'In attesa da più tempo',
  updated: 'Aggiornate di recente',
};

/** The worklist's age filter: practices whose state has not changed for at least this many days. */
export const PRACTICE_AGES = [1, 3, 7, 30] as const;
export type TPracticeAge = (typeof PRACTICE_AGES)[number];
export const PRACTICE_AGE_LABELS: Record<TPracticeAge, string> = {
  1: 'Aperte da più di 1 giorno',
  3: 'Aperte da più di 3 giorni',
  7: 'Aperte da più di 7 giorni',
  30: 'Aperte da più di 30 giorni',
};

export type TPracticeFilters = {
  /** The free search: plate, chassis, make, model, tax codes. */
  search: string;
  state: string | null;
  clientId: string | null;
  cornerId: string | null;
  /** Local days "YYYY-MM-DD" of the opening, both included. */
  createdFrom: string | null;
  createdTo: string | null;
  /** Opened at least this many days ago (the worklist). */
  age: TPracticeAge | null;
  /** Utilities: the offer's catalogue code. */
  offerId: string | null;
  /** Product sectors (altri rami, fideiussioni): the id of the product the practices were filled with. */
  productId: string | null;
  /** Luce e gas: a POD or PDR, normalised (no blanks, upper case); the server matches it exactly. */
  supplyCode: string | null;
  /** Utilities: days "YYYY-MM-DD" of the expected start of the supply, both included. */
  expectedFrom: string | null;
  expectedTo: string | null;
};

export type TPracticesListState = { filters: TPracticeFilters; sort: TPracticeSort; page: number; limit: TPracticePageSize };

export const NO_PRACTICE_FILTERS: TPracticeFilters = {
  search: '',
  state: null,
  clientId: null,
  cornerId: null,
  createdFrom: null,
  createdTo: null,
  age: null,
  offerId: null,
  productId: null,
  supplyCode: null,
  expectedFrom: null,
  expectedTo: null,
};

export type TUtilitySector = TUtilitySectorSlug;
export { isUtilitySector };

/** Whether the sector's list filters by product: the sectors whose catalogue is products the admin builds (issue 29). */
export const hasProductFilter = (sector: TSectorSlug): sector is TProductSector => isProductSector(sector);

/** The filters of the utility sectors: offer and expected start for both, the meter's code for luce e gas only (GPL has none). */
export const utilityFiltersOf = (sector: TSectorSlug): { offer: boolean; supplyCode: boolean; expectedStart: boolean } => ({
  offer: isUtilitySector(sector),
  supplyCode: sector === 'luce-e-gas',
  expectedStart: isUtilitySector(sector),
});

/** The corner's list starts from the newest; the brokers' worklist from the practice waiting longest. */
export const defaultPracticesState = (sort: TPracticeSort = 'newest'): TPracticesListState => ({
  filters: NO_PRACTICE_FILTERS,
  sort,
  page: 1,
  limit: DEFAULT_PRACTICE_PAGE_SIZE,
});

export const hasPracticeFilters = (filters: TPracticeFilters): boolean =>
  filters.search.trim() !== '' ||
  filters.state !== null ||
  filters.clientId !== null ||
  filters.cornerId !== null ||
  filters.createdFrom !== null ||
  filters.createdTo !== null ||
  filters.age !== null ||
  filters.offerId !== null ||
  filters.productId !== null ||
  filters.supplyCode !== null ||
  filters.expectedFrom !== null ||
  filters.expectedTo !== null;

export const isReversedPracticeRange = ({ createdFrom, createdTo }: Pick<TPracticeFilters, 'createdFrom' | 'createdTo'>): boolean =>
  createdFrom !== null && createdTo !== null && createdFrom > createdTo;

export const isReversedExpectedRange = ({ expectedFrom, expectedTo }: Pick<TPracticeFilters, 'expectedFrom' | 'expectedTo'>): boolean =>
  expectedFrom !== null && expectedTo !== null && expectedFrom > expectedTo;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The first instant of a local day "YYYY-MM-DD" on the user's calendar (as the clients' list reads its dates). */
export const startOfLocalDay = (day: string, plusDays = 0): Date | null => {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const start = new Date(year, month, date);
  if (start.getFullYear() !== year || start.getMonth() !== month || start.getDate() !== date) return null;
  return plusDays === 0 ? start : new Date(year, month, date + plusDays);
};

const SORTS: readonly TPracticeSort[] = ['newest', 'oldest', 'waiting', 'updated'];
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const readDay = (value: string | null): string | null => (value && startOfLocalDay(value) ? value : null);
const readGuid = (value: string | null): string | null => (value && GUID.test(value) ? value : null);
/** The bounds of practices.list's input (an offer code up to 60 characters, a POD or PDR up to 40). */
const readText = (value: string | null, max: number): string | null => {
  const text = value?.trim() ?? '';
  return text !== '' && text.length <= max ? text : null;
};
const readSupplyCode = (value: string | null): string | null => readText(value === null ? null : normalizeSupplyCode(value), 40);

/**
 * The list's state from the address; anything unknown there (a state of no definition, a bad id) falls back. Given
 * the sector, the filters it does not have are dropped too (an offer on `/rca`, a POD or a product on `/gpl`).
 */
export const readPracticesState = (
  params: URLSearchParams,
  { states, defaultSort, sector }: { states: readonly string[]; defaultSort: TPracticeSort; sector?: TSectorSlug },
): TPracticesListState => {
  const page = Number.parseInt(params.get('pagina') ?? '1', 10);
  const limit = Number.parseInt(params.get('per') ?? '', 10);
  const age = Number.parseInt(params.get('eta') ?? '', 10);
  const state = params.get('stato');
  const sort = params.get('ordine');
  const has = sector ? utilityFiltersOf(sector) : { offer: true, supplyCode: true, expectedStart: true };
  return {
    filters: {
      search: params.get('q') ?? '',
      state: state !== null && states.includes(state) ? state : null,
      clientId: readGuid(params.get('cliente')),
      cornerId: readGuid(params.get('corner')),
      createdFrom: readDay(params.get('dal')),
      createdTo: readDay(params.get('al')),
      age: (PRACTICE_AGES as readonly number[]).includes(age) ? (age as TPracticeAge) : null,
      offerId: has.offer ? readText(params.get('offerta'), 60) : null,
      productId: !sector || hasProductFilter(sector) ? readGuid(params.get('prodotto')) : null,
      supplyCode: has.supplyCode ? readSupplyCode(params.get('codice')) : null,
      expectedFrom: has.expectedStart ? readDay(params.get('decorrenza-dal')) : null,
      expectedTo: has.expectedStart ? readDay(params.get('decorrenza-al')) : null,
    },
    sort: sort !== null && (SORTS as readonly string[]).includes(sort) ? (sort as TPracticeSort) : defaultSort,
    page: Number.isFinite(page) && page > 0 ? page : 1,
    limit: (PRACTICE_PAGE_SIZES as readonly number[]).includes(limit) ? (limit as TPracticePageSize) : DEFAULT_PRACTICE_PAGE_SIZE,
  };
};

/** The address of a state: only what differs from the default, in Italian. */
export const writePracticesState = ({ filters, sort, page, limit }: TPracticesListState, { defaultSort }: { defaultSort: TPracticeSort }): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('q', filters.search.trim());
  if (filters.state) params.set('stato', filters.state);
  if (filters.clientId) params.set('cliente', filters.clientId);
  if (filters.cornerId) params.set('corner', filters.cornerId);
  if (filters.createdFrom) params.set('dal', filters.createdFrom);
  if (filters.createdTo) params.set('al', filters.createdTo);
  if (filters.age) params.set('eta', String(filters.age));
  if (filters.offerId) params.set('offerta', filters.offerId);
  if (filters.productId) params.set('prodotto', filters.productId);
  if (filters.supplyCode) params.set('codice', filters.supplyCode);
  if (filters.expectedFrom) params.set('decorrenza-dal', filters.expectedFrom);
  if (filters.expectedTo) params.set('decorrenza-al', filters.expectedTo);
  if (sort !== defaultSort) params.set('ordine', sort);
  if (page > 1) params.set('pagina', String(page));
  if (limit !== DEFAULT_PRACTICE_PAGE_SIZE) params.set('per', String(limit));
  return params;
};

const DAY_MS = 24 * 60 * 60 * 1000;

export type TPracticesQuery = Partial<TListPracticesQuery> & Pick<TListPracticesQuery, 'page' | 'limit' | 'sort'>;

/**
 * The practices.list input of a state: the dates as the instants bounding the local days (from the start of the
 * first to the start of the day after the last); the age as "opened before now minus that many days", the
 * stricter of it and the date range winning. `now` is passed so that a query key stays the same between renders.
 * The expected start of a supply is a calendar day on the server as well: its days go as they are.
 * The brokers' worklist (`openOnly`) asks only for the practices still open (no issued, refused or ceased one); a
 * state chosen in the filter wins over it (the server's rule), so the broker can still look up an issued practice.
 */
export const toPracticesQuery = ({ filters, sort, page, limit }: TPracticesListState, now: Date, { openOnly = false }: { openOnly?: boolean } = {}): TPracticesQuery => {
  const query: TPracticesQuery = { page, limit, sort };
  if (filters.search.trim()) query.q = filters.search.trim();
  if (filters.state) query.state = filters.state;
  else if (openOnly) query.open = true;
  if (filters.clientId) query.clientId = filters.clientId;
  if (filters.cornerId) query.cornerId = filters.cornerId;
  const from = filters.createdFrom ? startOfLocalDay(filters.createdFrom) : null;
  const dayAfter = filters.createdTo ? startOfLocalDay(filters.createdTo, 1) : null;
  const ageLimit = filters.age ? new Date(now.getTime() - filters.age * DAY_MS) : null;
  const to = dayAfter && ageLimit ? (dayAfter < ageLimit ? dayAfter : ageLimit) : (dayAfter ?? ageLimit);
  if (from) query.from = from;
  if (to) query.to = to;
  if (filters.offerId) query.offerId = filters.offerId;
  if (filters.productId) query.productId = filters.productId;
  if (filters.supplyCode) query.supplyCode = filters.supplyCode;
  if (filters.expectedFrom) query.expectedFrom = filters.expectedFrom;
  if (filters.expectedTo) query.expectedTo = filters.expectedTo;
  return query;
};

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** How long a practice has waited since its last state change, in Italian: "3 giorni", "5 ore", "meno di un'ora". */
export const formatWaited = (since: Date, now: Date): string => {
  const elapsed = Math.max(0, now.getTime() - since.getTime());
  const days = Math.floor(elapsed / DAY_MS);
  if (days >= 1) return days === 1 ? '1 giorno' : `${days} giorni`;
  const hours = Math.floor(elapsed / HOUR);
  if (hours >= 1) return hours === 1 ? '1 ora' : `${hours} ore`;
  const minutes = Math.floor(elapsed / MINUTE);
  return minutes >= 1 ? (minutes === 1 ? '1 minuto' : `${minutes} minuti`) : 'meno di un minuto';
};

/** Waiting long enough to stand out in the worklist (more than two days). */
export const isLongWait = (since: Date, now: Date): boolean => now.getTime() - since.getTime() > 2 * DAY_MS;
