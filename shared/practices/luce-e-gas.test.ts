import { OFFER_MSG } from './utility-offers';
import { describe, expect, it } from 'vitest';
import { SECTORS } from '../sectors';
import { COMMODITIES, SUPPLY_OPERATIONS, ZLuceGasData, luceGasDefinition } from './luce-e-gas';
import { ZActivatePayload, ZCeasePayload, ZNoPayload, ZRejectPayload } from './utility';

const example = () => structuredClone(luceGasDefinition.example);

/** Italian messages of a failed parse by field path (the first one per path). */
const messagesOf = (input: unknown) => {
  const result = ZLuceGasData.safeParse(input);
  const messages: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) messages[issue.path.join('.')] ??= issue.message;
  return messages;
};

describe('ZLuceGasData', () => {
  it('parses the definition’s example unchanged', () => {
    expect(ZLuceGasData.parse(example())).toEqual(luceGasDefinition.example);
  });

  it('normalises POD, PDR, IBAN, province and the holder’s tax code', () => {
    const input = example();
    input.electricity!.pod = 'it 001 e 1234 5678';
    input.gas!.pdr = '0088 1234 5678 90';
    input.sepa = { iban: 'it60 x054 2811 1010 0000 0123 456', holderName: 'Laura Bianchi', holderTaxCode: 'rssmra85t10a562s' };
    input.supplyAddress.province = 'mi';
    const parsed = ZLuceGasData.parse(input);
    expect(parsed.electricity!.pod).toBe('IT001E12345678');
    expect(parsed.gas!.pdr).toBe('00881234567890');
    expect(parsed.sepa).toEqual({ iban: 'IT60X0542811101000000123456', holderName: 'Laura Bianchi', holderTaxCode: 'RSSMRA85T10A562S' });
    expect(parsed.supplyAddress.province).toBe('MI');
  });

  it('puts a wrong POD, PDR or IBAN on its field', () => {
    const input = example();
    input.electricity!.pod = 'IT001X12345678';
    input.gas!.pdr = '0088123456789';
    input.sepa.iban = 'IT60X0542811101000000123457';
    expect(messagesOf(input)).toEqual({
      'electricity.pod': 'POD non valido: IT, 3 cifre del distributore, la lettera E e 8 cifre (es. IT001E12345678).',
      'gas.pdr': 'Il PDR ha 14 cifre: ne hai inserite 13.',
      'sepa.iban': 'IBAN non valido: le cifre di controllo non corrispondono. Controlla di averlo copiato senza errori.',
    });
  });

  it('needs the data of each commodity chosen and drops the other', () => {
    const electricityOnly = { ...example(), commodity: 'electricity' };
    expect(ZLuceGasData.parse(electricityOnly).gas).toBeNull();
    expect(messagesOf({ ...electricityOnly, electricity: null })).toEqual({ electricity: 'Inserisci i dati della fornitura di luce.' });
    const gasOnly = { ...example(), commodity: 'gas', electricity: null };
    expect(ZLuceGasData.parse(gasOnly)).toMatchObject({ electricity: null, gas: { pdr: '00881234567890' } });
    expect(messagesOf({ ...example(), gas: undefined })).toEqual({ gas: 'Inserisci i dati della fornitura di gas.' });
  });

  it('checks consumption, power and use', () => {
    const input = example();
    input.electricity = { ...input.electricity!, yearlyKwh: 2700.5, powerKw: 0 };
    input.gas = { ...input.gas!, yearlySmc: -1 };
    expect(messagesOf(input)).toEqual({
      'electricity.yearlyKwh': 'Consumo annuo non valido: indica i kWh dell’ultimo anno, senza decimali (es. 2700).',
      'electricity.powerKw': 'Potenza impegnata non valida: indicala in kW (es. 3, 4,5 o 6).',
      'gas.yearlySmc': 'Consumo annuo non valido: indica gli Smc dell’ultimo anno, senza decimali (es. 1200).',
    });
    expect(ZLuceGasData.parse({ ...example(), electricity: { ...example().electricity!, powerKw: 4.5 } }).electricity!.powerKw).toBe(4.5);
    expect(messagesOf({ ...example(), electricity: { ...example().electricity!, use: 'industrial' } })['electricity.use']).toBe('Seleziona l’uso della fornitura di luce.');
  });

  it('asks the current supplier for a change of supplier only', () => {
    expect(messagesOf({ ...example(), currentSupplier: '  ' })).toEqual({ currentSupplier: 'Per il cambio fornitore indica il fornitore attuale (è sulla bolletta).' });
    expect(ZLuceGasData.safeParse({ ...example(), currentSupplier: '', operation: 'newConnection' }).success).toBe(true);
  });

  it('checks the account holder: a tax code with a name, a person’s or a company’s', () => {
    const withHolder = (holderName: string, holderTaxCode: string) => messagesOf({ ...example(), sepa: { iban: 'IT60X0542811101000000123456', holderName, holderTaxCode } });
    expect(withHolder('Laura Bianchi', '')).toEqual({ 'sepa.holderTaxCode': 'Inserisci il codice fiscale dell’intestatario del conto.' });
    expect(withHolder('', 'RSSMRA85T10A562S')).toEqual({ 'sepa.holderName': 'Inserisci il nome e cognome o la ragione sociale dell’intestatario del conto.' });
    expect(withHolder('Mario Rossi', 'RSSMRA85T10A562T')).toEqual({
      'sepa.holderTaxCode': 'Codice fiscale dell’intestatario non valido: 16 caratteri per una persona, 11 cifre per una società.',
    });
    expect(withHolder('Esempio S.r.l.', '01234560017')).toEqual({});
    expect(withHolder('Esempio S.r.l.', '01234560018')).toHaveProperty('sepa.holderTaxCode');
  });

  it('checks the supply address', () => {
    const input = example();
    input.supplyAddress = { street: '', streetNumber: '10', postcode: '2012', comune: 'Milano', province: 'Milano' };
    expect(messagesOf(input)).toEqual({
      'supplyAddress.street': 'Campo obbligatorio.',
      'supplyAddress.postcode': 'CAP non valido: 5 cifre (es. 20121).',
      'supplyAddress.province': 'Sigla della provincia non valida (2 lettere, es. MI).',
    });
  });

  it('answers Italian messages for missing parts and wrong choices', () => {
    const messages = messagesOf({ commodity: 'water', operation: 'move' });
    expect(messages).toMatchObject({
      supplyAddress: 'Inserisci l’indirizzo della fornitura.',
      commodity: 'Seleziona la fornitura: luce, gas o luce e gas.',
      operation: 'Seleziona il tipo di operazione.',
      offer: OFFER_MSG.offerRequired,
      sepa: 'Inserisci l’IBAN per l’addebito diretto.',
      signedAtDistance: 'Valore non valido.',
    });
    expect(Object.values(COMMODITIES)).toEqual(['Luce', 'Gas', 'Luce e gas']);
    expect(Object.values(SUPPLY_OPERATIONS)).toEqual(['Cambio fornitore', 'Voltura', 'Subentro', 'Prima attivazione', 'Nuovo allaccio']);
  });
});

