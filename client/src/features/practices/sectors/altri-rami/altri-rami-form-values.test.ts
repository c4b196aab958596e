import { describe, expect, it } from 'vitest';
import { ZAltriRamiData, altriRamiDefinition } from '../../../../../../shared/practices/altri-rami';
import { checkAltriRamiForm, EMPTY_ALTRI_RAMI_FORM, toAltriRamiFormValues, toAltriRamiInput, type TAltriRamiFormValues } from './altri-rami-form-values';

const filled: TAltriRamiFormValues = toAltriRamiFormValues(altriRamiDefinition.example);

describe('the altri rami request form', () => {
  it('turns the example request into the form and back into the same data, money in euro', () => {
    expect(checkAltriRamiForm(filled)).toEqual({});
    expect(ZAltriRamiData.parse(toAltriRamiInput(filled))).toEqual(altriRamiDefinition.example);
    expect(filled.insuredCents).toBe(300_000);
    expect(filled.hasCurrentPolicy).toBe(true);
    expect(filled.details.address).toEqual({ street: 'Via Roma 10', comune: 'Milano', province: 'MI' });
  });

  it('asks an empty form for the category, the description and the start; then the chosen category’s own fields', () => {
    expect(checkAltriRamiForm(EMPTY_ALTRI_RAMI_FORM)).toEqual({
      category: 'Seleziona la categoria di rischio.',
      description: 'Descrivi il rischio da assicurare (da 10 a 2000 caratteri).',
      startDate: 'Data non valida.',
    });
    const travel = checkAltriRamiForm({ ...EMPTY_ALTRI_RAMI_FORM, category: 'travel' });
    expect(Object.keys(travel).sort()).toEqual(['description', 'details.departureDate', 'details.destination', 'details.returnDate', 'startDate']);
    const professional = checkAltriRamiForm({ ...EMPTY_ALTRI_RAMI_FORM, category: 'professionalLiability' });
    expect(professional).toMatchObject({ 'details.profession': 'Campo obbligatorio.', 'details.turnoverCents': 'Indica il fatturato annuo in euro (0 o più).' });
    expect(Object.keys(checkAltriRamiForm({ ...EMPTY_ALTRI_RAMI_FORM, category: 'pets' })).sort()).toEqual(['description', 'startDate']);
  });

  it('sends only the chosen category’s details, money in cents, and no policy when switched off', () => {
    const values: TAltriRamiFormValues = {
      ...filled,
      category: 'shop',
      hasCurrentPolicy: false,
      insuredCents: 1234.56,
      details: { ...filled.details, activity: 'Panetteria', atecoCode: '10.71.10', turnoverCents: 250_000, employees: 3 },
    };
    const input = toAltriRamiInput(values);
    expect(input.details).toEqual({ activity: 'Panetteria', atecoCode: '10.71.10', turnoverCents: 25_000_000, employees: 3 });
    expect(input.insuredCents).toBe(123_456);
    expect(input.currentPolicy).toBeNull();
    expect(checkAltriRamiForm(values)).toEqual({});
    expect(toAltriRamiInput({ ...values, insuredCents: null }).insuredCents).toBeNull();
  });

  it('puts each problem under its input: the province, a return before the departure, a cleared duration, the ATECO code', () => {
    expect(checkAltriRamiForm({ ...filled, durationYears: '', details: { ...filled.details, address: { ...filled.details.address, province: 'MIL' } } })).toEqual({
      durationYears: 'La durata va da 1 a 10 anni (anni interi).',
      'details.address.province': 'Sigla della provincia non valida (2 lettere, es. MI).',
    });
    const travel: TAltriRamiFormValues = {
      ...filled,
      category: 'travel',
      details: { ...filled.details, destination: 'Giappone', departureDate: '2027-05-10', returnDate: '2027-05-01', travellers: 2 },
    };
    expect(checkAltriRamiForm(travel)).toEqual({ 'details.returnDate': 'Il rientro deve essere successivo alla partenza.' });
    const business: TAltriRamiFormValues = { ...filled, category: 'business', details: { ...filled.details, activity: 'Officina', atecoCode: '4520', turnoverCents: 0, employees: 0 } };
    expect(checkAltriRamiForm(business)).toEqual({ 'details.atecoCode': 'Codice ATECO non valido: formato NN.NN.NN (es. 47.11.00).' });
  });

  it('shows a cover’s problem under the covers, naming it', () => {
    expect(checkAltriRamiForm({ ...filled, covers: ['Furto', 'Incendio', 'furto'] })).toEqual({ covers: '«furto»: Garanzia già indicata.' });
  });

  it('turns a saved request of another category back into the form', () => {
    const saved = ZAltriRamiData.parse({
      category: 'injury',
      description: 'Infortuni professionali ed extraprofessionali del titolare.',
      startDate: '2027-03-01',
      details: { birthDate: '1979-06-30', occupation: 'Elettricista' },
    });
    const values = toAltriRamiFormValues(saved);
    expect(values).toMatchObject({ category: 'injury', insuredCents: null, durationYears: 1, hasCurrentPolicy: false, details: { birthDate: '1979-06-30', occupation: 'Elettricista', address: { street: '' } } });
    expect(ZAltriRamiData.parse(toAltriRamiInput(values))).toEqual(saved);
  });
});
