import { subjectKeyOf } from './practice-product';
import { describe, expect, it } from 'vitest';
import { ZProductContent, type TProductContent } from '../schemas/products';
import { answersSchemaOf } from './answers';
import { exampleOf } from './json-schema';
import { LEGACY_COMMISSIONS, LEGACY_PRODUCTS, legacyProductOf, toProductPracticeData, type TLegacySector } from './legacy-catalogue';
import { ANSWER_MSG as MSG } from './messages';
import { maxPercentCents } from './questionnaire';

// Issue 29: the old fixed catalogue of altri rami and fideiussioni as version 1 of admin products, and the old
// practices' data turned into the new shape. The old data below are those of the sectors' tests and of the demo
// (server/demo/demo-practices.ts) before products: every one must be accepted by its product's answers schema, with
// its values unchanged.

const TODAY = '2026-11-27';

const OLD_CATEGORIES = ['home', 'injury', 'health', 'professionalLiability', 'familyLiability', 'travel', 'business', 'shop', 'cyber', 'pets', 'legalProtection', 'other'];
const OLD_KINDS = ['tenderProvisional', 'tenderFinal', 'advancePayment', 'finalInstalment', 'customs', 'rent', 'vatRefund', 'taxRefund', 'urbanisation', 'other'];

/** The old altri rami example (a flat in Milan), as the old schema stored it. */
const AR_BASE = {
  category: 'home',
  description: 'Abitazione principale in condominio, al terzo piano: incendio, furto e responsabilità civile della famiglia.',
  insuredCents: 30_000_000,
  startDate: '2027-01-01',
  durationYears: 1,
  currentPolicy: { company: 'Compagnia Esempio S.p.A.', expiryDate: '2026-12-31' },
  covers: ['Incendio e scoppio', 'Furto e rapina', 'RC della famiglia'],
  details: { address: { street: 'Via Roma 10', comune: 'Milano', province: 'MI' }, squareMetres: 95, constructionYear: 1975, ownership: 'owner' },
  notes: '',
};

/** The old fideiussioni example (a provisional bond at 2% of a municipality's tender). */
const F_BASE = {
  kind: 'tenderProvisional',
  beneficiary: { name: 'Comune di Milano', taxCode: '01199250158', pec: 'protocollo@postacert.comune.milano.it' },
  guaranteedCents: 500_000,
  contractValueCents: 25_000_000,
  cig: 'A0123BC45D',
  tenderObject: 'Manutenzione ordinaria delle strade comunali, biennio 2027-2028',
  startDate: '2027-01-15',
  endDate: '2027-07-14',
  obligation: 'Garanzia dell’offerta nella procedura aperta: copre la mancata sottoscrizione del contratto per fatto dell’offerente.',
  notes: '',
};

