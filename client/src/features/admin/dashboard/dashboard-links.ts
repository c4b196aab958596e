import { addDays, DEFAULT_DASHBOARD_DAYS, type TDashboardPeriod } from '../../../../../shared/schemas/dashboard';
import type { TSectorSlug } from '../../../../../shared/sectors';
import { practicesPath } from '../../../lib/practice-paths';
import { PATHS } from '../../../lib/paths';
import { writeUsersFilters } from '../users-filters';

/**
 * The dashboard's period (kept in the address: `?giorni=7|30|90`, or `?dal=&al=` for a custom one) and the address of
 * the filtered list behind each figure. The practice lists read `stato` (state) and `dal`/`al` (days of opening, both
 * included), the parameters of client/src/features/practices/practices-list.ts, repeated here because features do
 * not import each other (the browser test opens them).
 */
export const DASHBOARD_PRESETS = [7, 30, 90] as const;
export type TDashboardPreset = (typeof DASHBOARD_PRESETS)[number];
export type TDashboardSelection = { preset: TDashboardPreset } | { preset: 'custom'; from: string; to: string };

const isDay = (value: string | null): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

export const readDashboardSelection = (params: URLSearchParams): TDashboardSelection => {
  const from = params.get('dal');
  const to = params.get('al');
  if (isDay(from) && isDay(to) && from <= to) return { preset: 'custom', from, to };
  const days = Number(params.get('giorni'));
  return { preset: DASHBOARD_PRESETS.find((preset) => preset === days) ?? DEFAULT_DASHBOARD_DAYS };
};

export const writeDashboardSelection = (selection: TDashboardSelection): URLSearchParams =>
  new URLSearchParams(selection.preset === 'custom' ? { dal: selection.from, al: selection.to } : selection.preset === DEFAULT_DASHBOARD_DAYS ? {} : { giorni: String(selection.preset) });

/** The period the server is asked for: the preset's days ending today (in Italy), or the custom days. */
export const periodOf = (selection: TDashboardSelection, today: string): TDashboardPeriod =>
  selection.preset === 'custom' ? { from: selection.from, to: selection.to } : { from: addDays(today, -(selection.preset - 1)), to: today };

/** The change from the previous period: `+3`, `-2`, `=`; as a percentage when asked and the previous value is not 0. */
export const formatDelta = (current: number, previous: number): { text: string; tone: 'up' | 'down' | 'same' } => {
  const difference = current - previous;
  if (difference === 0) return { text: '=', tone: 'same' };
  const percent = previous !== 0 ? ` (${difference > 0 ? '+' : ''}${Math.round((difference / previous) * 100)}%)` : '';
  return { text: `${difference > 0 ? '+' : ''}${difference}${percent}`, tone: difference > 0 ? 'up' : 'down' };
};

const withQuery = (path: string, params: Record<string, string>) => {
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
};

/** A sector's practices opened in the period. */
export const openedLink = (sector: TSectorSlug, period: TDashboardPeriod) => withQuery(practicesPath(sector), { dal: period.from, al: period.to });
/** A sector's practices in a state now (the issued ones: `emitted`; the activated: `activated`). */
export const stateLink = (sector: TSectorSlug, state: string) => withQuery(practicesPath(sector), { stato: state });
/** Payments declared by the corners (the payments page opens on those to confirm). */
export const paymentsToConfirmLink = () => PATHS.admin.payments;
/** Payouts asked for by the corners. */
export const payoutsToMakeLink = () => withQuery(PATHS.admin.payments, { sezione: 'ai-corner' });
/** The corners, newest first. */
export const cornersLink = () => `${PATHS.admin.users}?${writeUsersFilters({ q: '', role: 'corner', state: null, page: 1 }).toString()}`;
