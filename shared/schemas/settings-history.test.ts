import { describe, expect, it } from 'vitest';
import { diffSettingValues, formatSettingValue, summarizeSettingChanges } from './settings-history';

describe('settings history: what changed', () => {
  it('walks objects and arrays down to the leaves that changed', () => {
    const before = { daysBefore: 30, docs: [{ label: 'Libretto', required: true }], 'chiave strana': 1 };
    const after = { daysBefore: 45, docs: [{ label: 'Libretto', required: false }, { label: 'Patente', required: true }], 'chiave strana': 2 };
    expect(diffSettingValues(before, after)).toEqual([
      { path: 'daysBefore', before: 30, after: 45 },
      { path: 'docs[0].required', before: true, after: false },
      { path: 'docs[1]', before: undefined, after: { label: 'Patente', required: true } },
      { path: '["chiave strana"]', before: 1, after: 2 },
    ]);
  });

  it('a scalar, a type change or a first value is one change of the whole value; equal values none', () => {
    expect(diffSettingValues(true, false)).toEqual([{ path: '', before: true, after: false }]);
    expect(diffSettingValues(undefined, { a: 1 })).toEqual([{ path: '', before: undefined, after: { a: 1 } }]);
    expect(diffSettingValues({ a: [1] }, { a: [1] })).toEqual([]);
  });

  it('says the changes in words, shortening long values', () => {
    expect(summarizeSettingChanges(diffSettingValues({ enabled: true, days: 30 }, { enabled: false, days: 30 }))).toBe('enabled: sì → no');
    expect(summarizeSettingChanges(diffSettingValues(5, 7))).toBe('5 → 7');
    expect(summarizeSettingChanges([])).toBe('Nessuna differenza dal valore precedente.');
    expect(formatSettingValue(null)).toBe('(vuoto)');
    expect(formatSettingValue('x'.repeat(200))).toHaveLength(80);
    const many = Array.from({ length: 12 }, (_, index) => ({ path: `k${index}`, before: 0, after: 1 }));
    expect(summarizeSettingChanges(many)).toMatch(/; e altre 2 modifiche$/);
  });
});
