import { CLIENT_FILTER_FIELDS } from '../../../../shared/constants';
import type { TClient } from '../../../../shared/schemas/data';
import { getDisplayName } from '../../../../shared/rules/display-name';

/** A client as the REST answer carries it: dates as ISO strings. */
export type TClientRow = Omit<TClient, 'createdAt'> & { createdAt: string };

export type TClientSort = 'name-asc' | 'name-desc' | 'newest' | 'oldest';
export type TClientTypeFilter = 'all' | TClient['type'];

export const CLIENTS_PAGE_SIZE = 20;

const TYPE_WORDS: Record<TClient['type'], string> = { persona: 'persona privato', azienda: 'azienda' };

const normalize = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/** Every filter field of spec section 3, so "rossi", "3331234567", a codice fiscale or "azienda" all find. */
const haystack = (client: TClientRow) =>
  normalize([...CLIENT_FILTER_FIELDS.map((field) => client[field]), TYPE_WORDS[client.type], getDisplayName(client)].join(' '));

/** Every word of the search must appear in one of the fields. */
export const filterClients = (clients: readonly TClientRow[], search: string, type: TClientTypeFilter): TClientRow[] => {
  const words = normalize(search).split(/\s+/).filter(Boolean);
  return clients.filter((client) => (type === 'all' || client.type === type) && words.every((word) => haystack(client).includes(word)));
};

const collator = new Intl.Collator('it', { sensitivity: 'base' });

export const sortClients = (clients: readonly TClientRow[], sort: TClientSort): TClientRow[] => {
  const sorted = [...clients];
  if (sort === 'name-asc' || sort === 'name-desc') {
    sorted.sort((a, b) => collator.compare(getDisplayName(a), getDisplayName(b)));
    if (sort === 'name-desc') sorted.reverse();
  } else {
    sorted.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    if (sort === 'newest') sorted.reverse();
  }
  return sorted;
};
