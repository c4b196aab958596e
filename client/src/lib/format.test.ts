import { describe, expect, it } from 'vitest';
import { formatCents, formatDate, formatQuantity } from './format';

// Intl puts a no-break space between the amount and the euro sign.
const normalize = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatCents', () => {
  it('writes integer cents as Italian euros', () => {
    expect(normalize(formatCents(123456))).toBe('1.234,56 €');
    expect(normalize(formatCents(0))).toBe('0,00 €');
    expect(normalize(formatCents(5))).toBe('0,05 €');
  });
});

describe('formatDate', () => {
  it('writes day, month and year, and a dash for no date', () => {
    expect(formatDate(new Date(2026, 2, 5))).toBe('05/03/2026');
    expect(formatDate('2026-03-05T10:00:00Z')).toBe('05/03/2026');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});

describe('formatQuantity', () => {
  it('groups the thousands from four digits (kWh, litres) and keeps a decimal comma', () => {
    expect(formatQuantity(2700)).toBe('2.700');
    expect(formatQuantity(1100)).toBe('1.100');
    expect(formatQuantity(950)).toBe('950');
    expect(formatQuantity(3.5)).toBe('3,5');
  });
});
