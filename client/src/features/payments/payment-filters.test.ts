import { describe, expect, it } from 'vitest';
import { parseDecimal } from '../../components/inputs/parse-decimal';
import { describeAmountRange, euroToCents, filterPaymentsByAmount, hasAmountFilter, isReversedAmountRange, NO_AMOUNT_FILTER } from './payment-filters';
import type { TPayment } from '../../../../shared/schemas/data';

const payment = (id: string, amount: number): TPayment =>
  ({ id, amount, description: id, status: 'notPaied', dueDate: null, paidAt: null, createdAt: new Date('2026-01-01T00:00:00.000Z'), declaredAt: null, proofUrl: null, rejectedReason: null, practiceId: null, overdue: false });

const payments = [payment('small', 1250), payment('exact', 123456), payment('above', 123457), payment('cheap', 99)];
const find = (fromEuro: number | null, toEuro: number | null) => filterPaymentsByAmount(payments, { fromEuro, toEuro }).map((p) => p.id);

describe('euroToCents', () => {
  it('rounds what a person types to whole cents, without binary noise', () => {
    expect(euroToCents(parseDecimal('1.234,56')!)).toBe(123456);
    expect(euroToCents(parseDecimal('1234.56')!)).toBe(123456);
    expect(euroToCents(parseDecimal('12,5')!)).toBe(1250);
    expect(euroToCents(1.005)).toBe(101);
    expect(euroToCents(0.994)).toBe(99);
    expect(euroToCents(0.1 + 0.2)).toBe(30);
  });
});

describe('filterPaymentsByAmount', () => {
  it('keeps both ends, compared in cents', () => {
    expect(find(1234.56, null)).toEqual(['exact', 'above']);
    expect(find(null, 1234.56)).toEqual(['small', 'exact', 'cheap']);
    expect(find(12.5, 12.5)).toEqual(['small']);
    expect(find(0.99, 12.5)).toEqual(['small', 'cheap']);
    expect(find(null, null)).toEqual(['small', 'exact', 'above', 'cheap']);
  });

  it('ignores a negative bound and matches nothing with a reversed range', () => {
    expect(find(-5, null)).toEqual(['small', 'exact', 'above', 'cheap']);
    expect(hasAmountFilter({ fromEuro: -5, toEuro: null })).toBe(false);
    expect(hasAmountFilter(NO_AMOUNT_FILTER)).toBe(false);
    expect(isReversedAmountRange({ fromEuro: 20, toEuro: 10 })).toBe(true);
    expect(isReversedAmountRange({ fromEuro: 12.5, toEuro: 12.5 })).toBe(false);
    expect(find(20, 10)).toEqual([]);
  });
});

describe('describeAmountRange', () => {
  // Intl puts a no-break space before the euro sign.
  const words = (filter: Parameters<typeof describeAmountRange>[0]) => describeAmountRange(filter)?.replace(/\u00a0/g, ' ') ?? null;

  it('says the range in Italian euros', () => {
    expect(words({ fromEuro: 10, toEuro: 1234.56 })).toBe('tra 10,00 € e 1.234,56 €');
    expect(words({ fromEuro: 12.5, toEuro: 12.5 })).toBe('di 12,50 €');
    expect(words({ fromEuro: 10, toEuro: null })).toBe('da 10,00 € in su');
    expect(words({ fromEuro: null, toEuro: 20 })).toBe('fino a 20,00 €');
    expect(words(NO_AMOUNT_FILTER)).toBeNull();
  });
});
