import { describe, expect, it } from 'vitest';
import { OPERATION_TIMES, switchStartDate, withdrawalEnds } from './utility-timeline';
import { SUPPLY_OPERATIONS } from './luce-e-gas';

const isoDays = (from: string, count: number) =>
  Array.from({ length: count }, (_, index) => new Date(Date.parse(`${from}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10));

describe('expected start of a switch of supplier', () => {
  it('over every day of a year: by the 10th the 1st of the next month, after it the 1st of the month after', () => {
    for (const day of isoDays('2026-01-01', 365)) {
      const [year, month, date] = day.split('-').map(Number) as [number, number, number];
      const monthsAhead = date <= 10 ? 1 : 2;
      const expected = new Date(Date.UTC(year, month - 1 + monthsAhead, 1)).toISOString().slice(0, 10);
      expect(switchStartDate(day), day).toBe(expected);
    }
  });

  it('turns the year, and follows another rule when ARERA changes it', () => {
    expect(switchStartDate('2026-12-10')).toBe('2027-01-01');
    expect(switchStartDate('2026-12-11')).toBe('2027-02-01');
    expect(switchStartDate('2026-11-23')).toBe('2027-01-01');
    expect(switchStartDate('2026-11-20', { cutoffDay: 20 })).toBe('2026-12-01');
  });

  it('gives every operation its typical time, and the 14-day withdrawal window across month ends', () => {
    expect(Object.keys(OPERATION_TIMES).sort()).toEqual(Object.keys(SUPPLY_OPERATIONS).sort());
    expect(withdrawalEnds('2026-11-23')).toBe('2026-12-07');
    expect(withdrawalEnds('2027-02-20')).toBe('2027-03-06');
  });
});
