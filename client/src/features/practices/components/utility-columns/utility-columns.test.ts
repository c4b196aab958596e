import { describe, expect, it } from 'vitest';
import { supplyCodesText, utilityColumns } from './utility-columns';

const NO_DATES = { expectedStartDate: null, supplyStartDate: null, supplyEndDate: null };
const OFFER = { id: 'energia-nord-casa-dual', supplier: 'Energia Nord S.p.A.', name: 'Casa Dual Fisso', commissionCents: 9000, clawbackMonths: 12, docs: [] };

describe('the utility columns of a practice', () => {
  it('reads the POD and the PDR of a dual supply, the offer as "Fornitore · Offerta" and the expected start', () => {
    const columns = utilityColumns('luce-e-gas', {
      ...NO_DATES,
      data: { commodity: 'dual', electricity: { pod: 'IT001E12345678', yearlyKwh: 2700 }, gas: { pdr: '00881234567890', yearlySmc: 1200 }, offer: OFFER },
      expectedStartDate: '2027-02-01',
    });
    expect(columns).toEqual({
      supplyCodes: [
        { kind: 'POD', code: 'IT001E12345678' },
        { kind: 'PDR', code: '00881234567890' },
      ],
      offerLabel: 'Energia Nord S.p.A. · Casa Dual Fisso',
      expectedStart: { kind: 'expected', label: '01/02/2027' },
    });
    expect(supplyCodesText(columns.supplyCodes)).toBe('POD IT001E12345678 · PDR 00881234567890');
  });

  it('shows only the meter a single supply has, and no date while the start is not known', () => {
    const gasOnly = utilityColumns('luce-e-gas', { ...NO_DATES, data: { commodity: 'gas', electricity: null, gas: { pdr: '00881234567890' }, offer: OFFER } });
    expect(gasOnly.supplyCodes).toEqual([{ kind: 'PDR', code: '00881234567890' }]);
    expect(gasOnly.expectedStart).toBeNull();
  });

  it('tells an active supply by its start and an ended one by its end, the latest fact winning', () => {
    const data = { offer: OFFER };
    expect(utilityColumns('gpl', { data, expectedStartDate: '2027-02-01', supplyStartDate: '2027-02-03', supplyEndDate: null }).expectedStart).toEqual({
      kind: 'active',
      label: 'Attiva dal 03/02/2027',
    });
    expect(utilityColumns('gpl', { data, expectedStartDate: '2027-02-01', supplyStartDate: '2027-02-03', supplyEndDate: '2027-09-30' }).expectedStart).toEqual({
      kind: 'ceased',
      label: 'Cessata il 30/09/2027',
    });
  });

  it('has no meter code for GPL, names an offer without supplier and name by its code, and survives data without the parts', () => {
    expect(utilityColumns('gpl', { ...NO_DATES, data: { electricity: { pod: 'IT001E12345678' }, offer: { id: 'gpl-casa', supplier: '', name: '' } } })).toEqual({
      supplyCodes: [],
      offerLabel: 'gpl-casa',
      expectedStart: null,
    });
    expect(utilityColumns('luce-e-gas', { ...NO_DATES, data: null })).toEqual({ supplyCodes: [], offerLabel: null, expectedStart: null });
    expect(utilityColumns('luce-e-gas', { ...NO_DATES, data: { electricity: { pod: 42 }, gas: 'x', offer: [] } })).toEqual({ supplyCodes: [], offerLabel: null, expectedStart: null });
  });
});
