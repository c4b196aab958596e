import { describe, expect, it } from 'vitest';
import { isValidCompanyCf, isValidPersonalCf } from './codice-fiscale';
import { isValidPartitaIva } from './partita-iva';

describe('partita IVA', () => {
  it.each(['01234560017', '12345670017', '07643520567'])('accepts %s', (vat) => expect(isValidPartitaIva(vat)).toBe(true));
  it.each([
    ['12345678901', 'wrong check digit'],
    ['01234560018', 'wrong check digit'],
    ['00000000000', 'all zeros'],
    ['0123456001', 'ten digits'],
    ['0123456001A', 'a letter'],
    ['01234562006', 'office code out of range'],
  ])('rejects %s (%s)', (vat) => expect(isValidPartitaIva(vat)).toBe(false));
});

describe('codice fiscale', () => {
  it('accepts a valid personal code and its omocodia variants', () => {
    expect(isValidPersonalCf('RSSMRA85T10A562S')).toBe(true);
    expect(isValidPersonalCf('RSSMRA85T10A56NH')).toBe(true);
  });
  it('rejects a wrong check character, a bad month letter and lowercase or short input', () => {
    expect(isValidPersonalCf('RSSMRA85T10A562T')).toBe(false);
    expect(isValidPersonalCf('RSSMRA85Z10A562S')).toBe(false);
    expect(isValidPersonalCf('rssmra85t10a562s')).toBe(false);
    expect(isValidPersonalCf('RSSMRA85T10A562')).toBe(false);
  });
  it('accepts the numeric code of a company', () => {
    expect(isValidCompanyCf('01234560017')).toBe(true);
    expect(isValidCompanyCf('01234560018')).toBe(false);
  });
});
