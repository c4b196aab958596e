import { describe, expect, it } from 'vitest';
import type { TComune } from '../../../../shared/schemas/geo';
import { CodiceFiscale } from '../../../../shared/validation/codice-fiscale';
import { birthplaceOfPlace, cfFillOf, EMPTY_CLIENT_FORM, toClientInput, type TClientFormValues } from './client-form-values';

// Issue 26 point 11: a valid codice fiscale typed fills the person's empty birth fields.

const GIULIA_CF = CodiceFiscale.compute({ name: 'Giulia', surname: 'Verdi', gender: 'F', day: 1, month: 2, year: 1992, birthplace: 'Roma', birthplaceProvincia: 'RM' });
const ROMA: TComune = { istat: '058091', name: 'Roma', sigla: 'RM', provinceName: 'Roma', cadastralCode: 'H501', caps: ['00118'], active: true, mergedInto: null };
const giulia: TClientFormValues = { ...EMPTY_CLIENT_FORM, name: 'Giulia', surname: 'Verdi', cf: GIULIA_CF };
const NOW = new Date('2026-11-27T00:00:00Z');

describe('what the codice fiscale fills in the client form', () => {
  it('fills the birth date, sex and birthplace code of a valid code, typed in lower case too', () => {
    expect(cfFillOf(giulia, NOW)).toEqual({ birthDate: '1992-02-01', sex: 'F', birthplaceCadastral: 'H501' });
    expect(cfFillOf({ ...giulia, cf: ` ${GIULIA_CF.toLowerCase()} ` }, NOW)).toEqual({ birthDate: '1992-02-01', sex: 'F', birthplaceCadastral: 'H501' });
  });

  it('leaves what the user filled, an incomplete or wrong code, and a company alone', () => {
    expect(cfFillOf({ ...giulia, birthDate: '1992-02-02', sex: 'M', birthplace: ROMA }, NOW)).toEqual({});
    expect(cfFillOf({ ...giulia, sex: 'M' }, NOW)).toEqual({ birthDate: '1992-02-01', birthplaceCadastral: 'H501' });
    expect(cfFillOf({ ...giulia, cf: GIULIA_CF.slice(0, 15) }, NOW)).toEqual({});
    expect(cfFillOf({ ...giulia, cf: `${GIULIA_CF.slice(0, 15)}${GIULIA_CF.endsWith('A') ? 'B' : 'A'}` }, NOW)).toEqual({});
    expect(cfFillOf({ ...giulia, kind: 'azienda' }, NOW)).toEqual({});
  });

  it('holds a comune found as the picker does, and a country stored by its name alone', () => {
    expect(birthplaceOfPlace({ kind: 'comune', comune: ROMA })).toBe(ROMA);
    const abroad = birthplaceOfPlace({ kind: 'country', country: { code: 'Z114', name: 'REGNO UNITO' } });
    expect(abroad).toMatchObject({ name: 'Regno Unito', cadastralCode: 'Z114' });
    const input = toClientInput({ ...giulia, birthplace: abroad });
    expect(input).toMatchObject({ birthplace: { cadastralCode: 'Z114', label: 'Regno Unito' } });
    expect(toClientInput({ ...giulia, birthplace: ROMA })).toMatchObject({ birthplace: { cadastralCode: 'H501', label: 'Roma (RM)' } });
  });
});