/** Old altri rami data, at least one per category; `answers` is what each must become. */
const OLD_ALTRI_RAMI: { data: Record<string, unknown>; answers: Record<string, unknown> }[] = [
  {
    data: AR_BASE,
    answers: { street: 'Via Roma 10', comune: { name: 'Milano', province: 'MI' }, squareMetres: 95, constructionYear: 1975, ownership: 'owner' },
  },
  {
    data: { ...AR_BASE, details: { address: { street: 'Via Po 1', comune: 'Torino', province: 'TO' }, squareMetres: 60, constructionYear: 2026, ownership: 'tenant' } },
    answers: { street: 'Via Po 1', comune: { name: 'Torino', province: 'TO' }, squareMetres: 60, constructionYear: 2026, ownership: 'tenant' },
  },
  { data: { ...AR_BASE, category: 'injury', details: { birthDate: '1990-01-01', occupation: 'Idraulico' } }, answers: { birthDate: '1990-01-01', occupation: 'Idraulico' } },
  { data: { ...AR_BASE, category: 'health', details: { birthDate: '1980-04-12', occupation: 'Insegnante' } }, answers: { birthDate: '1980-04-12', occupation: 'Insegnante' } },
  {
    data: {
      ...AR_BASE,
      category: 'professionalLiability',
      description: 'RC professionale per l’attività di ingegnere strutturista libero professionista: progettazione e direzione lavori.',
      insuredCents: 100_000_000,
      covers: ['Colpa grave', 'Retroattività 10 anni'],
      details: { profession: 'Ingegnere civile', register: 'Ordine degli Ingegneri della Provincia di Napoli', registerNumber: '18452', turnoverCents: 8_500_000 },
    },
    answers: { profession: 'Ingegnere civile', registerNumber: '18452', register: 'Ordine degli Ingegneri della Provincia di Napoli', turnoverCents: 8_500_000 },
  },
  {
    data: { ...AR_BASE, category: 'professionalLiability', details: { profession: 'Avvocato', register: 'Ordine degli Avvocati di Milano', registerNumber: '', turnoverCents: 0 } },
    answers: { profession: 'Avvocato', register: 'Ordine degli Avvocati di Milano', turnoverCents: 0 },
  },
  { data: { ...AR_BASE, category: 'familyLiability', details: {} }, answers: {} },
  {
    data: { ...AR_BASE, category: 'travel', details: { destination: 'Giappone', departureDate: '2027-05-10', returnDate: '2027-05-24', travellers: 2 } },
    answers: { destination: 'Giappone', departureDate: '2027-05-10', returnDate: '2027-05-24', travellers: 2 },
  },
  {
    data: {
      ...AR_BASE,
      category: 'business',
      description: 'Multirischi del laboratorio di panificazione con punto vendita: incendio dei forni, danni elettrici, RC verso terzi e prodotti.',
      insuredCents: 45_000_000,
      currentPolicy: null,
      covers: ['Incendio', 'Danni elettrici', 'RC prodotti'],
      details: { activity: 'Panificio con vendita al dettaglio', atecoCode: '10.71.10', turnoverCents: 42_000_000, employees: 6 },
    },
    answers: { activity: 'Panificio con vendita al dettaglio', atecoCode: '10.71.10', turnoverCents: 42_000_000, employees: 6 },
  },
  {
    data: { ...AR_BASE, category: 'shop', details: { activity: 'Panetteria', atecoCode: '', turnoverCents: 25_000_000, employees: 0 } },
    answers: { activity: 'Panetteria', turnoverCents: 25_000_000, employees: 0 },
  },
  {
    data: {
      ...AR_BASE,
      category: 'cyber',
      description: 'Copertura dei rischi informatici del gestionale e della cassa in cloud, compresa l’interruzione di attività.',
      insuredCents: 10_000_000,
      currentPolicy: null,
      covers: [],
      details: {},
    },
    answers: {},
  },
  { data: { ...AR_BASE, category: 'pets', details: {} }, answers: {} },
  { data: { ...AR_BASE, category: 'legalProtection', details: {} }, answers: {} },
  {
    // The old schema's minimal request: no sum, duration, policy, covers or notes.
    data: { category: 'other', description: 'Protezione dei dati dello studio dentistico.', insuredCents: null, startDate: '2027-02-01', durationYears: 1, currentPolicy: null, covers: [], details: {}, notes: '' },
    answers: {},
  },
];

