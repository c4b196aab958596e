import { describe, expect, it } from 'vitest';
import { euroToCents, previewPayout } from './payout-preview';

describe('payout preview', () => {
  it('a receipt keeps 20% and the stamp above 77,47 €', () => {
    const preview = previewPayout({ grossCents: 100_000, method: 'receipt', yearTotalCents: 0, year: 2026, usesEmployees: false });
    expect([preview.withholdingCents, preview.stampCents, preview.netCents, preview.isStampDeducted]).toEqual([20_000, 200, 79_800, true]);
    expect(preview.warning).toBeNull();
  });

  it('warns when a receipt or a gift card takes the year past 5.000 €', () => {
    expect(previewPayout({ grossCents: 20_000, method: 'receipt', yearTotalCents: 490_000, year: 2026, usesEmployees: false }).warning).toMatch(/superi i 5\.000 € di compensi occasionali nel 2026/);
    expect(previewPayout({ grossCents: 20_000, method: 'giftcard', yearTotalCents: 510_000, year: 2026, usesEmployees: false }).warning).toMatch(/hai già superato/);
    expect(previewPayout({ grossCents: 20_000, method: 'giftcard', yearTotalCents: 0, year: 2026, usesEmployees: false }).netCents).toBe(20_000);
  });

  it('an invoice withholds 23% of half the commissions, of a fifth with employees, and does not deduct the stamp', () => {
    expect(previewPayout({ grossCents: 100_000, method: 'invoice', yearTotalCents: 0, year: 2026, usesEmployees: false })).toMatchObject({ withholdingCents: 11_500, netCents: 88_500, stampCents: 200, isStampDeducted: false, warning: null });
    expect(previewPayout({ grossCents: 100_000, method: 'invoice', yearTotalCents: 0, year: 2026, usesEmployees: true }).netCents).toBe(95_400);
  });

  it('reads euros as cents', () => {
    expect([euroToCents(12.5), euroToCents(0.1 + 0.2), euroToCents(null)]).toEqual([1250, 30, null]);
  });
});
