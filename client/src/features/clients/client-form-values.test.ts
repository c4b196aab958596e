import { describe, expect, it } from 'vitest';
import type { TClientRecord } from '../../../../shared/schemas/client-record';
import type { TComune } from '../../../../shared/schemas/geo';
import { CodiceFiscale } from '../../../../shared/validation/codice-fiscale';
import {
  checkClientForm,
  EMPTY_CLIENT_FORM,
  toClientFormValues,
  toClientInput,
  toClientRow,
  toFormPath,
  upsertClientRow,
  type TClientFormValues,
} from './client-form-values';

const MARIO_CF = CodiceFiscale.compute({ name: 'Mario', surname: 'Rossi', gender: 'M', day: 15, month: 3, year: 1980, birthplace: 'Milano', birthplaceProvincia: 'MI' });
const MILANO: TComune = { istat: '015146', name: 'Milano', sigla: 'MI', provinceName: 'Milano', cadastralCode: 'F205', caps: ['20121', '20122'], active: true, mergedInto: null };

const mario: TClientFormValues = {
  ...EMPTY_CLIENT_FORM,
  name: 'Mario',
  surname: 'Rossi',
  cf: MARIO_CF,
  birthDate: '1980-03-15',
  birthplace: MILANO,
  sex: 'M',
  phones: ['', '333 123 4567'],
  street: 'Via Roma',
  number: '1',
  cap: '20121',
  comune: MILANO,
};

const record: TClientRecord = {
  id: '6f1c2f4e-8a1b-4c3d-9e2f-0a1b2c3d4e5f',
  cornerId: 'corner-1',
  cornerName: 'Corner Uno',
  kind: 'persona',
  name: 'Mario',
  surname: 'Rossi',
  cf: MARIO_CF,
  birthDate: '1980-03-15',
  birthplace: { cadastralCode: 'F205', label: 'Milano (MI)' },
  sex: 'M',
  businessName: '',
  vat: '',
  companyCf: '',
  pec: '',
  sdiCode: '',
  legalRepresentative: null,
  email: 'mario@example.it',
  phones: ['+393331234567'],
  address: { street: 'Via Roma', number: '1', cap: '20121', comuneIstat: '015146', comuneName: 'Milano', provinceSigla: 'MI' },
  notes: '',
  createdAt: new Date('2026-03-01T10:00:00.000Z'),
  updatedAt: new Date('2026-03-01T10:00:00.000Z'),
};

describe('client form values', () => {
  it('sends only the fields of the chosen kind, without empty phone rows', () => {
    const input = toClientInput(mario);
    expect(input).toMatchObject({ kind: 'persona', cf: MARIO_CF, phones: ['333 123 4567'], birthplace: { cadastralCode: 'F205', label: 'Milano (MI)' } });
    expect(input.address).toEqual({ street: 'Via Roma', number: '1', cap: '20121', comuneIstat: '015146', comuneName: 'Milano', provinceSigla: 'MI' });
    expect(input).not.toHaveProperty('businessName');
    expect(toClientInput({ ...mario, street: '', number: '', cap: '', comune: null }).address).toBeNull();
  });

  it('passes a consistent person with neither errors nor warnings', () => {
    expect(checkClientForm(mario)).toEqual({ errors: {}, warnings: [] });
  });

  it('tells consistency warnings from blocking errors', () => {
    const { errors, warnings } = checkClientForm({ ...mario, birthDate: '1981-03-15', sex: 'F' });
    expect(errors).toEqual({});
    expect(warnings).toHaveLength(2);
  });

  it('puts errors under the form field they belong to', () => {
    const { errors } = checkClientForm({ ...mario, cf: 'RSSMRA80C15F205X', phones: ['', 'abc'], comune: null, surname: '' });
    expect(Object.keys(errors).sort()).toEqual(['cf', 'comune', 'phones.1', 'surname']);
    expect(toFormPath(['legalRepresentative', 'cf'], mario)).toBe('repCf');
    expect(toFormPath(['address', 'cap'], mario)).toBe('cap');
  });

  it('checks a company by its own fields', () => {
    const company: TClientFormValues = { ...EMPTY_CLIENT_FORM, kind: 'azienda', businessName: 'Verdi Srl', vat: '12345678901' };
    expect(Object.keys(checkClientForm(company).errors)).toEqual(['vat']);
    expect(checkClientForm({ ...company, vat: '01234560017' }).errors).toEqual({});
  });

  it('turns a saved record back into the form and the list row', () => {
    const values = toClientFormValues(record);
    expect(values).toMatchObject({ kind: 'persona', cf: MARIO_CF, phones: ['+393331234567'], sex: 'M' });
    expect(values.birthplace).toMatchObject({ cadastralCode: 'F205', name: 'Milano', sigla: 'MI' });
    expect(toClientInput(values)).toMatchObject({ birthplace: record.birthplace });
    expect(toClientRow(record)).toMatchObject({ id: record.id, type: 'persona', displayName: 'Mario Rossi', phone: '+393331234567', comune: 'Milano' });
  });

  it('adds a new row at the front and replaces a known one where it stands', () => {
    const first = toClientRow(record);
    const other = toClientRow({ ...record, id: 'other', name: 'Luca' });
    expect(upsertClientRow([first], other).map((row) => row.id)).toEqual(['other', record.id]);
    const renamed = toClientRow({ ...record, name: 'Marco' });
    expect(upsertClientRow([other, first], renamed).map((row) => row.displayName)).toEqual(['Luca Rossi', 'Marco Rossi']);
  });
});
