import { describe, expect, it } from 'vitest';
import { SECTORS } from '../sectors';
import { FIDEIUSSIONE_KINDS, TENDER_PROVISIONAL_MAX_PERCENT, ZFideiussioniData, fideiussioniDefinition, maxProvisionalCents } from './fideiussioni';
import { ZInsuredQuotationInput } from './quotation';

const example = () => structuredClone(fideiussioniDefinition.example) as Record<string, unknown> & typeof fideiussioniDefinition.example;

/** Italian messages of a failed parse by field path (the first one per path). */
const messagesOf = (input: unknown) => {
  const result = ZFideiussioniData.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[issue.path.join('.')] ??= issue.message;
  return messages;
};

/** A rent bond: no contract value, CIG nor tender object needed. */
const rent = () => ({
  kind: 'rent',
  beneficiary: { name: 'Giulia Bianchi', taxCode: 'RSSMRA85T10A562S' },
  guaranteedCents: 300_000,
  startDate: '2027-02-01',
  endDate: '2031-01-31',
  obligation: 'Pagamento dei canoni del contratto di locazione dell’appartamento di via Verdi 3, Bologna.',
});

describe('ZFideiussioniData', () => {
  it('parses the definition’s example unchanged', () => {
    expect(ZFideiussioniData.parse(example())).toEqual(fideiussioniDefinition.example);
  });

  it('accepts a rent bond without contract value, CIG, tender object, PEC and notes', () => {
    expect(ZFideiussioniData.parse(rent())).toEqual({
      ...rent(),
      beneficiary: { name: 'Giulia Bianchi', taxCode: 'RSSMRA85T10A562S', pec: '' },
      contractValueCents: null,
      cig: '',
      tenderObject: '',
      notes: '',
    });
  });

  it('answers Italian messages for missing fields and a wrong kind', () => {
    expect(messagesOf({ kind: 'loan' })).toEqual({
      kind: 'Seleziona il tipo di fideiussione.',
      beneficiary: 'Indica il beneficiario della garanzia.',
      guaranteedCents: 'Importo garantito non valido: indicalo in centesimi, un importo positivo.',
      startDate: 'Data non valida.',
      endDate: 'Data non valida.',
      obligation: 'Descrivi l’obbligazione garantita (da 10 a 2000 caratteri).',
    });
    expect(messagesOf({ ...rent(), guaranteedCents: 0 }).guaranteedCents).toBe('Importo garantito non valido: indicalo in centesimi, un importo positivo.');
  });

  it('checks the beneficiary: a person’s codice fiscale or an 11-digit partita IVA, and an optional PEC', () => {
    expect(messagesOf({ ...rent(), beneficiary: { name: '', taxCode: '01199250159', pec: 'protocollo@' } })).toEqual({
      'beneficiary.name': 'Campo obbligatorio.',
      'beneficiary.taxCode': 'Inserisci il codice fiscale (16 caratteri) o la partita IVA (11 cifre) del beneficiario.',
      'beneficiary.pec': 'Inserisci un indirizzo PEC valido.',
    });
    const parsed = ZFideiussioniData.parse({ ...rent(), beneficiary: { name: 'Comune di Milano', taxCode: ' 0119 9250158 ', pec: ' Protocollo@PostaCert.Comune.Milano.it ' } });
    expect(parsed.beneficiary).toEqual({ name: 'Comune di Milano', taxCode: '01199250158', pec: 'protocollo@postacert.comune.milano.it' });
    expect(ZFideiussioniData.parse({ ...rent(), beneficiary: { name: 'Mario Rossi', taxCode: 'rssmra85t10a562s' } }).beneficiary.taxCode).toBe('RSSMRA85T10A562S');
  });

  it('needs the CIG and the tender’s object for the tender kinds, and the contract value for the contract kinds', () => {
    expect(messagesOf({ ...example(), cig: '', tenderObject: ' ', contractValueCents: null })).toEqual({
      contractValueCents: 'Per questo tipo di fideiussione indica il valore del contratto (o l’importo a base di gara).',
      cig: 'Per una gara d’appalto indica il CIG (Codice Identificativo Gara).',
      tenderObject: 'Per una gara d’appalto indica l’oggetto della gara.',
    });
    expect(messagesOf({ ...rent(), kind: 'advancePayment' })).toEqual({
      contractValueCents: 'Per questo tipo di fideiussione indica il valore del contratto (o l’importo a base di gara).',
    });
    expect(messagesOf({ ...rent(), kind: 'tenderFinal', contractValueCents: 25_000_000 })).toEqual({
      cig: 'Per una gara d’appalto indica il CIG (Codice Identificativo Gara).',
      tenderObject: 'Per una gara d’appalto indica l’oggetto della gara.',
    });
  });

  it('normalises the CIG and checks its format: 10 letters or digits', () => {
    expect(ZFideiussioniData.parse({ ...example(), cig: ' a0123 bc45d ' }).cig).toBe('A0123BC45D');
    expect(messagesOf({ ...example(), cig: 'A0123BC45' }).cig).toBe('CIG non valido: 10 caratteri, lettere e cifre.');
    expect(messagesOf({ ...example(), cig: 'A0123-BC45' }).cig).toBe('CIG non valido: 10 caratteri, lettere e cifre.');
  });

  it('refuses a provisional tender bond above 4% of the contract value (D.Lgs. 36/2023 art. 106)', () => {
    expect(TENDER_PROVISIONAL_MAX_PERCENT).toBe(4);
    expect(maxProvisionalCents(25_000_000)).toBe(1_000_000);
    expect(ZFideiussioniData.safeParse({ ...example(), guaranteedCents: 1_000_000 }).success).toBe(true);
    expect(messagesOf({ ...example(), guaranteedCents: 1_000_001 }).guaranteedCents).toBe(
      'La cauzione provvisoria non può superare il 4% del valore della gara (D.Lgs. 36/2023, art. 106): al massimo 10.000,00\u00a0€.',
    );
    // A final bond is not bound by that limit.
    expect(ZFideiussioniData.safeParse({ ...example(), kind: 'tenderFinal', guaranteedCents: 2_500_000 }).success).toBe(true);
  });

  it('wants the end after the start', () => {
    expect(messagesOf({ ...rent(), endDate: '2027-02-01' }).endDate).toBe('La scadenza della garanzia deve essere successiva alla decorrenza.');
    expect(messagesOf({ ...rent(), endDate: '2026-02-01' }).endDate).toBe('La scadenza della garanzia deve essere successiva alla decorrenza.');
  });
});

