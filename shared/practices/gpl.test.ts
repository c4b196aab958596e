import { OFFER_MSG } from './utility-offers';
import { describe, expect, it } from 'vitest';
import { SECTORS } from '../sectors';
import { GPL_PAYMENTS, GPL_SUPPLY_KINDS, GPL_USES, ZGplData, gplDefinition } from './gpl';
import { luceGasDefinition } from './luce-e-gas';

const example = () => structuredClone(gplDefinition.example);

/** Italian messages of a failed parse by field path (the first one per path). */
const messagesOf = (input: unknown) => {
  const result = ZGplData.safeParse(input);
  const messages: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) messages[issue.path.join('.')] ??= issue.message;
  return messages;
};

describe('ZGplData', () => {
  it('parses the definition’s example unchanged', () => {
    expect(ZGplData.parse(example())).toEqual(gplDefinition.example);
  });

  it('needs at least one use, each once, and keeps them in catalogue order', () => {
    expect(messagesOf({ ...example(), uses: [] })).toEqual({ uses: 'Seleziona almeno un uso del GPL.' });
    expect(messagesOf({ ...example(), uses: ['heating', 'barbecue'] })).toEqual({ 'uses.1': 'Uso non previsto.' });
    expect(messagesOf({ ...example(), uses: ['cooking', 'cooking'] })).toEqual({ 'uses.1': 'Uso già selezionato.' });
    expect(ZGplData.parse({ ...example(), uses: ['cooking', 'heating'] }).uses).toEqual(['heating', 'cooking']);
  });

  it('needs the tank for the tank kinds (100 to 20,000 litres) and the cylinder size for cylinders, dropping the other', () => {
    expect(messagesOf({ ...example(), tank: null })).toEqual({ tank: 'Inserisci i dati del serbatoio.' });
    for (const litres of [99, 20_001, 1000.5]) {
      expect(messagesOf({ ...example(), tank: { litres, underground: false } })).toEqual({
        'tank.litres': 'Capacità del serbatoio non valida: da 100 a 20.000 litri, senza decimali (es. 1000).',
      });
    }
    expect(ZGplData.parse({ ...example(), supplyKind: 'tankOwned', cylinderKg: 15 })).toMatchObject({ tank: { litres: 1000 }, cylinderKg: null });

    const cylinders = { ...example(), supplyKind: 'cylinders', uses: ['cooking'] };
    expect(messagesOf(cylinders)).toEqual({ cylinderKg: 'Seleziona il peso delle bombole (10, 15, 16 o 25 kg).' });
    expect(messagesOf({ ...cylinders, cylinderKg: 12 })).toEqual({ cylinderKg: 'Seleziona il peso delle bombole (10, 15, 16 o 25 kg).' });
    expect(ZGplData.parse({ ...cylinders, cylinderKg: 25 })).toMatchObject({ supplyKind: 'cylinders', tank: null, cylinderKg: 25 });
  });

  it('needs the owner’s consent on a rented property', () => {
    expect(messagesOf({ ...example(), propertyRented: true, ownerConsent: false })).toEqual({
      ownerConsent: 'In un immobile in affitto serve il consenso del proprietario all’installazione.',
    });
    expect(ZGplData.parse({ ...example(), propertyRented: true, ownerConsent: true }).ownerConsent).toBe(true);
    expect(ZGplData.parse({ ...example(), propertyRented: false, ownerConsent: true }).ownerConsent).toBe(false);
  });

  it('needs a valid IBAN for the direct debit only', () => {
    expect(messagesOf({ ...example(), sepa: null })).toEqual({ 'sepa.iban': 'Per l’addebito diretto inserisci l’IBAN.' });
    expect(messagesOf({ ...example(), sepa: { iban: 'IT60X054281110100000012345' } })).toEqual({ 'sepa.iban': 'Un IBAN italiano ha 27 caratteri: ne hai inseriti 26.' });
    expect(ZGplData.parse({ ...example(), payment: 'onDelivery' }).sepa).toBeNull();
    expect(ZGplData.parse({ ...example(), payment: 'transfer', sepa: undefined }).sepa).toBeNull();
  });

  it('checks the consumption and answers Italian messages for missing parts and wrong choices', () => {
    expect(messagesOf({ ...example(), yearlyLitres: 0 })).toEqual({ yearlyLitres: 'Consumo annuo non valido: indica i litri dell’ultimo anno, senza decimali (es. 1500).' });
    expect(messagesOf({ supplyKind: 'pipeline', payment: 'bitcoin' })).toMatchObject({
      supplyAddress: 'Inserisci l’indirizzo della fornitura.',
      uses: 'Seleziona almeno un uso del GPL.',
      supplyKind: 'Seleziona il tipo di fornitura: serbatoio o bombole.',
      payment: 'Seleziona il metodo di pagamento.',
      offer: OFFER_MSG.offerRequired,
      propertyRented: 'Valore non valido.',
    });
    expect(Object.values(GPL_USES)).toEqual(['Riscaldamento', 'Acqua calda', 'Cottura']);
    expect(Object.values(GPL_SUPPLY_KINDS)).toEqual(['Serbatoio di proprietà', 'Serbatoio in affitto', 'Serbatoio in comodato', 'Bombole']);
    expect(Object.keys(GPL_PAYMENTS)).toEqual(['sepa', 'transfer', 'onDelivery']);
  });
});

describe('gplDefinition', () => {
  it('shares the utility states and transitions with luce e gas, with its own events', () => {
    expect(gplDefinition.sector).toBe('gpl');
    expect(gplDefinition.states).toBe(SECTORS.gpl.states);
    expect(gplDefinition).toMatchObject({ initial: 'submitted', final: ['ceased'], editableIn: ['submitted', 'rejected'], createRequires: ['signedContract'] });
    expect(gplDefinition.events).toEqual({ create: 'gpl_create', update: 'gpl_update' });
    const shape = (definition: typeof gplDefinition | typeof luceGasDefinition) =>
      definition.transitions.map(({ name, label, from, to, roles, requires }) => ({ name, label, from, to, roles, requires }));
    expect(shape(gplDefinition)).toEqual(shape(luceGasDefinition));
    for (const transition of gplDefinition.transitions) expect(transition.payload.safeParse(transition.example).success).toBe(true);
  });

  it('titles a practice by supply and address and searches address, supplier and offer', () => {
    expect(gplDefinition.title(gplDefinition.example)).toBe('Serbatoio in comodato 1000 L · Via dei Mille 5, 24021 Albino (BG)');
    const cylinders = ZGplData.parse({ ...example(), supplyKind: 'cylinders', cylinderKg: 15 });
    expect(gplDefinition.title(cylinders)).toBe('Bombole da 15 kg · Via dei Mille 5, 24021 Albino (BG)');
    const search = gplDefinition.searchText({ ...gplDefinition.example, currentSupplier: 'Vecchio GPL S.p.A.' });
    for (const part of ['Via dei Mille', 'Albino', '24021', 'Vecchio GPL', 'Gas Valle', 'GPL Casa Comodato']) expect(search).toContain(part);
  });
});
