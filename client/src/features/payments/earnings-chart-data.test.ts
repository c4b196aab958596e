import { describe, expect, it } from 'vitest';
import { amountOf, buildEarningsChart, lastTwelveMonths } from './earnings-chart-data';

describe('earnings chart', () => {
  it('covers the twelve months ending with the current one, across the year', () => {
    expect(lastTwelveMonths('2026-03')).toEqual(['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
  });

  it('stacks sectors up from zero, clawbacks down, referral shares last, and leaves out older months', () => {
    const chart = buildEarningsChart(
      [
        { month: '2026-03', sector: 'rca', kind: 'commission', amountCents: 10_000 },
        { month: '2026-03', sector: null, kind: 'referral', amountCents: 1_000 },
        { month: '2026-03', sector: 'luce-e-gas', kind: 'commission', amountCents: 5_000 },
        { month: '2026-02', sector: 'luce-e-gas', kind: 'commission', amountCents: -3_000 },
        { month: '2024-01', sector: 'rca', kind: 'commission', amountCents: 99_999 },
      ],
      '2026-03',
    );
    expect(chart.series.map((item) => item.label)).toEqual(['Luce e gas', 'RC Auto', 'Segnalazioni']);
    const march = chart.months.at(-1)!;
    expect(march.label).toBe('marzo 2026');
    expect(march.segments).toEqual([
      { key: 'luce-e-gas', cents: 5_000, from: 0, to: 5_000 },
      { key: 'rca', cents: 10_000, from: 5_000, to: 15_000 },
      { key: 'referral', cents: 1_000, from: 15_000, to: 16_000 },
    ]);
    expect(march.totalCents).toBe(16_000);
    expect(amountOf(chart.months.at(-2)!, 'luce-e-gas')).toBe(-3_000);
    expect(amountOf(chart.months[0]!, 'rca')).toBe(0);
    expect([chart.maxCents, chart.minCents]).toEqual([16_000, -3_000]);
  });
});
