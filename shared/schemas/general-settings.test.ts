import { describe, expect, it } from 'vitest';
import { GENERAL_SETTINGS_DEFAULTS, GENERAL_SETTING_SCHEMAS, generalSettingIssue, readGeneralSetting } from './general-settings';

describe('general settings keys', () => {
  it('the starting values pass their schemas', () => {
    for (const [key, schema] of Object.entries(GENERAL_SETTING_SCHEMAS)) expect(schema.safeParse(GENERAL_SETTINGS_DEFAULTS[key as keyof typeof GENERAL_SETTINGS_DEFAULTS]).success, key).toBe(true);
  });

  it('an ANIA configuration that is on needs a service address once it names one', () => {
    expect(generalSettingIssue('aniaConfig', { enabled: true })).toBeNull();
    expect(generalSettingIssue('aniaConfig', { enabled: false, endpoint: '' })).toBeNull();
    expect(generalSettingIssue('aniaConfig', { enabled: true, endpoint: '' })?.path).toEqual(['endpoint']);
  });

  it('reads an invalid stored value as the default and a valid one as stored', () => {
    expect(readGeneralSetting('profileDocs', 'x')).toEqual(GENERAL_SETTINGS_DEFAULTS.profileDocs);
    expect(readGeneralSetting('otherDocs', [{ key: 'visura', name: 'Visura', required: false }])).toEqual([{ key: 'visura', name: 'Visura', required: false }]);
    expect(readGeneralSetting('aniaState', false)).toBe(false);
  });
});
