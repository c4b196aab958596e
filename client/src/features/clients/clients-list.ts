import { REGISTRATION_TYPES } from '../../../../shared/constants';
import { CLIENT_SORTS, type TClient, type TClientListSort, type TListClientsQuery } from '../../../../shared/schemas/data';

/**
 * The state of /clienti and /admin/clienti: search, filters, order and page, kept in the address (so back, forward
 * and a reload bring the same list back) and sent to clients.find, which filters, sorts and pages on the server.
 */

export type TClientSort = TClientListSort;
export type TClientTypeFilter = 'all' | TClient['type'];

export const CLIENT_PAGE_SIZES = [25, 50, 100] as const;
export type TClientPageSize = (typeof CLIENT_PAGE_SIZES)[number];
export const DEFAULT_CLIENT_PAGE_SIZE: TClientPageSize = 25;

/** The filter fields of spec section 3 the server matches one by one (the type has its own control). */
export const CLIENT_FIELD_FILTERS = [
  { field: 'surname', label: 'Cognome', param: 'cognome' },
  { field: 'name', label: 'Nome', param: 'nome' },
  { field: 'business', label: 'Ragione sociale', param: 'ragione' },
  { field: 'cf', label: 'Codice fiscale', param: 'cf' },
  { field: 'vat', label: 'Partita IVA', param: 'piva' },
  { field: 'email', label: 'Email', param: 'email' },
  { field: 'phone', label: 'Telefono', param: 'telefono' },
] as const;
export type TClientField = (typeof CLIENT_FIELD_FILTERS)[number]['field'];

export type TClientFilters = {
  /** The free search: every word in any field. */
  search: string;
  type: TClientTypeFilter;
  fields: Record<TClientField, string>;
  /** Local days "YYYY-MM-DD", both included; null leaves that end open. */
  addedFrom: string | null;
  addedTo: string | null;
  /** The admins' filter by corner. */
  cornerId: string | null;
};

export type TClientsListState = { filters: TClientFilters; sort: TClientSort; page: number; limit: TClientPageSize };

const NO_FIELDS = Object.fromEntries(CLIENT_FIELD_FILTERS.map(({ field }) => [field, ''])) as Record<TClientField, string>;

export const NO_CLIENT_FILTERS: TClientFilters = { search: '', type: 'all', fields: NO_FIELDS, addedFrom: null, addedTo: null, cornerId: null };
export const DEFAULT_CLIENTS_STATE: TClientsListState = { filters: NO_CLIENT_FILTERS, sort: 'name', page: 1, limit: DEFAULT_CLIENT_PAGE_SIZE };

export const hasClientFilters = (filters: TClientFilters): boolean =>
  filters.search.trim() !== '' ||
  filters.type !== 'all' ||
  Object.values(filters.fields).some((value) => value.trim() !== '') ||
  filters.addedFrom !== null ||
  filters.addedTo !== null ||
  filters.cornerId !== null;

/** A range that ends before it starts: it can match nothing, and the user should be told why. */
export const isReversedRange = ({ addedFrom, addedTo }: Pick<TClientFilters, 'addedFrom' | 'addedTo'>): boolean =>
  addedFrom !== null && addedTo !== null && addedFrom > addedTo;

/** "2026-03-05" as an Italian reader writes it, "05/03/2026", without passing through UTC. */
const formatDay = (day: string): string => day.split('-').reverse().join('/');

/** The period of the date filters in words, for the empty state: "tra il 05/03/2026 e il 10/03/2026". */
export const describeAddedRange = ({ addedFrom, addedTo }: Pick<TClientFilters, 'addedFrom' | 'addedTo'>): string | null => {
  if (addedFrom !== null && addedTo !== null) return addedFrom === addedTo ? `il ${formatDay(addedFrom)}` : `tra il ${formatDay(addedFrom)} e il ${formatDay(addedTo)}`;
  if (addedFrom !== null) return `dal ${formatDay(addedFrom)} in poi`;
  if (addedTo !== null) return `fino al ${formatDay(addedTo)}`;
  return null;
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The first instant of a local day "YYYY-MM-DD" on the user's calendar (23:30 UTC on 4 March is 5 March in Rome). */
export const startOfLocalDay = (day: string, plusDays = 0): Date | null => {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const start = new Date(year, month, date);
  if (start.getFullYear() !== year || start.getMonth() !== month || start.getDate() !== date) return null; // "2026-02-30"
  return plusDays === 0 ? start : new Date(year, month, date + plusDays);
};

const readDay = (value: string | null): string | null => (value && startOfLocalDay(value) ? value : null);
const pick = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** The list's state from the address; anything unknown there falls back to the default. */
export const readClientsState = (params: URLSearchParams): TClientsListState => {
  const page = Number.parseInt(params.get('pagina') ?? '1', 10);
  const limit = Number.parseInt(params.get('per') ?? '', 10);
  return {
    filters: {
      search: params.get('q') ?? '',
      type: pick(REGISTRATION_TYPES, params.get('tipo')) ?? 'all',
      fields: Object.fromEntries(CLIENT_FIELD_FILTERS.map(({ field, param }) => [field, params.get(param) ?? ''])) as Record<TClientField, string>,
      addedFrom: readDay(params.get('dal')),
      addedTo: readDay(params.get('al')),
      cornerId: params.get('corner') || null,
    },
    sort: pick(CLIENT_SORTS, params.get('ordine')) ?? 'name',
    page: Number.isFinite(page) && page > 0 ? page : 1,
    limit: (CLIENT_PAGE_SIZES as readonly number[]).includes(limit) ? (limit as TClientPageSize) : DEFAULT_CLIENT_PAGE_SIZE,
  };
};

/** The address of a state: only what differs from the default, in Italian. */
export const writeClientsState = ({ filters, sort, page, limit }: TClientsListState): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('q', filters.search.trim());
  if (filters.type !== 'all') params.set('tipo', filters.type);
  for (const { field, param } of CLIENT_FIELD_FILTERS) if (filters.fields[field].trim()) params.set(param, filters.fields[field].trim());
  if (filters.addedFrom) params.set('dal', filters.addedFrom);
  if (filters.addedTo) params.set('al', filters.addedTo);
  if (filters.cornerId) params.set('corner', filters.cornerId);
  if (sort !== 'name') params.set('ordine', sort);
  if (page > 1) params.set('pagina', String(page));
  if (limit !== DEFAULT_CLIENT_PAGE_SIZE) params.set('per', String(limit));
  return params;
};

/**
 * The clients.find input of a state: the dates as the instants that bound the local days (from the start of the
 * first to the start of the day after the last); the corner only for an admin.
 */
export const toClientsQuery = ({ filters, sort, page, limit }: TClientsListState, { byCorner }: { byCorner: boolean }): Partial<TListClientsQuery> & Pick<TListClientsQuery, 'page' | 'limit' | 'sort'> => {
  const query: Partial<TListClientsQuery> & Pick<TListClientsQuery, 'page' | 'limit' | 'sort'> = { page, limit, sort };
  if (filters.search.trim()) query.q = filters.search.trim();
  if (filters.type !== 'all') query.type = filters.type;
  for (const { field } of CLIENT_FIELD_FILTERS) if (filters.fields[field].trim()) query[field] = filters.fields[field].trim();
  const from = filters.addedFrom ? startOfLocalDay(filters.addedFrom) : null;
  const to = filters.addedTo ? startOfLocalDay(filters.addedTo, 1) : null;
  if (from) query.createdFrom = from;
  if (to) query.createdTo = to;
  if (byCorner && filters.cornerId) query.cornerId = filters.cornerId;
  return query;
};
