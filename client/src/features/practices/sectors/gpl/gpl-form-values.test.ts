import { describe, expect, it } from 'vitest';
import { gplDefinition, ZGplData } from '../../../../../../shared/practices/gpl';
import { OFFER_MSG } from '../../../../../../shared/practices/utility-offers';
import { checkGplForm, EMPTY_GPL_FORM, toGplFormValues, toGplInput, type TGplFormValues } from './gpl-form-values';

const filled: TGplFormValues = toGplFormValues(gplDefinition.example);

describe('the GPL request form', () => {
  it('turns the example request into the form and back into the same data, the offer sent by its code', () => {
    expect(checkGplForm(filled)).toEqual({});
    const { offer, ...rest } = ZGplData.parse(toGplInput(filled));
    const { offer: exampleOffer, ...exampleRest } = gplDefinition.example;
    expect(rest).toEqual(exampleRest);
    expect(toGplInput(filled).offer).toEqual({ id: 'gas-valle-comodato', supplier: 'Gas Valle S.r.l.', name: 'GPL Casa Comodato' });
    // The commission, clawback and documents are the server's to fill from the catalogue.
    expect(offer).toEqual({ id: exampleOffer.id, supplier: exampleOffer.supplier, name: exampleOffer.name, commissionCents: null, clawbackMonths: null, docs: [] });
  });

  it('asks for an offer of the catalogue on the select', () => {
    expect(checkGplForm({ ...filled, offer: { id: ' ', supplier: 'Gas Valle S.r.l.', name: '' } })).toEqual({ 'offer.id': OFFER_MSG.offerRequired });
  });

  it('asks for every required field of an empty form, the IBAN for the default direct debit', () => {
    expect(Object.keys(checkGplForm(EMPTY_GPL_FORM)).sort()).toEqual(
      ['offer.id', 'sepa.iban', 'supplyAddress.comune', 'supplyAddress.postcode', 'supplyAddress.province', 'supplyAddress.street', 'supplyAddress.streetNumber', 'supplyKind', 'uses', 'yearlyLitres'].sort(),
    );
    expect(checkGplForm(EMPTY_GPL_FORM).uses).toBe('Seleziona almeno un uso del GPL.');
  });

  it('asks the tank of a tank kind and the cylinder size for cylinders, sending only the one chosen', () => {
    expect(checkGplForm({ ...filled, tank: { litres: '', underground: false } })['tank.litres']).toBe(
      'Capacità del serbatoio non valida: da 100 a 20.000 litri, senza decimali (es. 1000).',
    );
    const cylinders: TGplFormValues = { ...filled, supplyKind: 'cylinders' };
    expect(checkGplForm(cylinders)).toEqual({ cylinderKg: 'Seleziona il peso delle bombole (10, 15, 16 o 25 kg).' });
    expect(toGplInput({ ...cylinders, cylinderKg: 15 })).toMatchObject({ tank: null, cylinderKg: 15 });
    expect(toGplInput(filled)).toMatchObject({ tank: { litres: 1000, underground: false }, cylinderKg: null });
  });

  it('needs the owner’s consent on a rented property, and the IBAN only for the direct debit', () => {
    expect(checkGplForm({ ...filled, propertyRented: true })).toEqual({ ownerConsent: 'In un immobile in affitto serve il consenso del proprietario all’installazione.' });
    expect(checkGplForm({ ...filled, propertyRented: true, ownerConsent: true })).toEqual({});
    expect(toGplInput({ ...filled, propertyRented: false, ownerConsent: true }).ownerConsent).toBe(false);
    const onDelivery: TGplFormValues = { ...filled, payment: 'onDelivery', sepa: { ...filled.sepa, iban: 'IT00' } };
    expect(toGplInput(onDelivery).sepa).toBeNull();
    expect(checkGplForm(onDelivery)).toEqual({});
    expect(checkGplForm({ ...onDelivery, payment: 'sepa' })['sepa.iban']).toBe('Un IBAN italiano ha 27 caratteri: ne hai inseriti 4.');
  });
});
