import { describe, expect, it } from 'vitest';
import { formatCents, formatDate } from './format';

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
