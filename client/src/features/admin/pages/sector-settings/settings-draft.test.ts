import { describe, expect, it } from 'vitest';
import { RCA_SETTINGS_MSG } from '../../../../../../shared/practices/rca-settings';
import { SECTOR_SETTINGS_DEFAULTS, sectorSettingIssue, type TSectorSettingKey } from '../../../../../../shared/practices/sector-settings';
import { asNumber, CATEGORIES_MSG, categoriesIssue, changedKeys, issuesOf, joinPath, readCategories, sameValue, shown, splitServerFields } from './settings-draft';

describe('number drafts', () => {
  it('reads a typed number, and an empty or wrong field as NaN so the schema refuses it', () => {
    expect(asNumber(12.5)).toBe(12.5);
    expect(asNumber('45')).toBe(45);
    expect(asNumber('')).toBeNaN();
    expect(asNumber('  ')).toBeNaN();
    expect(asNumber('abc')).toBeNaN();
  });

  it('shows NaN as an empty field and any other number as it is', () => {
    expect(shown(Number.NaN)).toBe('');
    expect(shown(0)).toBe(0);
    expect(shown(30)).toBe(30);
  });
});

describe('changed keys', () => {
  const saved = { a: { x: 1 }, b: [1, 2], c: true };

  it('lists only the keys whose value differs, in the given order', () => {
    expect(changedKeys(['a', 'b', 'c'], { a: { x: 1 }, b: [1, 2], c: true }, saved)).toEqual([]);
    expect(changedKeys(['c', 'a', 'b'], { a: { x: 2 }, b: [1, 2], c: false }, saved)).toEqual(['c', 'a']);
    expect(changedKeys(['b'], { ...saved, b: [1] }, saved)).toEqual(['b']);
  });

  it('compares plain values by content', () => {
    expect(sameValue({ x: [1, 'a'] }, { x: [1, 'a'] })).toBe(true);
    expect(sameValue({ x: 1 }, { x: 2 })).toBe(false);
  });
});

describe('issues of a draft', () => {
  const keys: TSectorSettingKey[] = ['altriRamiDocs', 'altriRamiRevenue', 'fideiussioniConfig'];
  const issueOf = (key: TSectorSettingKey, value: unknown) => sectorSettingIssue(key, value);

  it('has none for the defaults', () => {
    expect(issuesOf(keys, SECTOR_SETTINGS_DEFAULTS, issueOf)).toEqual({});
  });

  it('gives each key its first problem with the dotted path of the field', () => {
    const draft = {
      ...SECTOR_SETTINGS_DEFAULTS,
      altriRamiDocs: [...SECTOR_SETTINGS_DEFAULTS.altriRamiDocs, { docType: '1 bad', label: 'Perizia', required: true }],
      altriRamiRevenue: { percentBp: Number.NaN, fixedCents: 0 },
      fideiussioniConfig: { ...SECTOR_SETTINGS_DEFAULTS.fideiussioniConfig, docs: [{ docType: 'visura', label: '', required: false }] },
    };
    expect(issuesOf(keys, draft, issueOf)).toEqual({
      altriRamiDocs: { path: '4.docType', message: RCA_SETTINGS_MSG.docTypeInvalid },
      altriRamiRevenue: { path: 'percentBp', message: RCA_SETTINGS_MSG.percentInvalid },
      fideiussioniConfig: { path: 'docs.0.label', message: RCA_SETTINGS_MSG.docLabelRequired },
    });
  });

  it('points a repeated document code at the repeated row', () => {
    const docs = [
      { docType: 'visura', label: 'Visura camerale', required: true },
      { docType: 'visura', label: 'Altra visura', required: false },
    ];
    expect(issuesOf(['altriRamiDocs'], { altriRamiDocs: docs }, issueOf)).toEqual({ altriRamiDocs: { path: '1.docType', message: RCA_SETTINGS_MSG.docTypeDuplicate } });
  });
});

describe('server field errors', () => {
  it('maps `value.<path>` to the field inside the value and keeps the others for the alert', () => {
    expect(
      splitServerFields({
        'value.docs.0.docType': [RCA_SETTINGS_MSG.docTypeInvalid],
        value: ['Valore troppo grande.'],
        key: ['Impostazione sconosciuta.', 'Riprova.'],
      }),
    ).toEqual({
      onValue: [
        { path: 'docs.0.docType', message: RCA_SETTINGS_MSG.docTypeInvalid },
        { path: '', message: 'Valore troppo grande.' },
      ],
      rest: ['Impostazione sconosciuta.\nRiprova.'],
    });
  });

  it('joins a nested block prefix to a path', () => {
    expect(joinPath('docs', '0.label')).toBe('docs.0.label');
    expect(joinPath('docs', '')).toBe('docs');
    expect(joinPath('', 'paymentDueDays')).toBe('paymentDueDays');
  });
});

describe('altri rami categories', () => {
  const stored = ['Casa', 'Infortuni', 'RC professionale', 'Viaggio', 'Salute', 'RC generale'];

  it('accepts the stored list of Italian names', () => {
    expect(categoriesIssue(stored)).toBeNull();
    expect(categoriesIssue(['Animali domestici'])).toBeNull();
  });

  it('refuses an empty name, a repeated one (case and spaces aside) and an empty list, on the right row', () => {
    expect(categoriesIssue([...stored, '  '])).toEqual({ path: [6], message: CATEGORIES_MSG.nameRequired });
    expect(categoriesIssue([...stored, 'x'.repeat(61)])).toEqual({ path: [6], message: CATEGORIES_MSG.nameRequired });
    expect(categoriesIssue([...stored, ' rc  Professionale '])).toEqual({ path: [6], message: CATEGORIES_MSG.nameDuplicate });
    expect(categoriesIssue([])).toEqual({ path: [], message: CATEGORIES_MSG.none });
    expect(categoriesIssue(Array.from({ length: 51 }, (_, index) => `Categoria ${index}`))).toEqual({ path: [], message: CATEGORIES_MSG.tooMany });
  });

  it('reads a stored value as the list of names (none when something else is stored)', () => {
    expect(readCategories(stored)).toEqual(stored);
    expect(readCategories(null)).toEqual([]);
    expect(readCategories(['Casa', 3, 'Viaggio'])).toEqual(['Casa', 'Viaggio']);
  });
});
