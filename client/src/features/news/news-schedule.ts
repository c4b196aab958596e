import type { TNewsState } from '../../../../shared/schemas/news';

const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as a `datetime-local` field holds it, in the browser's time: "2026-11-27T10:30". */
export const toLocalInput = (value: Date | null): string =>
  value ? `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}T${pad(value.getHours())}:${pad(value.getMinutes())}` : '';

/** What a `datetime-local` field holds, as a moment; null when empty or incomplete. */
export const fromLocalInput = (value: string): Date | null => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
};

const dateTime = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** "27/11/2026, 10:30". */
export const formatDateTime = (value: Date): string => dateTime.format(value);

/** The schedule in words: "Dal 27/11/2026, 10:30 al 30/11/2026, 18:00", or "Dal … (senza scadenza)". */
export const describeSchedule = (from: Date, until: Date | null): string =>
  until ? `Dal ${formatDateTime(from)} al ${formatDateTime(until)}` : `Dal ${formatDateTime(from)}, senza scadenza`;

export const NEWS_STATE_LABELS: Record<TNewsState, { label: string; color: string }> = {
  live: { label: 'Pubblicata', color: 'green' },
  scheduled: { label: 'Programmata', color: 'blue' },
  expired: { label: 'Scaduta', color: 'gray' },
};
