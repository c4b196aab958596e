import { describe, expect, it } from 'vitest';
import { luceGasDefinition, ZLuceGasData } from '../../../../../../shared/practices/luce-e-gas';
import { OFFER_MSG } from '../../../../../../shared/practices/utility-offers';
import { checkLuceGasForm, EMPTY_LUCE_GAS_FORM, luceGasOfferSubject, toLuceGasFormValues, toLuceGasInput, type TLuceGasFormValues } from './luce-gas-form-values';
import { EMPTY_ADDRESS, formatIban, isBlankAddress, supplyAddressOfClient, typingError } from './supply-form-values';

const filled: TLuceGasFormValues = toLuceGasFormValues(luceGasDefinition.example);

describe('the luce e gas request form', () => {
  it('turns the example request into the form and back into the same data, the offer sent by its code', () => {
    expect(checkLuceGasForm(filled)).toEqual({});
    const { offer, ...rest } = ZLuceGasData.parse(toLuceGasInput(filled));
    const { offer: exampleOffer, ...exampleRest } = luceGasDefinition.example;
    expect(rest).toEqual(exampleRest);
    // The commission, clawback and documents are the server's to fill from the catalogue.
    expect(filled.offer).toEqual({ id: 'luce-chiara-casa-dual', supplier: 'Luce Chiara S.p.A.', name: 'Casa Sicura Dual' });
    expect(toLuceGasInput(filled).offer).toEqual({ id: 'luce-chiara-casa-dual', supplier: 'Luce Chiara S.p.A.', name: 'Casa Sicura Dual' });
    expect(offer).toEqual({ id: exampleOffer.id, supplier: exampleOffer.supplier, name: exampleOffer.name, commissionCents: null, clawbackMonths: null, docs: [] });
    expect(filled.sepa.holderIsOther).toBe(false);
  });

  it('asks for an offer of the catalogue on the select, by its code alone', () => {
    expect(checkLuceGasForm({ ...filled, offer: { id: '', supplier: '', name: '' } })).toEqual({ 'offer.id': OFFER_MSG.offerRequired });
    expect(checkLuceGasForm({ ...filled, offer: { id: 'luce-chiara-casa-dual', supplier: '', name: '' } })).toEqual({});
  });

  it('tells the offer the commodity and the uses of the parts chosen only', () => {
    expect(luceGasOfferSubject(EMPTY_LUCE_GAS_FORM)).toBeNull();
    expect(luceGasOfferSubject(filled)).toEqual({ commodity: 'dual', electricityUse: 'householdResident', gasUse: 'heating' });
    expect(luceGasOfferSubject({ ...filled, commodity: 'gas' })).toEqual({ commodity: 'gas', electricityUse: null, gasUse: 'heating' });
    expect(luceGasOfferSubject({ ...filled, commodity: 'electricity', electricity: { ...filled.electricity, use: 'otherUses' } })).toEqual({
      commodity: 'electricity',
      electricityUse: 'otherUses',
      gasUse: null,
    });
  });

  it('asks for every required field of an empty form, and nothing of a commodity not chosen', () => {
    expect(Object.keys(checkLuceGasForm(EMPTY_LUCE_GAS_FORM)).sort()).toEqual(
      ['commodity', 'offer.id', 'operation', 'sepa.iban', 'supplyAddress.comune', 'supplyAddress.postcode', 'supplyAddress.province', 'supplyAddress.street', 'supplyAddress.streetNumber'].sort(),
    );
    const electricity = checkLuceGasForm({ ...EMPTY_LUCE_GAS_FORM, commodity: 'electricity' });
    expect(electricity['electricity.pod']).toBe('Inserisci il POD.');
    expect(electricity['electricity.yearlyKwh']).toBe('Consumo annuo non valido: indica i kWh dell’ultimo anno, senza decimali (es. 2700).');
    expect(Object.keys(electricity).some((path) => path.startsWith('gas'))).toBe(false);
  });

  it('puts a wrong POD, PDR or IBAN under its input', () => {
    const errors = checkLuceGasForm({
      ...filled,
      electricity: { ...filled.electricity, pod: 'IT001E1234567' },
      gas: { ...filled.gas, pdr: '0088 1234 5678 9X' },
      sepa: { ...filled.sepa, iban: 'IT60X0542811101000000123457' },
    });
    expect(errors).toEqual({
      'electricity.pod': 'Il POD ha 14 caratteri (15 con il carattere di controllo finale): ne hai inseriti 13.',
      'gas.pdr': 'Il PDR contiene solo cifre (14, es. 00881234567890).',
      'sepa.iban': 'IBAN non valido: le cifre di controllo non corrispondono. Controlla di averlo copiato senza errori.',
    });
  });

  it('sends only the commodity chosen, keeping what was typed in the form', () => {
    const gasOnly = { ...filled, commodity: 'gas' as const };
    expect(toLuceGasInput(gasOnly)).toMatchObject({ electricity: null, gas: { pdr: '00881234567890' } });
    expect(gasOnly.electricity.pod).toBe('IT001E12345678');
    expect(checkLuceGasForm(gasOnly)).toEqual({});
  });

  it('sends the account holder only when the account is not the client’s, and checks it', () => {
    const typedHolder = { ...filled, sepa: { ...filled.sepa, holderName: 'Laura Bianchi', holderTaxCode: '' } };
    expect(toLuceGasInput(typedHolder).sepa).toEqual({ iban: 'IT60X0542811101000000123456', holderName: '', holderTaxCode: '' });
    expect(checkLuceGasForm({ ...typedHolder, sepa: { ...typedHolder.sepa, holderIsOther: true } })).toEqual({
      'sepa.holderTaxCode': 'Inserisci il codice fiscale dell’intestatario del conto.',
    });
    const holder = toLuceGasFormValues({ ...luceGasDefinition.example, sepa: { iban: 'IT60X0542811101000000123456', holderName: 'Laura Bianchi', holderTaxCode: 'RSSMRA85T10A562S' } });
    expect(holder.sepa).toEqual({ iban: 'IT60X0542811101000000123456', holderIsOther: true, holderName: 'Laura Bianchi', holderTaxCode: 'RSSMRA85T10A562S' });
  });

  it('flags a POD, PDR or IBAN typo while it is typed, and nothing while it can still become valid', () => {
    for (const partial of ['I', 'IT', 'IT00', 'IT001E', 'it001e1234', 'IT001E12345678', 'IT001E12345678A']) expect(typingError('pod', partial)).toBeNull();
    expect(typingError('pod', 'IX')).toBe('Il POD inizia con IT (es. IT001E12345678).');
    expect(typingError('pod', 'IT0O')).toBe('POD non valido: IT, 3 cifre del distributore, la lettera E e 8 cifre (es. IT001E12345678).');
    expect(typingError('pod', 'IT001F')).toBe('POD non valido: IT, 3 cifre del distributore, la lettera E e 8 cifre (es. IT001E12345678).');
    expect(typingError('pod', 'IT001E12345678AB')).toBe('Il POD ha 14 caratteri (15 con il carattere di controllo finale): ne hai inseriti 16.');
    expect(typingError('pdr', '0088 12')).toBeNull();
    expect(typingError('pdr', '0088A')).toBe('Il PDR contiene solo cifre (14, es. 00881234567890).');
    expect(typingError('pdr', '008812345678901')).toBe('Il PDR ha 14 cifre: ne hai inserite 15.');
    expect(typingError('iban', 'IT60 X054')).toBeNull();
    expect(typingError('iban', '60')).toBe('IBAN non valido: inizia con la sigla del paese (IT per un conto italiano).');
    expect(typingError('iban', 'ITX0')).toBe('IBAN non valido: dopo la sigla del paese vengono 2 cifre di controllo.');
    expect(typingError('iban', 'IT60X05428111010000001234567')).toBe('Un IBAN italiano ha 27 caratteri: ne hai inseriti 28.');
    expect(formatIban('IT60X0542811101000000123456')).toBe('IT60 X054 2811 1010 0000 0123 456');
  });
});

describe('the supply address of a new request', () => {
  it('starts from the client’s address, which passes the request’s own schema, and only into an address nobody typed', () => {
    const address = supplyAddressOfClient({ street: 'Via Po', number: '12', cap: '10123', comuneIstat: '001272', comuneName: 'Torino', provinceSigla: 'TO' });
    expect(address).toEqual({ street: 'Via Po', streetNumber: '12', postcode: '10123', comune: 'Torino', province: 'TO' });
    const input = toLuceGasInput({ ...filled, supplyAddress: address });
    expect(ZLuceGasData.safeParse(input).success).toBe(true);
    expect(isBlankAddress(EMPTY_ADDRESS)).toBe(true);
    expect(isBlankAddress({ ...EMPTY_ADDRESS, street: 'Via' })).toBe(false);
  });
});
