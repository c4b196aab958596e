import { CLIENT_FILTER_FIELDS } from '../../../../shared/constants';
import type { TClient } from '../../../../shared/schemas/data';
import { getDisplayName } from '../../../../shared/rules/display-name';
import { toDateString } from '../../components/inputs/parse-italian-date';

export type TClientSort = 'name-asc' | 'name-desc' | 'newest' | 'oldest';
export type TClientTypeFilter = 'all' | TClient['type'];

export const CLIENTS_PAGE_SIZE = 20;

const TYPE_WORDS: Record<TClient['type'], string> = { persona: 'persona privato', azienda: 'azienda' };

const normalize = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/** Every filter field of spec section 3, so "rossi", "3331234567", a codice fiscale or "azienda" all find. */
const haystack = (client: TClient) =>
  normalize([...CLIENT_FILTER_FIELDS.map((field) => client[field]), TYPE_WORDS[client.type], getDisplayName(client)].join(' '));

export type TClientFilters = {
  search: string;
  type: TClientTypeFilter;
  /** Local days "YYYY-MM-DD", both included; null leaves that end open. */
  addedFrom: string | null;
  addedTo: string | null;
};

export const NO_CLIENT_FILTERS: TClientFilters = { search: '', type: 'all', addedFrom: null, addedTo: null };

export const hasClientFilters = (filters: TClientFilters): boolean =>
  filters.search.trim() !== '' || filters.type !== 'all' || filters.addedFrom !== null || filters.addedTo !== null;

/** A range that ends before it starts: it can match nothing, and the user should be told why. */
export const isReversedRange = ({ addedFrom, addedTo }: TClientFilters): boolean => addedFrom !== null && addedTo !== null && addedFrom > addedTo;

/** "2026-03-05" as an Italian reader writes it, "05/03/2026", without passing through UTC. */
const formatDay = (day: string): string => day.split('-').reverse().join('/');

/** The period of the date filters in words, for the empty state: "tra il 05/03/2026 e il 10/03/2026". */
export const describeAddedRange = ({ addedFrom, addedTo }: TClientFilters): string | null => {
  if (addedFrom !== null && addedTo !== null) return addedFrom === addedTo ? `il ${formatDay(addedFrom)}` : `tra il ${formatDay(addedFrom)} e il ${formatDay(addedTo)}`;
  if (addedFrom !== null) return `dal ${formatDay(addedFrom)} in poi`;
  if (addedTo !== null) return `fino al ${formatDay(addedTo)}`;
  return null;
};

/** The day the client was added, on the user's calendar: 23:30 UTC on 4 March is 5 March in Rome. */
const addedOn = (client: TClient): string => toDateString(client.createdAt);

/** Every word of the search must appear in one of the fields; the day added must fall within the range. */
export const filterClients = (clients: readonly TClient[], { search, type, addedFrom, addedTo }: TClientFilters): TClient[] => {
  const words = normalize(search).split(/\s+/).filter(Boolean);
  return clients.filter((client) => {
    if (type !== 'all' && client.type !== type) return false;
    if (addedFrom !== null || addedTo !== null) {
      const day = addedOn(client);
      if ((addedFrom !== null && day < addedFrom) || (addedTo !== null && day > addedTo)) return false;
    }
    return words.every((word) => haystack(client).includes(word));
  });
};

const collator = new Intl.Collator('it', { sensitivity: 'base' });

export const sortClients = (clients: readonly TClient[], sort: TClientSort): TClient[] => {
  const sorted = [...clients];
  if (sort === 'name-asc' || sort === 'name-desc') {
    sorted.sort((a, b) => collator.compare(getDisplayName(a), getDisplayName(b)));
    if (sort === 'name-desc') sorted.reverse();
  } else {
    sorted.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    if (sort === 'newest') sorted.reverse();
  }
  return sorted;
};
