import { describe, expect, it } from 'vitest';
import { readUsersFilters } from '../users-filters';
import { cornersLink, formatDelta, openedLink, periodOf, readDashboardSelection, stateLink, writeDashboardSelection } from './dashboard-links';

const paramsOf = (link: string) => new URLSearchParams(link.split('?')[1] ?? '');

describe('the dashboard’s period and links', () => {
  it('keeps the period in the address: 30 days by default, 7 or 90, or custom days', () => {
    expect(readDashboardSelection(new URLSearchParams())).toEqual({ preset: 30 });
    expect(readDashboardSelection(new URLSearchParams('giorni=90'))).toEqual({ preset: 90 });
    expect(readDashboardSelection(new URLSearchParams('giorni=12'))).toEqual({ preset: 30 });
    expect(readDashboardSelection(new URLSearchParams('dal=2026-10-01&al=2026-10-31'))).toEqual({ preset: 'custom', from: '2026-10-01', to: '2026-10-31' });
    expect(readDashboardSelection(new URLSearchParams('dal=2026-10-31&al=2026-10-01'))).toEqual({ preset: 30 });
    for (const selection of [{ preset: 7 }, { preset: 30 }, { preset: 'custom', from: '2026-01-01', to: '2026-02-01' }] as const) {
      expect(readDashboardSelection(writeDashboardSelection(selection))).toEqual(selection);
    }
    expect(periodOf({ preset: 7 }, '2026-11-27')).toEqual({ from: '2026-11-21', to: '2026-11-27' });
  });

  it('links each figure to the filtered list behind it', () => {
    // The practices list's parameters (client/src/features/practices/practices-list.ts): `dal`/`al` days of opening, `stato`.
    expect(openedLink('rca', { from: '2026-11-01', to: '2026-11-27' })).toBe('/rca?dal=2026-11-01&al=2026-11-27');
    expect(stateLink('luce-e-gas', 'activated')).toBe('/luce-e-gas?stato=activated');
    expect(readUsersFilters(paramsOf(cornersLink())).role).toBe('corner');
  });

  it('states the change from the previous period', () => {
    expect(formatDelta(5, 5)).toEqual({ text: '=', tone: 'same' });
    expect(formatDelta(6, 4)).toEqual({ text: '+2 (+50%)', tone: 'up' });
    expect(formatDelta(1, 0)).toEqual({ text: '+1', tone: 'up' });
    expect(formatDelta(0, 3)).toEqual({ text: '-3 (-100%)', tone: 'down' });
  });
});