describe('fideiussioniDefinition', () => {
  it('is an insurance sector: its states, the four transitions with the f_emission event', () => {
    expect(fideiussioniDefinition.sector).toBe('fideiussioni');
    expect(fideiussioniDefinition.states).toBe(SECTORS.fideiussioni.states);
    expect(fideiussioniDefinition).toMatchObject({ initial: 'quotating', final: ['emitted', 'notEmitted'], editableIn: ['quotating'] });
    expect(fideiussioniDefinition.transitions.map((transition) => transition.name)).toEqual(['askEmission', 'emit', 'refuse', 'backToQuotation']);
    expect(fideiussioniDefinition.transitions.find((transition) => transition.name === 'emit')).toMatchObject({ to: 'emitted', roles: ['broker'], event: 'f_emission' });
    for (const transition of fideiussioniDefinition.transitions) expect(transition.payload.safeParse(transition.example).success, transition.name).toBe(true);
  });

  it('names the notification events with the f_ prefix', () => {
    expect(fideiussioniDefinition.events).toEqual({ create: 'f_create', update: 'f_update', history: 'f_history', newQuotation: 'f_newquotation', updateQuotation: 'f_updatequotation' });
  });

  it('quotes the guaranteed amount, with a valid example', () => {
    expect(fideiussioniDefinition.quotation?.input).toBe(ZInsuredQuotationInput);
    expect(fideiussioniDefinition.quotation?.limits).toBe('insured');
    const quotation = ZInsuredQuotationInput.parse(fideiussioniDefinition.quotation?.example());
    expect(quotation.insuredCents).toBe(fideiussioniDefinition.example.guaranteedCents);
  });

  it('titles a practice by kind and beneficiary, and searches the beneficiary, the tax code, the CIG and the tender', () => {
    expect(fideiussioniDefinition.title(fideiussioniDefinition.example)).toBe('Cauzione provvisoria (gara d’appalto) · Comune di Milano');
    const search = fideiussioniDefinition.searchText(fideiussioniDefinition.example);
    for (const part of ['Comune di Milano', '01199250158', 'A0123BC45D', 'Manutenzione ordinaria']) expect(search).toContain(part);
    expect(Object.keys(FIDEIUSSIONE_KINDS)).toHaveLength(10);
    expect(FIDEIUSSIONE_KINDS.taxRefund).toBe('Rimborsi e compensazioni d’imposta');
  });
});