/** Old fideiussioni data, at least one per kind (the 4% cap reached, an optional CIG on «Altro»). */
const OLD_FIDEIUSSIONI: { data: Record<string, unknown>; answers: Record<string, unknown> }[] = [
  { data: F_BASE, answers: { cig: 'A0123BC45D', tenderObject: F_BASE.tenderObject, contractValueCents: 25_000_000, guaranteedCents: 500_000 } },
  // Exactly 4% of the procedure: the highest provisional bond.
  { data: { ...F_BASE, guaranteedCents: 1_000_000 }, answers: { cig: 'A0123BC45D', tenderObject: F_BASE.tenderObject, contractValueCents: 25_000_000, guaranteedCents: 1_000_000 } },
  {
    data: {
      ...F_BASE,
      kind: 'tenderFinal',
      beneficiary: { name: 'Comune di Napoli', taxCode: '80014890638', pec: 'protocollo@pec.comune.napoli.it' },
      guaranteedCents: 1_800_000,
      contractValueCents: 18_000_000,
      cig: 'B7F21C9A04',
      tenderObject: 'Fornitura di pane fresco alle mense scolastiche, anno scolastico 2026-2027',
      obligation: 'Garanzia definitiva dell’esatto adempimento del contratto di fornitura (10% dell’importo contrattuale).',
    },
    answers: { cig: 'B7F21C9A04', tenderObject: 'Fornitura di pane fresco alle mense scolastiche, anno scolastico 2026-2027', contractValueCents: 18_000_000, guaranteedCents: 1_800_000 },
  },
  {
    data: { ...F_BASE, kind: 'advancePayment', guaranteedCents: 2_000_000, contractValueCents: 10_000_000, cig: 'C1D2E3F4A5', tenderObject: '' },
    answers: { contractValueCents: 10_000_000, guaranteedCents: 2_000_000, cig: 'C1D2E3F4A5' },
  },
  { data: { ...F_BASE, kind: 'finalInstalment', guaranteedCents: 3_000_000, contractValueCents: 30_000_000, cig: '', tenderObject: '' }, answers: { contractValueCents: 30_000_000, guaranteedCents: 3_000_000 } },
  { data: { ...F_BASE, kind: 'customs', guaranteedCents: 5_000_000, contractValueCents: null, cig: '', tenderObject: '' }, answers: { guaranteedCents: 5_000_000 } },
  {
    data: {
      ...F_BASE,
      kind: 'rent',
      beneficiary: { name: 'Immobiliare Partenope S.r.l.', taxCode: '07643520567', pec: '' },
      guaranteedCents: 900_000,
      contractValueCents: null,
      cig: '',
      tenderObject: '',
      obligation: 'Deposito cauzionale del contratto di locazione commerciale del punto vendita di via Toledo 210, Napoli (tre mensilità).',
    },
    answers: { guaranteedCents: 900_000 },
  },
  { data: { ...F_BASE, kind: 'vatRefund', guaranteedCents: 12_000_000, contractValueCents: null, cig: '', tenderObject: '' }, answers: { guaranteedCents: 12_000_000 } },
  { data: { ...F_BASE, kind: 'taxRefund', guaranteedCents: 4_000_000, contractValueCents: 0, cig: '', tenderObject: '' }, answers: { contractValueCents: 0, guaranteedCents: 4_000_000 } },
  { data: { ...F_BASE, kind: 'urbanisation', guaranteedCents: 7_500_000, contractValueCents: null, cig: '', tenderObject: '' }, answers: { guaranteedCents: 7_500_000 } },
  {
    data: { ...F_BASE, kind: 'other', guaranteedCents: 250_000, contractValueCents: 5_000_000, cig: 'A0123BC45D', tenderObject: 'Servizio di pulizia degli uffici' },
    answers: { contractValueCents: 5_000_000, guaranteedCents: 250_000, cig: 'A0123BC45D', tenderObject: 'Servizio di pulizia degli uffici' },
  },
  { data: { ...F_BASE, kind: 'other', guaranteedCents: 250_000, contractValueCents: null, cig: '', tenderObject: '' }, answers: { guaranteedCents: 250_000 } },
];

const checkAnswers = (content: TProductContent, answers: unknown) => answersSchemaOf(content.questionnaire, { today: TODAY }).safeParse(answers);
const product = (sector: TLegacySector, code: string) => legacyProductOf(sector, code)!;