describe('luceGasDefinition', () => {
  it('uses the utility states, from submitted to ceased, and needs the signed contract to submit', () => {
    expect(luceGasDefinition.sector).toBe('luce-e-gas');
    expect(luceGasDefinition.states).toBe(SECTORS['luce-e-gas'].states);
    expect(luceGasDefinition.initial).toBe('submitted');
    expect(luceGasDefinition.final).toEqual(['ceased']);
    expect(luceGasDefinition.editableIn).toEqual(['submitted', 'rejected']);
    expect(luceGasDefinition.createRequires).toEqual(['signedContract']);
    expect(luceGasDefinition.events).toEqual({ create: 'lg_create', update: 'lg_update' });
    expect(luceGasDefinition.quotation).toBeUndefined();
  });

  it('has the five transitions: the broker who took it works, activates, rejects and ceases; the corner resubmits', () => {
    const byName = Object.fromEntries(luceGasDefinition.transitions.map((transition) => [transition.name, transition]));
    expect(Object.keys(byName)).toEqual(['startWork', 'activate', 'reject', 'resubmit', 'cease']);
    expect(byName.startWork).toMatchObject({ label: 'Prendi in lavorazione', from: ['submitted'], to: 'processing', roles: ['broker'], requires: ['takenByActor', 'requiredDocuments'] });
    expect(byName.activate).toMatchObject({ label: 'Segna come attivata', from: ['processing'], to: 'activated', roles: ['broker'], requires: ['takenByActor'] });
    expect(byName.reject).toMatchObject({ label: 'Respingi', from: ['submitted', 'processing'], to: 'rejected', roles: ['broker'], requires: ['takenByActor'] });
    expect(byName.resubmit).toMatchObject({ label: 'Invia di nuovo', from: ['rejected'], to: 'submitted', roles: ['corner'], requires: ['signedContract'] });
    expect(byName.cease).toMatchObject({ label: 'Segna come cessata', from: ['activated'], to: 'ceased', roles: ['broker'], requires: ['takenByActor'] });
    for (const transition of luceGasDefinition.transitions) {
      expect(transition.event).toBeUndefined();
      for (const from of transition.from) expect(luceGasDefinition.final).not.toContain(from);
      expect(transition.payload.safeParse(transition.example).success).toBe(true);
    }
  });

  it('checks the payloads: activation date, reason of a rejection, end date', () => {
    expect(ZNoPayload.safeParse({}).success).toBe(true);
    expect(ZActivatePayload.safeParse({ activationDate: '2027-02-30' }).error?.issues[0]?.message).toBe('Data non valida.');
    expect(ZRejectPayload.safeParse({ reason: ' no ' }).error?.issues[0]?.message).toBe('Indica il motivo (almeno 5 caratteri).');
    expect(ZRejectPayload.parse({ reason: ' POD errato ' })).toEqual({ reason: 'POD errato' });
    expect(ZCeasePayload.parse({ endDate: '2028-01-31' })).toEqual({ endDate: '2028-01-31', reason: '' });
    expect(ZCeasePayload.safeParse({ endDate: '' }).error?.issues[0]?.message).toBe('Data non valida.');
  });

  it('titles a practice by commodity and address and searches POD, PDR, address, supplier and offer', () => {
    expect(luceGasDefinition.title(luceGasDefinition.example)).toBe('Luce e gas · Via Roma 10, 20121 Milano (MI)');
    const search = luceGasDefinition.searchText(luceGasDefinition.example);
    for (const part of ['IT001E12345678', '00881234567890', 'Via Roma', 'Milano', 'Energia Esempio', 'Luce Chiara', 'Casa Sicura Dual']) expect(search).toContain(part);
  });
});
