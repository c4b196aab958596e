import { z } from 'zod';
import { SECTOR_SLUGS, SECTORS, type TSectorKind, type TSectorSlug } from '../sectors';
import { ZSectorSlug } from './sectors';

/**
 * The admin dashboard (issue 28): figures of a period of days in Italy (both included) and of the period of equal
 * length just before it, for the comparison; the snapshot figures (open practices, payments to confirm, payouts to
 * make) are of now.
 */

export const DASHBOARD_MSG = {
  dayInvalid: 'Indica il giorno nel formato AAAA-MM-GG.',
  reversed: 'La data di inizio non può essere successiva a quella di fine.',
  tooLong: 'Il periodo può durare al massimo 3 anni.',
} as const;

/** The periods the selector offers (days ending today), 30 by default. */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export const DEFAULT_DASHBOARD_DAYS = 30;
const MAX_DAYS = 3 * 366;

/** The state in which an insurance practice is issued and a utility's supply is activated: the practice converted. */
export const CONVERTED_STATE: Record<TSectorKind, string> = { insurance: 'emitted', utility: 'activated' };
export const convertedStateOf = (sector: TSectorSlug): string => CONVERTED_STATE[SECTORS[sector].kind];

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: DASHBOARD_MSG.dayInvalid }).refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), {
  error: DASHBOARD_MSG.dayInvalid,
});

/** `?from=&to=`: ISO days, both included; either missing: the last 30 days ending on `to` (or today). */
export const ZDashboardQuery = z
  .object({ from: ZDay.optional(), to: ZDay.optional() })
  .refine(({ from, to }) => !from || !to || from <= to, { error: DASHBOARD_MSG.reversed, path: ['from'] })
  .refine(({ from, to }) => !from || !to || (Date.parse(to) - Date.parse(from)) / 86_400_000 < MAX_DAYS, { error: DASHBOARD_MSG.tooLong, path: ['from'] });
export type TDashboardQuery = z.infer<typeof ZDashboardQuery>;

/** Adds days to an ISO day. */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000) + 1;

/** The period asked for and the one of equal length just before it. `today` is the day in Italy. */
export const dashboardPeriods = (query: TDashboardQuery, today: string) => {
  const to = query.to ?? (query.from ? addDays(query.from, DEFAULT_DASHBOARD_DAYS - 1) : today);
  const from = query.from ?? addDays(to, -(DEFAULT_DASHBOARD_DAYS - 1));
  const length = daysBetween(from, to);
  return { current: { from, to }, previous: { from: addDays(from, -length), to: addDays(from, -1) } };
};

const ZCount = z.number().int().nonnegative();
const ZCents = z.number().int();
export const ZDashboardPeriod = z.object({ from: z.string(), to: z.string() });
export type TDashboardPeriod = z.infer<typeof ZDashboardPeriod>;

const bySector = <T extends z.ZodType>(schema: T) => z.object(Object.fromEntries(SECTOR_SLUGS.map((slug) => [slug, schema])) as Record<TSectorSlug, T>);

export const ZSectorFigures = z.object({
  /** Practices created in the period. */
  opened: ZCount,
  /** Insurance: practices that reached `emitted` in the period (from the history); 0 for utilities. */
  issued: ZCount,
  /** Utilities: practices that reached `activated` in the period (from the history); 0 for insurance. */
  activated: ZCount,
  /** Practices not in a final state now (the same in both periods). */
  open: ZCount,
});
export type TSectorFigures = z.infer<typeof ZSectorFigures>;

export const ZDashboardFigures = z.object({
  period: ZDashboardPeriod,
  bySector: bySector(ZSectorFigures),
  /** Per ISO week (`2026-W47`, weeks in Italy) touching the period and sector with any figure: opened, issued, activated. */
  weekly: z.array(z.object({ week: z.string(), sector: ZSectorSlug, opened: ZCount, issued: ZCount, activated: ZCount })),
  /** Sum of the chosen quotation's premium of the policies issued in the period. */
  premiumsCents: ZCents,
  /** Per month (`YYYY-MM`, in Italy) of the period: commissions written to the ledger and clawbacks (positive: taken back). */
  monthly: z.array(z.object({ month: z.string(), commissionsCents: ZCents, clawbacksCents: ZCents })),
  /** Corners registered in the period. */
  newCorners: ZCount,
  /** The same corners by their tier now (a corner without a tier counts as gold, as the engine reads it). */
  newCornersByTier: z.object({ bronze: ZCount, silver: ZCount, gold: ZCount }),
  /** Of the practices opened in the period, how many are issued or activated by now. */
  conversion: bySector(z.object({ opened: ZCount, converted: ZCount, rate: z.number().nullable() })),
  /** Median time (seconds) a practice spent in a state, over the stays that ended in the period. */
  stateMedians: z.array(z.object({ sector: ZSectorSlug, state: z.string(), medianSeconds: z.number().nonnegative(), stays: ZCount })),
});
export type TDashboardFigures = z.infer<typeof ZDashboardFigures>;

const ZCountTotal = z.object({ count: ZCount, totalCents: ZCents });

export const ZDashboard = z.object({
  current: ZDashboardFigures,
  previous: ZDashboardFigures,
  /** Now: open practices by sector and state, payments the corners declared (to confirm), payouts asked for (to make). */
  now: z.object({
    openByState: z.array(z.object({ sector: ZSectorSlug, state: z.string(), count: ZCount })),
    paymentsToConfirm: ZCountTotal,
    payoutsToMake: ZCountTotal,
  }),
});
export type TDashboard = z.infer<typeof ZDashboard>;
