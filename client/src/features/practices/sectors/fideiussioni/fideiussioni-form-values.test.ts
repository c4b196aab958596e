import { describe, expect, it } from 'vitest';
import { ZFideiussioniData, fideiussioniDefinition } from '../../../../../../shared/practices/fideiussioni';
import { checkFideiussioniForm, EMPTY_FIDEIUSSIONI_FORM, showsCig, showsTenderObject, toFideiussioniFormValues, toFideiussioniInput, type TFideiussioniFormValues } from './fideiussioni-form-values';

const filled: TFideiussioniFormValues = toFideiussioniFormValues(fideiussioniDefinition.example);

describe('the fideiussioni request form', () => {
  it('turns the example request into the form and back into the same data, money in euro', () => {
    expect(checkFideiussioniForm(filled)).toEqual({});
    expect(ZFideiussioniData.parse(toFideiussioniInput(filled))).toEqual(fideiussioniDefinition.example);
    expect(filled.guaranteedCents).toBe(5000);
    expect(filled.contractValueCents).toBe(250_000);
  });

  it('asks an empty form for every required field, in Italian and in euro', () => {
    expect(checkFideiussioniForm(EMPTY_FIDEIUSSIONI_FORM)).toEqual({
      kind: 'Seleziona il tipo di fideiussione.',
      'beneficiary.name': 'Campo obbligatorio.',
      'beneficiary.taxCode': 'Inserisci il codice fiscale (16 caratteri) o la partita IVA (11 cifre) del beneficiario.',
      guaranteedCents: 'Indica l’importo da garantire in euro: un importo positivo.',
      startDate: 'Data non valida.',
      endDate: 'Data non valida.',
      obligation: 'Descrivi l’obbligazione garantita (da 10 a 2000 caratteri).',
    });
  });

  it('refuses a provisional bond above 4% of the tender, and needs the CIG and the object of a tender', () => {
    const errors = checkFideiussioniForm({ ...filled, guaranteedCents: 10_000.01, cig: '', tenderObject: '' });
    expect(errors).toEqual({
      guaranteedCents: 'La cauzione provvisoria non può superare il 4% del valore della gara (D.Lgs. 36/2023, art. 106): al massimo 10.000,00\u00a0€.',
      cig: 'Per una gara d’appalto indica il CIG (Codice Identificativo Gara).',
      tenderObject: 'Per una gara d’appalto indica l’oggetto della gara.',
    });
    expect(checkFideiussioniForm({ ...filled, guaranteedCents: 10_000 })).toEqual({});
  });

  it('shows and sends the CIG and the tender’s object only for the kinds that have them', () => {
    expect(showsCig('tenderProvisional')).toBe(true);
    expect(showsCig('advancePayment')).toBe(true);
    expect(showsCig('rent')).toBe(false);
    expect(showsTenderObject('tenderFinal')).toBe(true);
    expect(showsTenderObject('advancePayment')).toBe(false);
    const rent: TFideiussioniFormValues = { ...filled, kind: 'rent', contractValueCents: null };
    const input = toFideiussioniInput(rent);
    expect(input).toMatchObject({ kind: 'rent', cig: '', tenderObject: '', contractValueCents: null });
    expect(checkFideiussioniForm(rent)).toEqual({});
  });

  it('needs the contract value for an advance payment, and the end after the start', () => {
    expect(checkFideiussioniForm({ ...filled, kind: 'advancePayment', contractValueCents: null, endDate: '2027-01-15' })).toEqual({
      contractValueCents: 'Per questo tipo di fideiussione indica il valore del contratto (o l’importo a base di gara).',
      endDate: 'La scadenza della garanzia deve essere successiva alla decorrenza.',
    });
  });

  it('checks the beneficiary’s tax code and PEC, and normalises the CIG as typed', () => {
    const errors = checkFideiussioniForm({ ...filled, beneficiary: { name: 'Comune', taxCode: '12345678901', pec: 'comune.it' } });
    expect(errors).toEqual({
      'beneficiary.taxCode': 'Inserisci il codice fiscale (16 caratteri) o la partita IVA (11 cifre) del beneficiario.',
      'beneficiary.pec': 'Inserisci un indirizzo PEC valido.',
    });
    expect(ZFideiussioniData.parse(toFideiussioniInput({ ...filled, cig: 'a0123 bc45d' })).cig).toBe('A0123BC45D');
  });
});
