import { PRACTICE_DEFINITIONS } from '../../../shared/practices/registry';
import {
  CONVERTED_STATE,
  convertedStateOf,
  dashboardPeriods,
  type TDashboard,
  type TDashboardFigures,
  type TDashboardPeriod,
  type TDashboardQuery,
  type TSectorFigures,
} from '../../../shared/schemas/dashboard';
import { todayInItaly } from '../../../shared/rules/italian-day';
import { isSectorSlug, SECTOR_SLUGS, SECTORS, type TSectorSlug } from '../../../shared/sectors';
import { requireAdmin, type TRequestContext } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import * as repo from './dashboard.repository';

/** The states whose entry converts a practice (issued, activated), once each. */
const CONVERTED_STATES = [...new Set(Object.values(CONVERTED_STATE))];

const perSector = <T>(make: (sector: TSectorSlug) => T): Record<TSectorSlug, T> =>
  Object.fromEntries(SECTOR_SLUGS.map((sector) => [sector, make(sector)])) as Record<TSectorSlug, T>;

const isFinal = (sector: TSectorSlug, state: string) => (PRACTICE_DEFINITIONS[sector].final as readonly string[]).includes(state);

/** The months (`YYYY-MM`) a period touches, in order. */
const monthsOf = ({ from, to }: TDashboardPeriod): string[] => {
  const months: string[] = [];
  let [year, month] = from.slice(0, 7).split('-').map(Number) as [number, number];
  for (let key = from.slice(0, 7); key <= to.slice(0, 7); key = `${year}-${String(month).padStart(2, '0')}`) {
    months.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return months;
};

/**
 * The admin dashboard (issue 28): practices, money and people of a period in Italy, beside the period of equal length
 * before it. Admins only. The practices', their history's and the ledger's figures are read from rollups the database
 * keeps with triggers (see dashboard.repository.ts), equal to counts of the rows themselves; the median times in each
 * state are read from log-scale histograms, within 5 % (and half a millisecond) of the exact median.
 */
export const createDashboardService = ({ db }: TServiceDeps) => {
  const figuresOf = async (period: TDashboardPeriod, openNow: Record<TSectorSlug, number>): Promise<TDashboardFigures> => {
    const [opened, reached, weekly, premiumsCents, ledger, corners, conversion, medians] = await Promise.all([
      repo.openedBySector(db, period),
      repo.reachedBySector(db, period, CONVERTED_STATES),
      repo.weeklySeries(db, period, CONVERTED_STATES),
      repo.premiumsOfIssued(db, period, CONVERTED_STATE.insurance),
      repo.ledgerByMonth(db, period),
      repo.newCorners(db, period),
      repo.conversionBySector(db, period),
      repo.stateMedians(db, period),
    ]);
    const bySector = perSector<TSectorFigures>((sector) => ({ opened: 0, issued: 0, activated: 0, open: openNow[sector] }));
    for (const row of opened) if (isSectorSlug(row.sector)) bySector[row.sector].opened = Number(row.count);
    for (const row of reached) {
      if (!isSectorSlug(row.sector) || row.to_state !== convertedStateOf(row.sector)) continue;
      bySector[row.sector][SECTORS[row.sector].kind === 'insurance' ? 'issued' : 'activated'] = Number(row.count);
    }
    const weeks = new Map<string, TDashboardFigures['weekly'][number]>();
    for (const row of weekly) {
      if (!isSectorSlug(row.sector)) continue;
      const key = `${row.week} ${row.sector}`;
      const week = weeks.get(key) ?? { week: row.week, sector: row.sector, opened: 0, issued: 0, activated: 0 };
      if (row.state === null) week.opened += Number(row.count);
      else if (row.state === convertedStateOf(row.sector)) week[SECTORS[row.sector].kind === 'insurance' ? 'issued' : 'activated'] += Number(row.count);
      weeks.set(key, week);
    }
    const money = new Map(ledger.map((row) => [row.month, row]));
    const converted = new Map(conversion.map((row) => [row.sector, row]));
    return {
      period,
      bySector,
      weekly: [...weeks.values()].sort((a, b) => a.week.localeCompare(b.week) || SECTOR_SLUGS.indexOf(a.sector) - SECTOR_SLUGS.indexOf(b.sector)),
      premiumsCents,
      monthly: monthsOf(period).map((month) => ({
        month,
        commissionsCents: Number(money.get(month)?.commissions ?? 0),
        clawbacksCents: 0 - Number(money.get(month)?.clawbacks ?? 0) || 0,
      })),
      newCorners: corners.bronze + corners.silver + corners.gold,
      newCornersByTier: corners,
      conversion: perSector((sector) => {
        const row = converted.get(sector);
        const count = { opened: Number(row?.opened ?? 0), converted: Number(row?.converted ?? 0) };
        return { ...count, rate: count.opened > 0 ? count.converted / count.opened : null };
      }),
      stateMedians: medians
        .filter((row): row is typeof row & { sector: TSectorSlug; state: string } => isSectorSlug(row.sector) && row.state !== null)
        .map((row) => ({ sector: row.sector, state: row.state, medianSeconds: Math.round(Number(row.median)), stays: Number(row.stays) })),
    };
  };

  return {
    /** The figures of the period asked for (default: the last 30 days in Italy) and of the one before it. Admins only. */
    get: async (ctx: TRequestContext, query: TDashboardQuery, now: Date = new Date()): Promise<TDashboard> => {
      requireAdmin(ctx);
      const periods = dashboardPeriods(query, todayInItaly(now));
      const [byState, paymentsToConfirm, payoutsToMake] = await Promise.all([repo.countByState(db), repo.pendingPayments(db), repo.requestedPayouts(db)]);
      const openByState = byState
        .filter((row): row is typeof row & { sector: TSectorSlug } => isSectorSlug(row.sector) && !isFinal(row.sector, row.state))
        .map((row) => ({ sector: row.sector, state: row.state, count: Number(row.count) }))
        .sort((a, b) => SECTOR_SLUGS.indexOf(a.sector) - SECTOR_SLUGS.indexOf(b.sector));
      const openNow = perSector((sector) => openByState.filter((row) => row.sector === sector).reduce((sum, row) => sum + row.count, 0));
      const [current, previous] = await Promise.all([figuresOf(periods.current, openNow), figuresOf(periods.previous, openNow)]);
      return { current, previous, now: { openByState, paymentsToConfirm, payoutsToMake } };
    },
  };
};

export type TDashboardService = ReturnType<typeof createDashboardService>;
