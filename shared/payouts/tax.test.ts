import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  OCCASIONAL_YEAR_THRESHOLD_CENTS,
  PAYOUT_TAX_MSG,
  STAMP_CENTS,
  STAMP_THRESHOLD_CENTS,
  invoiceAmounts,
  receiptAmounts,
  stampCentsFor,
  yearThresholdWarning,
} from './tax';

describe('receipt (prestazione occasionale)', () => {
  it('bears no stamp at 77,47 € and the 2 € stamp from 77,48 €, charged to the corner', () => {
    expect(STAMP_THRESHOLD_CENTS).toBe(7747);
    expect(receiptAmounts(7747)).toEqual({ grossCents: 7747, withholdingCents: 1549, stampCents: 0, netCents: 6198 });
    expect(receiptAmounts(7748)).toEqual({ grossCents: 7748, withholdingCents: 1550, stampCents: 200, netCents: 5998 });
  });

  it('withholds 20% rounded half up on the cent', () => {
    expect(receiptAmounts(100_000)).toEqual({ grossCents: 100_000, withholdingCents: 20_000, stampCents: 200, netCents: 79_800 });
    // 20% of 0,03 € is 0,006 €: 1 cent; of 0,02 € is 0,004 €: 0 cents.
    expect(receiptAmounts(3).withholdingCents).toBe(1);
    expect(receiptAmounts(2).withholdingCents).toBe(0);
    expect(receiptAmounts(12_347).withholdingCents).toBe(2469);
    expect(receiptAmounts(12_348).withholdingCents).toBe(2470);
    expect(receiptAmounts(0)).toEqual({ grossCents: 0, withholdingCents: 0, stampCents: 0, netCents: 0 });
  });

  it('always nets out to the cent: net + withholding + stamp = gross, net never negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (gross) => {
        const amounts = receiptAmounts(gross);
        expect(amounts.netCents + amounts.withholdingCents + amounts.stampCents).toBe(gross);
        expect(amounts.netCents).toBeGreaterThanOrEqual(0);
        expect(Math.abs(amounts.withholdingCents - gross * 0.2)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('refuses amounts that are not whole non-negative cents', () => {
    expect(() => receiptAmounts(10.5)).toThrow(RangeError);
    expect(() => receiptAmounts(-1)).toThrow(RangeError);
    expect(() => invoiceAmounts(Number.NaN, false)).toThrow(RangeError);
  });
});

describe('the 5.000 € yearly threshold of occasional work', () => {
  it('is not crossed by reaching exactly 5.000,00 €, and is by 5.000,01 €', () => {
    expect(yearThresholdWarning(400_000, 100_000)).toEqual({ crosses: false, exceeds: false, yearTotalAfterCents: 500_000 });
    expect(yearThresholdWarning(400_000, 100_001)).toEqual({ crosses: true, exceeds: true, yearTotalAfterCents: 500_001 });
    expect(yearThresholdWarning(500_000, 1)).toEqual({ crosses: true, exceeds: true, yearTotalAfterCents: 500_001 });
  });

  it('tells a total already past the threshold apart from the payout that crosses it', () => {
    expect(yearThresholdWarning(500_001, 10_000)).toEqual({ crosses: false, exceeds: true, yearTotalAfterCents: 510_001 });
    expect(yearThresholdWarning(0, 0)).toEqual({ crosses: false, exceeds: false, yearTotalAfterCents: 0 });
    expect(yearThresholdWarning(0, OCCASIONAL_YEAR_THRESHOLD_CENTS + 1).crosses).toBe(true);
  });

  it('warns in Italian, naming the year', () => {
    expect(PAYOUT_TAX_MSG.yearThresholdCrossed(2026)).toBe(
      'Con questo pagamento superi i 5.000 € di compensi occasionali nel 2026: oltre questa soglia scatta l’iscrizione alla Gestione Separata INPS.',
    );
    expect(PAYOUT_TAX_MSG.yearTotal(2026, 512_345).replace(/\s/g, ' ')).toBe(
      'Compensi occasionali 2026, compreso questo pagamento: 5.123,45 € (soglia annua 5.000,00 €).',
    );
  });
});

describe('invoice (company, art. 25-bis DPR 600/1973)', () => {
  it('withholds 23% of 50% of the commissions, or of 20% with employees', () => {
    expect(invoiceAmounts(100_000, false)).toEqual({ grossCents: 100_000, withholdingBaseCents: 50_000, withholdingCents: 11_500, stampCents: 200, netCents: 88_500 });
    expect(invoiceAmounts(100_000, true)).toEqual({ grossCents: 100_000, withholdingBaseCents: 20_000, withholdingCents: 4600, stampCents: 200, netCents: 95_400 });
  });

  it('shows the bollo virtuale above 77,47 € without deducting it (the issuer pays it)', () => {
    expect(invoiceAmounts(7747, false)).toEqual({ grossCents: 7747, withholdingBaseCents: 3874, withholdingCents: 891, stampCents: 0, netCents: 6856 });
    expect(invoiceAmounts(7748, false)).toEqual({ grossCents: 7748, withholdingBaseCents: 3874, withholdingCents: 891, stampCents: STAMP_CENTS, netCents: 6857 });
  });

  it('rounds the base, then the withholding on it, half up', () => {
    // 50% of 0,01 € is 0,005 €: 1 cent of base; 23% of it 0,0023 €: nothing withheld.
    expect(invoiceAmounts(1, false)).toMatchObject({ withholdingBaseCents: 1, withholdingCents: 0, netCents: 1 });
    // 20% of 123,47 € = 24,694 € -> 24,69 €; 23% of it = 5,6787 € -> 5,68 €.
    expect(invoiceAmounts(12_347, true)).toMatchObject({ withholdingBaseCents: 2469, withholdingCents: 568, netCents: 11_779 });
    // 50% of 1,00 € = 0,50 €; 23% = 0,115 € -> 0,12 € (half up).
    expect(invoiceAmounts(100, false)).toMatchObject({ withholdingBaseCents: 50, withholdingCents: 12, stampCents: 0, netCents: 88 });
  });

  it('nets out to the cent for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.boolean(), (gross, usesEmployees) => {
        const amounts = invoiceAmounts(gross, usesEmployees);
        expect(amounts.netCents + amounts.withholdingCents).toBe(gross);
        expect(amounts.stampCents).toBe(stampCentsFor(gross));
        expect(amounts.withholdingCents).toBeLessThanOrEqual(amounts.withholdingBaseCents);
      }),
    );
  });
});
