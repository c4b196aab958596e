import { describe, expect, it } from 'vitest';
import { SECTORS } from '../sectors';
import { ZAltriRamiData, altriRamiDefinition } from './altri-rami';
import { ZInsuredQuotationInput } from './quotation';

const example = () => structuredClone(altriRamiDefinition.example) as Record<string, unknown>;

/** Italian messages of a failed parse by field path (the first one per path). */
const messagesOf = (input: unknown) => {
  const result = ZAltriRamiData.safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[issue.path.join('.')] ??= issue.message;
  return messages;
};

describe('ZAltriRamiData', () => {
  it('parses the definition’s example unchanged', () => {
    expect(ZAltriRamiData.parse(example())).toEqual(altriRamiDefinition.example);
  });

  it('accepts a minimal request: no answers, sum, duration, policy, covers, notes', () => {
    const product = { id: altriRamiDefinition.example.product.id, version: 1 };
    const parsed = ZAltriRamiData.parse({ product, description: 'Protezione dei dati dello studio dentistico.', startDate: '2027-02-01' });
    expect(parsed).toEqual({
      product,
      answers: {},
      description: 'Protezione dei dati dello studio dentistico.',
      insuredCents: null,
      startDate: '2027-02-01',
      durationYears: 1,
      currentPolicy: null,
      covers: [],
      notes: '',
    });
  });

  it('answers Italian messages for the product, the description, the sum, the duration and the start', () => {
    const messages = messagesOf({ description: 'Casa', insuredCents: -5, durationYears: 11, startDate: '2027-02-30' });
    expect(messages).toMatchObject({
      product: 'Scegli il prodotto.',
      description: 'Descrivi il rischio da assicurare (da 10 a 2000 caratteri).',
      insuredCents: 'Somma assicurata o massimale non valido: indicalo in centesimi, un importo positivo.',
      durationYears: 'La durata va da 1 a 10 anni (anni interi).',
      startDate: 'Data non valida.',
    });
    expect(messagesOf({ ...example(), durationYears: 1.5 }).durationYears).toBe('La durata va da 1 a 10 anni (anni interi).');
    expect(messagesOf({ ...example(), currentPolicy: { company: '', expiryDate: '31/12/2026' } })).toMatchObject({
      'currentPolicy.company': 'Campo obbligatorio.',
      'currentPolicy.expiryDate': 'Data non valida.',
    });
  });

  it('takes the covers as short free texts, each once, at most 20', () => {
    expect(messagesOf({ ...example(), covers: ['Furto', ' furto '] })['covers.1']).toBe('Garanzia già indicata.');
    expect(messagesOf({ ...example(), covers: ['Furto', '  '] })['covers.1']).toBe('Garanzia vuota: scrivila o toglila.');
    expect(messagesOf({ ...example(), covers: ['x'.repeat(101)] })['covers.0']).toBe('Descrivi la garanzia in al massimo 100 caratteri.');
    expect(messagesOf({ ...example(), covers: Array.from({ length: 21 }, (_, index) => `Garanzia ${index}`) }).covers).toBe('Al massimo 20 garanzie.');
    expect(ZAltriRamiData.parse({ ...example(), covers: [' Cristalli '] }).covers).toEqual(['Cristalli']);
  });

  it('asks for a product and its answers as an object; the answers themselves are the version’s to check (server side)', () => {
    expect(messagesOf({ ...example(), product: undefined }).product).toBe('Scegli il prodotto.');
    expect(messagesOf({ ...example(), product: { id: 'casa', version: 1 } })['product.id']).toBe('Scegli il prodotto.');
    expect(messagesOf({ ...example(), product: { id: altriRamiDefinition.example.product.id, version: 0 } })['product.version']).toBe('Scegli il prodotto.');
    expect(messagesOf({ ...example(), answers: ['Via Roma'] }).answers).toBe('Risposte al questionario non valide.');
    expect(ZAltriRamiData.parse({ ...example(), answers: null }).answers).toEqual({});
  });
});

describe('altriRamiDefinition', () => {
  it('is an insurance sector: its states, from quotating to emitted or not, the four transitions with the ar_emission event', () => {
    expect(altriRamiDefinition.sector).toBe('altri-rami');
    expect(altriRamiDefinition.states).toBe(SECTORS['altri-rami'].states);
    expect(altriRamiDefinition).toMatchObject({ initial: 'quotating', final: ['emitted', 'notEmitted'], editableIn: ['quotating'] });
    expect(altriRamiDefinition.transitions.map((transition) => transition.name)).toEqual(['askEmission', 'emit', 'refuse', 'backToQuotation']);
    expect(altriRamiDefinition.transitions.find((transition) => transition.name === 'emit')).toMatchObject({ to: 'emitted', roles: ['broker'], event: 'ar_emission' });
    for (const transition of altriRamiDefinition.transitions) expect(transition.payload.safeParse(transition.example).success, transition.name).toBe(true);
  });

  it('names the notification events with the ar_ prefix', () => {
    expect(altriRamiDefinition.events).toEqual({ create: 'ar_create', update: 'ar_update', history: 'ar_history', newQuotation: 'ar_newquotation', updateQuotation: 'ar_updatequotation' });
  });

  it('quotes one insured sum, with a valid example', () => {
    expect(altriRamiDefinition.quotation?.input).toBe(ZInsuredQuotationInput);
    expect(altriRamiDefinition.quotation?.limits).toBe('insured');
    expect(ZInsuredQuotationInput.safeParse(altriRamiDefinition.quotation?.example()).success).toBe(true);
  });

  it('titles a practice by its product and what is insured (its subject question’s answer, else the description), and searches its answers', () => {
    const stored = (name: string, answers: Record<string, unknown>, subjectKey?: string, description = 'Rischio da assicurare descritto dal corner.') => ({
      ...altriRamiDefinition.example,
      product: { ...altriRamiDefinition.example.product, name, subjectKey },
      answers,
      description,
    });
    expect(altriRamiDefinition.title(altriRamiDefinition.example)).toBe('Casa e famiglia · Milano (MI)');
    const search = altriRamiDefinition.searchText(altriRamiDefinition.example);
    for (const part of ['Casa e famiglia', 'Via Roma 10', 'Milano', 'Furto e rapina', 'Compagnia Esempio']) expect(search).toContain(part);
    // The subject question is the version's (kept in the snapshot): stored answers have no order.
    expect(altriRamiDefinition.example.product.subjectKey).toBe('comune');
    expect(altriRamiDefinition.title(stored('RC professionale', { register: 'Ordine degli Avvocati di Milano', turnoverCents: 8_000_000, profession: 'Avvocato' }, 'profession'))).toBe('RC professionale · Avvocato');
    expect(altriRamiDefinition.title(stored('Viaggi', { departureDate: '2027-05-10', destination: 'Giappone' }, 'destination'))).toBe('Viaggi · Giappone');
    const legal = stored('Tutela legale', {}, 'legalScope', 'Tutela legale per le controversie di lavoro del cliente, dipendente pubblico.');
    expect(altriRamiDefinition.title(legal)).toBe('Tutela legale · Tutela legale per le controversie di lavoro del cliente…');
    expect(altriRamiDefinition.insurance.product(legal)).toBe('la polizza Tutela legale');
  });
});
