import { describe, expect, it } from 'vitest';
import { SECTORS } from '../sectors';
import { ALTRI_RAMI_CATEGORIES, ZAltriRamiData, altriRamiDefinition, detailGroupOf } from './altri-rami';
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

const nextYear = new Date().getUTCFullYear() + 1;

describe('ZAltriRamiData', () => {
  it('parses the definition’s example unchanged', () => {
    expect(ZAltriRamiData.parse(example())).toEqual(altriRamiDefinition.example);
  });

  it('accepts a minimal request of a category without details: no sum, duration, policy, covers, notes', () => {
    const parsed = ZAltriRamiData.parse({ category: 'cyber', description: 'Protezione dei dati dello studio dentistico.', startDate: '2027-02-01' });
    expect(parsed).toEqual({
      category: 'cyber',
      description: 'Protezione dei dati dello studio dentistico.',
      insuredCents: null,
      startDate: '2027-02-01',
      durationYears: 1,
      currentPolicy: null,
      covers: [],
      details: {},
      notes: '',
    });
  });

  it('answers Italian messages for the category, the description, the sum, the duration and the start', () => {
    const messages = messagesOf({ category: 'boats', description: 'Casa', insuredCents: -5, durationYears: 11, startDate: '2027-02-30' });
    expect(messages).toMatchObject({
      category: 'Seleziona la categoria di rischio.',
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

  it('checks the home: address with a 2-letter province, square metres, construction year, owner or tenant', () => {
    expect(messagesOf({ ...example(), details: {} })).toEqual({
      'details.address': 'Indica l’indirizzo dell’abitazione.',
      'details.squareMetres': 'Superficie non valida: indica i metri quadrati (da 1 a 100.000, senza decimali).',
      'details.constructionYear': 'Anno di costruzione non valido.',
      'details.ownership': 'Indica se il cliente è proprietario o inquilino.',
    });
    const messages = messagesOf({
      ...example(),
      details: { address: { street: 'Via Roma 10', comune: '', province: 'Milano' }, squareMetres: 80.5, constructionYear: nextYear, ownership: 'guest' },
    });
    expect(messages).toEqual({
      'details.address.comune': 'Campo obbligatorio.',
      'details.address.province': 'Sigla della provincia non valida (2 lettere, es. MI).',
      'details.squareMetres': 'Superficie non valida: indica i metri quadrati (da 1 a 100.000, senza decimali).',
      'details.constructionYear': 'L’anno di costruzione non può essere nel futuro.',
      'details.ownership': 'Indica se il cliente è proprietario o inquilino.',
    });
    const parsed = ZAltriRamiData.parse({ ...example(), details: { address: { street: 'Via Po 1', comune: 'Torino', province: 'to' }, squareMetres: 60, constructionYear: 1990, ownership: 'tenant' } });
    expect(parsed.details.address?.province).toBe('TO');
  });

  it('checks injury and health: the insured person’s birth date (not in the future) and occupation', () => {
    const injury = { ...example(), category: 'injury', details: { birthDate: `${nextYear}-01-01`, occupation: '' } };
    expect(messagesOf(injury)).toEqual({ 'details.birthDate': 'La data di nascita non può essere nel futuro.', 'details.occupation': 'Campo obbligatorio.' });
    const health = ZAltriRamiData.parse({ ...example(), category: 'health', details: { birthDate: '1980-04-12', occupation: 'Insegnante' } });
    expect(health.details).toEqual({ birthDate: '1980-04-12', occupation: 'Insegnante' });
  });

  it('checks professional liability: profession, the register when a number is given, the turnover in cents', () => {
    const input = { ...example(), category: 'professionalLiability', details: { profession: '', register: '', registerNumber: 'A1234', turnoverCents: 8_000_000 } };
    expect(messagesOf(input)).toEqual({ 'details.profession': 'Campo obbligatorio.', 'details.register': 'Indica l’albo o l’ordine presso cui è iscritto il numero.' });
    expect(messagesOf({ ...input, details: { profession: 'Avvocato', turnoverCents: -1 } })).toEqual({
      'details.turnoverCents': 'Fatturato annuo non valido: indicalo in centesimi (0 o più).',
    });
    const parsed = ZAltriRamiData.parse({ ...input, details: { profession: 'Avvocato', register: 'Ordine degli Avvocati di Milano', registerNumber: 'A1234', turnoverCents: 8_000_000 } });
    expect(altriRamiDefinition.title(parsed)).toBe('RC professionale · Avvocato');
  });

  it('checks travel: destination, return after departure, 1 to 20 travellers', () => {
    const travel = { ...example(), category: 'travel', details: { destination: 'Giappone', departureDate: '2027-05-10', returnDate: '2027-05-10', travellers: 21 } };
    expect(messagesOf(travel)).toEqual({ 'details.travellers': 'I viaggiatori vanno da 1 a 20.', 'details.returnDate': 'Il rientro deve essere successivo alla partenza.' });
    const parsed = ZAltriRamiData.parse({ ...travel, details: { destination: 'Giappone', departureDate: '2027-05-10', returnDate: '2027-05-24', travellers: 2 } });
    expect(altriRamiDefinition.title(parsed)).toBe('Viaggi · Giappone');
  });

  it('checks business and shop: activity, the ATECO code as NN.NN.NN, turnover, employees', () => {
    const shop = { ...example(), category: 'shop', details: { activity: 'Panetteria', atecoCode: '10.71', turnoverCents: 25_000_000, employees: -1 } };
    expect(messagesOf(shop)).toEqual({
      'details.atecoCode': 'Codice ATECO non valido: formato NN.NN.NN (es. 47.11.00).',
      'details.employees': 'Numero di addetti non valido (0 o più, senza decimali).',
    });
    const parsed = ZAltriRamiData.parse({ ...shop, details: { activity: 'Panetteria', atecoCode: '10.71.10', turnoverCents: 25_000_000, employees: 3 } });
    expect(parsed.details).toEqual({ activity: 'Panetteria', atecoCode: '10.71.10', turnoverCents: 25_000_000, employees: 3 });
    expect(ZAltriRamiData.safeParse({ ...shop, category: 'business', details: { ...parsed.details, atecoCode: '' } }).success).toBe(true);
  });

  it('keeps only the details of the chosen category, and none for a category that needs none', () => {
    const pets = ZAltriRamiData.parse({ ...example(), category: 'pets' });
    expect(pets.details).toEqual({});
    const injury = ZAltriRamiData.parse({ ...example(), category: 'injury', details: { birthDate: '1990-01-01', occupation: 'Idraulico', squareMetres: 95 } });
    expect(injury.details).toEqual({ birthDate: '1990-01-01', occupation: 'Idraulico' });
    expect(detailGroupOf('business')).toBe('activity');
    expect(detailGroupOf('legalProtection')).toBeNull();
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

  it('titles a practice by category and what is insured, and searches its key fields', () => {
    expect(altriRamiDefinition.title(altriRamiDefinition.example)).toBe('Casa e famiglia · Milano (MI)');
    const search = altriRamiDefinition.searchText(altriRamiDefinition.example);
    for (const part of ['Casa e famiglia', 'Via Roma 10', 'Milano', 'Furto e rapina', 'Compagnia Esempio']) expect(search).toContain(part);
    const legal = ZAltriRamiData.parse({ category: 'legalProtection', description: 'Tutela legale per le controversie di lavoro del cliente, dipendente pubblico.', startDate: '2027-02-01' });
    expect(altriRamiDefinition.title(legal)).toBe('Tutela legale · Tutela legale per le controversie di lavoro del cliente…');
  });

  it('labels every category in Italian', () => {
    expect(Object.keys(ALTRI_RAMI_CATEGORIES)).toHaveLength(12);
    expect(ALTRI_RAMI_CATEGORIES).toMatchObject({ home: 'Casa e famiglia', professionalLiability: 'RC professionale', cyber: 'Rischi informatici', other: 'Altro' });
  });
});
