import { describe, expect, it } from 'vitest';
import { compareQuotations, missingCovers, missingCoversWarning, requestedCoversOf, type TComparedQuotation } from './quotation-compare';

const base: TComparedQuotation = {
  id: 'q1',
  companyName: 'Alfa Assicurazioni',
  agencyName: null,
  premiumCents: 48_000,
  instalments: 1,
  personInjuryCents: 645_000_000,
  propertyDamageCents: 130_000_000,
  covers: [{ code: 'fireTheft', label: 'Furto e incendio', limitCents: 1_500_000, deductibleCents: 25_000 }],
  conditions: '',
  validUntil: '2026-12-31',
};

describe('compareQuotations', () => {
  it('marks the rows that differ, the cheapest premium, and every cover any quotation includes', () => {
    const other: TComparedQuotation = { ...base, id: 'q2', companyName: 'Beta', premiumCents: 42_000, covers: [{ code: 'glass', label: 'Cristalli' }] };
    const rows = compareQuotations([base, other]);
    const byKey = Object.fromEntries(rows.map((row) => [row.key, row]));
    expect(byKey.company!.differs).toBe(true);
    expect(byKey.premium!.best).toBe(1);
    expect(byKey.instalments).toMatchObject({ cells: ['Annuale', 'Annuale'], differs: false });
    expect(byKey.personInjury!.differs).toBe(false);
    expect(byKey['cover:fireTheft']!.cells[1]).toBe('Non inclusa');
    expect(byKey['cover:fireTheft']!.cells[0]).toMatch(/^Inclusa \(massimale 15\.000,00\s€, franchigia 250,00\s€\)$/);
    expect(byKey['cover:glass']).toMatchObject({ label: 'Cristalli', cells: ['Non inclusa', 'Inclusa'], differs: true });
    expect(byKey.validUntil!.cells).toEqual(['31/12/2026', '31/12/2026']);
  });

  it('names no cheapest when the premiums are equal', () => {
    expect(compareQuotations([base, { ...base, id: 'q2' }]).find((row) => row.key === 'premium')!.best).toBeUndefined();
  });

  it('puts the covers asked for first, each on its row even when no quotation includes it', () => {
    const requested = requestedCoversOf('rca', { covers: ['glass', 'fireTheft'] });
    const rows = compareQuotations([base], 'Somma assicurata', requested);
    const covers = rows.filter((row) => row.key.startsWith('requested:') || row.key.startsWith('cover:'));
    expect(covers.map((row) => [row.label, row.cells[0]])).toEqual([
      ['Furto e incendio (richiesta)', expect.stringMatching(/^Inclusa/)],
      ['Cristalli (richiesta)', 'Non inclusa'],
    ]);
  });
});

describe('requested covers', () => {
  it('reads RC Auto’s by catalogue code (in catalogue order) and altri rami’s by name; a surety asks for none', () => {
    expect(requestedCoversOf('rca', { covers: ['roadsideAssistance', 'fireTheft', 'nonsense'] })).toEqual([
      { code: 'fireTheft', label: 'Furto e incendio' },
      { code: 'roadsideAssistance', label: 'Assistenza stradale' },
    ]);
    expect(requestedCoversOf('altri-rami', { covers: ['Incendio', ' furto ', 'incendio', ''] })).toEqual([
      { code: null, label: 'Incendio' },
      { code: null, label: 'furto' },
    ]);
    expect(requestedCoversOf('fideiussioni', { covers: ['Incendio'] })).toEqual([]);
    expect(requestedCoversOf('rca', null)).toEqual([]);
  });

  it('names the requested covers a quotation leaves out, matched by code or by name', () => {
    const rca = requestedCoversOf('rca', { covers: ['fireTheft', 'glass'] });
    expect(missingCovers(rca, base.covers)).toEqual(['Cristalli']);
    expect(missingCoversWarning(rca, base.covers)).toBe('Non include: Cristalli');
    expect(missingCoversWarning(rca, [...base.covers, { code: 'glass', label: 'Cristalli' }])).toBeNull();
    const home = requestedCoversOf('altri-rami', { covers: ['Incendio del fabbricato', 'Furto'] });
    expect(missingCoversWarning(home, [{ code: 'garanzia1', label: 'incendio  del fabbricato' }])).toBe('Non include: Furto');
    expect(missingCoversWarning(home, [])).toBe('Non include: Incendio del fabbricato, Furto');
  });
});
