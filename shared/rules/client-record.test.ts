import { describe, expect, it } from 'vitest';
import { CodiceFiscale } from '../validation/codice-fiscale';
import { checkPersonConsistency, decodePersonCf, formatItalianDate, undoOmocodia } from './client-record';

const mariaFacts = { name: 'Maria', surname: 'Bianchi', gender: 'F' as const, day: 12, month: 3, year: 1985, birthplace: 'Milano', birthplaceProvincia: 'MI' };
const maria = CodiceFiscale.compute(mariaFacts);
const luca = CodiceFiscale.compute({ name: 'Luca', surname: 'Verdi', gender: 'M', day: 1, month: 1, year: 2010, birthplace: 'Germania', birthplaceProvincia: 'EE' });
const withCheck = (first15: string) => first15 + CodiceFiscale.getCheckCode(first15);
const NOW = new Date('2026-11-23T12:00:00Z');

describe('decodePersonCf', () => {
  it('reads birth date, sex and birthplace of a woman born in Milan', () => {
    expect(maria).toBe('BNCMRA85C52F205W');
    expect(decodePersonCf(maria, NOW)).toEqual({ birthDate: '1985-03-12', sex: 'F', birthplaceCadastral: 'F205', foreignBirthplace: false });
  });

  it('reads a man born abroad (Z code) this century', () => {
    expect(decodePersonCf(luca, NOW)).toEqual({ birthDate: '2010-01-01', sex: 'M', birthplaceCadastral: 'Z112', foreignBirthplace: true });
  });

  it('decodes every omocodia variant to the same facts', () => {
    const variants = CodiceFiscale.getOmocodie(maria);
    expect(variants.length).toBeGreaterThan(100);
    for (const variant of variants) expect(decodePersonCf(variant, NOW)).toEqual(decodePersonCf(maria, NOW));
  });

  it('maps omocodia letters back to digits, birthplace included', () => {
    expect(undoOmocodia('BNCMRAURCRNFNL5G')).toBe('BNCMRA85C52F205G');
    expect(decodePersonCf('BNCMRA85C52FNL5W', NOW)?.birthplaceCadastral).toBe('F205');
  });

  it('infers the latest century that does not put the birth date in the future', () => {
    const born = (day: number, month: number, year: number) =>
      decodePersonCf(CodiceFiscale.compute({ ...mariaFacts, day, month, year }), NOW)?.birthDate;
    expect(born(5, 1, 2026)).toBe('2026-01-05');
    expect(born(31, 12, 1926)).toBe('1926-12-31');
    expect(born(1, 6, 1930)).toBe('1930-06-01');
    expect(born(1, 6, 2000)).toBe('2000-06-01');
  });

  it('refuses a wrong check character, a lower-case code and a date that does not exist', () => {
    expect(decodePersonCf('BNCMRA85C52F205X', NOW)).toBeNull();
    expect(decodePersonCf(maria.toLowerCase(), NOW)).toBeNull();
    expect(decodePersonCf(withCheck('NRENNA90B71H501'), NOW)).toBeNull();
    expect(decodePersonCf('01234560017', NOW)).toBeNull();
  });

  it('formats an ISO date the Italian way', () => expect(formatItalianDate('1985-03-12')).toBe('12/03/1985'));
});

describe('checkPersonConsistency', () => {
  const facts = { cf: maria, birthDate: '1985-03-12', sex: 'F' as const, birthplaceCadastral: 'F205' };

  it('gives no warning when the fields agree with the code, or are empty', () => {
    expect(checkPersonConsistency(facts, NOW)).toEqual([]);
    expect(checkPersonConsistency({ ...facts, birthplaceCadastral: 'f205' }, NOW)).toEqual([]);
    expect(checkPersonConsistency({ cf: maria, birthDate: '', sex: null, birthplaceCadastral: undefined }, NOW)).toEqual([]);
    expect(checkPersonConsistency({ ...facts, cf: CodiceFiscale.getOmocodie(maria)[5]! }, NOW)).toEqual([]);
  });

  it('accepts a birth date a century before the one inferred (the code holds two digits of the year)', () => {
    const cf = CodiceFiscale.compute({ ...mariaFacts, year: 1920 });
    expect(decodePersonCf(cf, NOW)?.birthDate).toBe('2020-03-12');
    expect(checkPersonConsistency({ ...facts, cf, birthDate: '1920-03-12' }, NOW)).toEqual([]);
  });

  it('warns about a different birth date, naming the date in the code', () => {
    expect(checkPersonConsistency({ ...facts, birthDate: '1985-03-13' }, NOW)).toEqual([
      { field: 'birthDate', message: 'La data di nascita non corrisponde al codice fiscale (dal codice: 12/03/1985).' },
    ]);
  });

  it('warns about a different sex', () => {
    expect(checkPersonConsistency({ ...facts, sex: 'M' }, NOW)).toEqual([
      { field: 'sex', message: 'Il sesso non corrisponde al codice fiscale (dal codice: F).' },
    ]);
  });

  it('warns about a different birthplace', () => {
    expect(checkPersonConsistency({ ...facts, birthplaceCadastral: 'H501' }, NOW)).toEqual([
      { field: 'birthplace', message: 'Il luogo di nascita non corrisponde al codice fiscale (dal codice: F205).' },
    ]);
  });

  it('lists every mismatch at once, and none for a code that is not valid', () => {
    const all = checkPersonConsistency({ cf: luca, birthDate: '1985-03-12', sex: 'F', birthplaceCadastral: 'F205' }, NOW);
    expect(all.map((warning) => warning.field)).toEqual(['birthDate', 'sex', 'birthplace']);
    expect(checkPersonConsistency({ ...facts, cf: 'BNCMRA85C52F205X' }, NOW)).toEqual([]);
  });
});