describe('the legacy catalogue', () => {
  it('holds the twelve old categories and the ten old kinds, with fixed, distinct ids and their old labels', () => {
    expect(LEGACY_PRODUCTS).toHaveLength(22);
    expect(LEGACY_PRODUCTS.filter((item) => item.sector === 'altri-rami').map((item) => item.code)).toEqual(OLD_CATEGORIES);
    expect(LEGACY_PRODUCTS.filter((item) => item.sector === 'fideiussioni').map((item) => item.code)).toEqual(OLD_KINDS);
    expect(new Set(LEGACY_PRODUCTS.map((item) => item.id)).size).toBe(22);
    for (const item of LEGACY_PRODUCTS) expect(item.id).toMatch(/^00000000-0000-4000-8000-0000000000(a[1-9a-c]|b[1-9a])$/);
    expect(product('altri-rami', 'home')).toMatchObject({ id: '00000000-0000-4000-8000-0000000000a1', name: 'Casa e famiglia', position: 0 });
    expect(product('altri-rami', 'other')).toMatchObject({ id: '00000000-0000-4000-8000-0000000000ac', name: 'Altro', position: 11 });
    expect(product('fideiussioni', 'tenderProvisional')).toMatchObject({ id: '00000000-0000-4000-8000-0000000000b1', name: 'Cauzione provvisoria (gara d’appalto)' });
    expect(product('fideiussioni', 'other')).toMatchObject({ id: '00000000-0000-4000-8000-0000000000ba', name: 'Altro' });
    expect(legacyProductOf('altri-rami', 'boats')).toBeUndefined();
  });

  it('is a valid product content each, stored as the model outputs it (no default left to apply), with a valid example', () => {
    for (const item of LEGACY_PRODUCTS) {
      const parsed = ZProductContent.safeParse(item.content);
      expect(parsed.success, `${item.sector}/${item.code}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(parsed.data).toEqual(item.content);
      expect(item.description.length).toBeGreaterThan(10);
      expect(item.content.documents).toEqual([]);
      expect(item.content.commission).toEqual(LEGACY_COMMISSIONS[item.sector]);
      expect(checkAnswers(item.content, exampleOf(item.content.questionnaire, { today: TODAY })).success, `${item.sector}/${item.code}`).toBe(true);
    }
    expect(LEGACY_COMMISSIONS).toEqual({ 'altri-rami': { kind: 'percent', percent: 15 }, fideiussioni: { kind: 'percent', percent: 10 } });
  });

  it('keeps the old checks: a construction year not in the future, a birth date not in the future, the register with its number, the return after the departure', () => {
    const home = product('altri-rami', 'home').content;
    const homeAnswers = { street: 'Via Roma 10', comune: { name: 'Milano', province: 'MI' }, squareMetres: 95, constructionYear: 2027, ownership: 'owner' };
    expect(checkAnswers(home, homeAnswers).error?.issues).toMatchObject([{ path: ['constructionYear'], message: MSG.yearInFuture }]);
    expect(checkAnswers(home, { ...homeAnswers, constructionYear: 1975, squareMetres: 80.5 }).error?.issues).toMatchObject([{ path: ['squareMetres'], message: MSG.integer }]);
    expect(checkAnswers(product('altri-rami', 'injury').content, { birthDate: '2026-11-28', occupation: 'Idraulico' }).error?.issues).toMatchObject([{ path: ['birthDate'] }]);
    expect(checkAnswers(product('altri-rami', 'professionalLiability').content, { profession: 'Avvocato', registerNumber: 'A1234', turnoverCents: 1 }).error?.issues).toMatchObject([
      { path: ['register'], message: MSG.required },
    ]);
    expect(checkAnswers(product('altri-rami', 'travel').content, { destination: 'Giappone', departureDate: '2027-05-10', returnDate: '2027-05-10', travellers: 21 }).error?.issues).toMatchObject([
      { path: ['returnDate'], message: MSG.dateNotAfter('Data di partenza') },
      { path: ['travellers'], message: MSG.numberAbove(20) },
    ]);
    expect(checkAnswers(product('altri-rami', 'shop').content, { activity: 'Panetteria', atecoCode: '10.71', turnoverCents: 1, employees: 1 }).error?.issues).toMatchObject([{ path: ['atecoCode'], message: MSG.ateco }]);
  });

  it('needs the CIG and the tender’s object for tender bonds, the contract value for contract bonds, an amount for all', () => {
    const issuesOf = (code: string) => (checkAnswers(product('fideiussioni', code).content, {}).error?.issues ?? []).map((issue) => issue.path[0]);
    expect(issuesOf('tenderProvisional')).toEqual(['cig', 'tenderObject', 'contractValueCents', 'guaranteedCents']);
    expect(issuesOf('tenderFinal')).toEqual(['cig', 'tenderObject', 'contractValueCents', 'guaranteedCents']);
    expect(issuesOf('advancePayment')).toEqual(['contractValueCents', 'guaranteedCents']);
    expect(issuesOf('finalInstalment')).toEqual(['contractValueCents', 'guaranteedCents']);
    for (const code of ['customs', 'rent', 'vatRefund', 'taxRefund', 'urbanisation', 'other']) expect(issuesOf(code)).toEqual(['guaranteedCents']);
    expect(checkAnswers(product('fideiussioni', 'rent').content, { guaranteedCents: 0 }).error?.issues).toMatchObject([{ path: ['guaranteedCents'], message: MSG.moneyBelow(1) }]);
    expect(checkAnswers(product('fideiussioni', 'other').content, { guaranteedCents: 100, cig: 'A0123' }).error?.issues).toMatchObject([{ path: ['cig'], message: MSG.cig }]);
  });

  it('refuses a provisional bond above 4% of the procedure, with the cap’s message', () => {
    const content = product('fideiussioni', 'tenderProvisional').content;
    const data = toProductPracticeData('fideiussioni', { ...F_BASE, guaranteedCents: 1_000_001 });
    const cap = maxPercentCents(25_000_000, 4);
    expect(cap).toBe(1_000_000);
    expect(checkAnswers(content, data.answers).error?.issues).toMatchObject([{ path: ['guaranteedCents'], message: MSG.percentOf(4, 'Valore complessivo della procedura', cap) }]);
    // The cap is on the provisional bond only.
    expect(checkAnswers(product('fideiussioni', 'tenderFinal').content, data.answers).success).toBe(true);
  });
});

describe('toProductPracticeData', () => {
  const cases = [
    ...OLD_ALTRI_RAMI.map((item) => ({ sector: 'altri-rami' as const, code: String(item.data.category), ...item })),
    ...OLD_FIDEIUSSIONI.map((item) => ({ sector: 'fideiussioni' as const, code: String(item.data.kind), ...item })),
  ];

  it('covers every old category and kind', () => {
    expect(new Set(cases.filter((item) => item.sector === 'altri-rami').map((item) => item.code))).toEqual(new Set(OLD_CATEGORIES));
    expect(new Set(cases.filter((item) => item.sector === 'fideiussioni').map((item) => item.code))).toEqual(new Set(OLD_KINDS));
  });

  it.each(cases)('$sector $code: answers its product accepts unchanged, the rest of the data copied', ({ sector, code, data, answers }) => {
    const before = structuredClone(data);
    const converted = toProductPracticeData(sector, data);
    const item = product(sector, code);
    const subjectKey = subjectKeyOf(item.content.questionnaire);
    expect(converted.product).toEqual({ id: item.id, version: 1, name: item.name, documents: [], commission: LEGACY_COMMISSIONS[sector], ...(subjectKey ? { subjectKey } : {}) });
    expect(converted.answers).toEqual(answers);
    const checked = checkAnswers(item.content, converted.answers);
    expect(checked.success, JSON.stringify(checked.error?.issues)).toBe(true);
    expect(checked.data).toEqual(converted.answers);
    const { product: _product, answers: _answers, ...rest } = converted;
    const moved = sector === 'altri-rami' ? ['category', 'details'] : ['kind', 'guaranteedCents', 'contractValueCents', 'cig', 'tenderObject'];
    expect(rest).toEqual(Object.fromEntries(Object.entries(data).filter(([key]) => !moved.includes(key))));
    expect(data).toEqual(before);
    // Converting again changes nothing.
    expect(toProductPracticeData(sector, converted)).toBe(converted);
  });

  it('gives the new shape of each sector', () => {
    expect(Object.keys(toProductPracticeData('altri-rami', AR_BASE))).toEqual(['product', 'answers', 'description', 'insuredCents', 'startDate', 'durationYears', 'currentPolicy', 'covers', 'notes']);
    expect(Object.keys(toProductPracticeData('fideiussioni', F_BASE))).toEqual(['product', 'answers', 'beneficiary', 'startDate', 'endDate', 'obligation', 'notes']);
  });

  it('takes the documents and commission of the content given (the commission the admin had set)', () => {
    const content: TProductContent = { ...product('fideiussioni', 'rent').content, commission: { kind: 'fixed', cents: 5_000 } };
    expect(toProductPracticeData('fideiussioni', OLD_FIDEIUSSIONI[6]!.data, content).product).toEqual({
      id: '00000000-0000-4000-8000-0000000000b6',
      version: 1,
      name: 'Locazione',
      documents: [],
      commission: { kind: 'fixed', cents: 5_000 },
      subjectKey: 'cig',
    });
  });

  it('falls back to «Altro» for a category or kind the old check would have refused', () => {
    expect(toProductPracticeData('altri-rami', { ...AR_BASE, category: 'boats' }).product.id).toBe(product('altri-rami', 'other').id);
    expect(toProductPracticeData('fideiussioni', { ...F_BASE, kind: 'loan' }).product.id).toBe(product('fideiussioni', 'other').id);
  });
});
