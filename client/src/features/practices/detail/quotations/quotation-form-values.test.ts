import { describe, expect, it } from 'vitest';
import { ZInsuredQuotationInput, ZQuotationInput, insuredQuotationExample, quotationExample } from '../../../../../../shared/practices/quotation';
import type { TQuotation } from '../../../../../../shared/schemas/quotations';
import { customCover, emptyQuotationValues, fieldOfPath, quotationToValues, valuesToInput } from './quotation-form-values';

const quotation: TQuotation = {
  ...quotationExample(),
  insuredCents: null,
  id: 'q1',
  practiceId: 'p1',
  companyId: null,
  companyName: 'Compagnia Esempio S.p.A.',
  ivassCode: null,
  agencyId: null,
  agencyName: null,
  covers: [
    { code: 'fireTheft', label: 'Furto e incendio', limitCents: 1_500_000, deductibleCents: 25_000 },
    { code: 'bonusProtetto', label: 'Bonus protetto', limitCents: null, deductibleCents: null },
  ],
  chosen: false,
  stillValid: true,
  file: null,
  createdById: 'b1',
  createdByName: 'Bruno',
  createdAt: new Date(),
  updatedAt: new Date(),
};

describe('quotation form values', () => {
  it('gives back what was quoted, the insurer’s own covers kept, amounts in cents', () => {
    const input = ZQuotationInput.parse(valuesToInput(quotationToValues(quotation)));
    expect(input).toMatchObject({ company: 'Compagnia Esempio S.p.A.', premiumCents: 48_000, instalments: 2, personInjuryCents: 645_000_000 });
    expect(input.covers).toEqual([
      { code: 'fireTheft', label: 'Furto e incendio', limitCents: 1_500_000, deductibleCents: 25_000 },
      { code: 'bonusProtetto', label: 'Bonus protetto', limitCents: null, deductibleCents: null },
    ]);
  });

  it('starts a new quotation at the legal minimums and leaves the premium for the schema to ask', () => {
    const result = ZQuotationInput.safeParse(valuesToInput(emptyQuotationValues()));
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => fieldOfPath(issue.path.join('.')));
    expect(paths.sort()).toEqual(['company', 'premium']);
  });

  it('turns the euro typed into whole cents', () => {
    expect(valuesToInput({ ...emptyQuotationValues(), premium: 1234.56 }).premiumCents).toBe(123_456);
  });

  it('a sector with an insured sum: no RC limits, no catalogue, the covers the broker names, the sum in cents', () => {
    const insured: TQuotation = { ...quotation, ...insuredQuotationExample(25_000_000), personInjuryCents: null, propertyDamageCents: null, covers: [{ code: 'garanzia1', label: 'Incendio del fabbricato', limitCents: 20_000_000, deductibleCents: null }] };
    const values = quotationToValues(insured, 'insured');
    expect(values.covers.map((cover) => cover.label)).toEqual(['Incendio del fabbricato']);
    const input = ZInsuredQuotationInput.parse(valuesToInput(values, 'insured'));
    expect(input).toMatchObject({ insuredCents: 25_000_000, covers: [{ code: 'garanzia1', label: 'Incendio del fabbricato', limitCents: 20_000_000 }] });
    expect(input).not.toHaveProperty('personInjuryCents');

    const empty = emptyQuotationValues('insured');
    expect(empty.covers).toEqual([]);
    const result = ZInsuredQuotationInput.safeParse(valuesToInput(empty, 'insured'));
    expect(result.error!.issues.map((issue) => fieldOfPath(issue.path.join('.'))).sort()).toEqual(['company', 'insured', 'premium']);
    expect(customCover([customCover([]), { ...customCover([]), code: 'garanzia2' }]).code).toBe('garanzia3');
  });

  it('starts a new quotation from the covers the corner asked for: ticked in RC Auto’s catalogue, written out elsewhere', () => {
    const rca = emptyQuotationValues('liability', [{ code: 'fireTheft', label: 'Furto e incendio' }, { code: 'glass', label: 'Cristalli' }]);
    expect(rca.covers.filter((cover) => cover.isIncluded).map((cover) => cover.code)).toEqual(['fireTheft', 'glass']);
    expect(rca.covers.find((cover) => cover.code === 'kasko')?.isIncluded).toBe(false);
    const home = emptyQuotationValues('insured', [{ code: null, label: 'Incendio' }, { code: null, label: 'Furto' }]);
    expect(home.covers.map(({ code, label, isIncluded }) => ({ code, label, isIncluded }))).toEqual([
      { code: 'garanzia1', label: 'Incendio', isIncluded: true },
      { code: 'garanzia2', label: 'Furto', isIncluded: true },
    ]);
    expect(ZInsuredQuotationInput.parse(valuesToInput({ ...home, company: 'c1', premium: 300, insured: 100_000 }, 'insured')).covers.map((cover) => cover.label)).toEqual(['Incendio', 'Furto']);
  });
});
