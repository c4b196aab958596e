import { describe, expect, it } from 'vitest';
import { RCA_SETTING_KEYS, RCA_SETTING_SCHEMAS, RCA_SETTINGS_DEFAULTS, addDaysIso, rcaCommissionCents, readRcaSetting, rcaSettingIssue } from './rca-settings';

describe('RC Auto settings', () => {
  it('has defaults that pass their own schemas, for every key', () => {
    expect(RCA_SETTING_KEYS.sort()).toEqual(['rcaConfig', 'rcaDocs', 'rcaPrecontrattuale', 'rcaRange', 'rcaReproposal', 'rcaRevenue']);
    for (const key of RCA_SETTING_KEYS) expect(RCA_SETTING_SCHEMAS[key].parse(RCA_SETTINGS_DEFAULTS[key])).toEqual(RCA_SETTINGS_DEFAULTS[key]);
  });

  it('reads a missing or invalid stored value as the default, a valid one as stored', () => {
    expect(readRcaSetting('rcaRange', undefined)).toEqual({ daysBefore: 30 });
    expect(readRcaSetting('rcaRange', { daysBefore: 500 })).toEqual({ daysBefore: 30 });
    expect(readRcaSetting('rcaRange', { daysBefore: 45 })).toEqual({ daysBefore: 45 });
    expect(readRcaSetting('rcaPrecontrattuale', null)).toBe(true);
    expect(rcaSettingIssue('rcaDocs', [{ docType: 'a', label: '', required: true }])).toMatchObject({ path: [0, 'label'] });
  });

  it('computes the commission in whole cents (half up) plus the fixed part', () => {
    expect(rcaCommissionCents({ percentBp: 1000, fixedCents: 0 }, 48_000)).toBe(4_800);
    expect(rcaCommissionCents({ percentBp: 1250, fixedCents: 1_500 }, 48_000)).toBe(7_500);
    expect(rcaCommissionCents({ percentBp: 1, fixedCents: 0 }, 5_000)).toBe(1);
    expect(rcaCommissionCents({ percentBp: 0, fixedCents: 2_000 }, 48_000)).toBe(2_000);
  });

  it('moves ISO dates across month, year and leap days', () => {
    expect(addDaysIso('2028-03-31', 15)).toBe('2028-04-15');
    expect(addDaysIso('2027-12-20', 15)).toBe('2028-01-04');
    expect(addDaysIso('2028-02-20', 10)).toBe('2028-03-01');
    expect(addDaysIso('2026-01-10', -15)).toBe('2025-12-26');
  });
});
