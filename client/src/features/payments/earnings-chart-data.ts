import { monthLabel, previousMonth } from '../../../../shared/schemas/statements';
import type { TLedgerSummary } from '../../../../shared/schemas/ledger';
import { SECTORS, isSectorSlug } from '../../../../shared/sectors';

/** One stack of the chart: a sector's commissions (net of clawbacks), or the referral shares. */
export type TEarningsSeries = { key: string; label: string };
export type TEarningsSegment = { key: string; cents: number; /** Where the segment starts and ends, in cents from zero (negatives go below). */ from: number; to: number };
export type TEarningsMonth = { month: string; label: string; totalCents: number; segments: TEarningsSegment[] };
export type TEarningsChart = { series: TEarningsSeries[]; months: TEarningsMonth[]; maxCents: number; minCents: number };

const REFERRAL_KEY = 'referral';
const OTHER_KEY = 'other';

const seriesOf = (row: TLedgerSummary['months'][number]): TEarningsSeries => {
  if (row.kind === 'referral') return { key: REFERRAL_KEY, label: 'Segnalazioni' };
  if (row.sector && isSectorSlug(row.sector)) return { key: row.sector, label: SECTORS[row.sector].label };
  return { key: OTHER_KEY, label: 'Altro' };
};

/** The twelve months ending with `currentMonth` (YYYY-MM), oldest first. */
export const lastTwelveMonths = (currentMonth: string): string[] => {
  const months = [currentMonth];
  while (months.length < 12) months.unshift(previousMonth(months[0]!));
  return months;
};

/**
 * The summary of `ledger.summary` as stacked bars: one bar per month of the last twelve (empty months included), one
 * segment per series; positive amounts stack up from zero and negative ones (a month of clawbacks) down from it.
 */
export const buildEarningsChart = (rows: TLedgerSummary['months'], currentMonth: string): TEarningsChart => {
  const months = lastTwelveMonths(currentMonth);
  const series = new Map<string, TEarningsSeries>();
  const amounts = new Map<string, Map<string, number>>();
  for (const row of rows) {
    if (!months.includes(row.month)) continue;
    const item = seriesOf(row);
    series.set(item.key, item);
    const ofMonth = amounts.get(row.month) ?? new Map<string, number>();
    ofMonth.set(item.key, (ofMonth.get(item.key) ?? 0) + row.amountCents);
    amounts.set(row.month, ofMonth);
  }
  const ordered = [...series.values()].sort((a, b) => (a.key === REFERRAL_KEY ? 1 : b.key === REFERRAL_KEY ? -1 : a.label.localeCompare(b.label, 'it')));
  let maxCents = 0;
  let minCents = 0;
  const bars = months.map((month): TEarningsMonth => {
    let up = 0;
    let down = 0;
    const segments: TEarningsSegment[] = [];
    for (const item of ordered) {
      const cents = amounts.get(month)?.get(item.key) ?? 0;
      if (cents === 0) continue;
      if (cents > 0) segments.push({ key: item.key, cents, from: up, to: (up += cents) });
      else segments.push({ key: item.key, cents, from: down, to: (down += cents) });
    }
    maxCents = Math.max(maxCents, up);
    minCents = Math.min(minCents, down);
    return { month, label: monthLabel(month), totalCents: up + down, segments };
  });
  return { series: ordered, months: bars, maxCents, minCents };
};

/** The amount of one series in one month (0 when none), for the table that reads the chart out. */
export const amountOf = (month: TEarningsMonth, key: string): number => month.segments.find((segment) => segment.key === key)?.cents ?? 0;
