import { describe, expect, it } from 'vitest';
import { SECTORS } from '../sectors';
import { ZFideiussioniData, fideiussioniDefinition } from './fideiussioni';
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
  product: { id: fideiussioniDefinition.example.product.id, version: 2 },
  answers: { guaranteedCents: 300_000 },
  beneficiary: { name: 'Giulia Bianchi', taxCode: 'RSSMRA85T10A562S' },
  startDate: '2027-02-01',
  endDate: '2031-01-31',
  obligation: 'Pagamento dei canoni del contratto di locazione dell’appartamento di via Verdi 3, Bologna.',
});

describe('ZFideiussioniData', () => {
  it('parses the definition’s example unchanged', () => {
    expect(ZFideiussioniData.parse(example())).toEqual(fideiussioniDefinition.example);
  });

  it('accepts a bond without PEC and notes; its answers are the version’s to check (server side)', () => {
    expect(ZFideiussioniData.parse(rent())).toEqual({
      ...rent(),
      beneficiary: { name: 'Giulia Bianchi', taxCode: 'RSSMRA85T10A562S', pec: '' },
      notes: '',
    });
  });

  it('answers Italian messages for missing fields and a missing product', () => {
    expect(messagesOf({ answers: 'tutto' })).toEqual({
      product: 'Scegli il prodotto.',
      answers: 'Risposte al questionario non valide.',
      beneficiary: 'Indica il beneficiario della garanzia.',
      startDate: 'Data non valida.',
      endDate: 'Data non valida.',
      obligation: 'Descrivi l’obbligazione garantita (da 10 a 2000 caratteri).',
    });
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
    expect(quotation.insuredCents).toBe(fideiussioniDefinition.example.answers.guaranteedCents);
  });

  it('titles a practice by product and beneficiary, and searches the beneficiary, the tax code and the answers (CIG, tender)', () => {
    expect(fideiussioniDefinition.title(fideiussioniDefinition.example)).toBe('Cauzione provvisoria (gara d’appalto) · Comune di Milano');
    expect(fideiussioniDefinition.insurance.product(fideiussioniDefinition.example)).toBe('la fideiussione (cauzione provvisoria (gara d’appalto))');
    const search = fideiussioniDefinition.searchText(fideiussioniDefinition.example);
    for (const part of ['Cauzione provvisoria', 'Comune di Milano', '01199250158', 'A0123BC45D', 'Manutenzione ordinaria']) expect(search).toContain(part);
  });
});
