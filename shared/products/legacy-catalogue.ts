import type { TProductCommission, TProductContent } from '../schemas/products';
import { isUnanswered, type TAnswers, type TAnswerValue } from './answer-values';
import { subjectKeyOf, type TPracticeProductSnapshot } from './practice-product';
import { questionsOf, type TQuestion, type TSection } from './questionnaire';

/**
 * The catalogue of altri rami and fideiussioni as it was in code before the admin built products (issue 29): the
 * twelve categories of risk and the ten kinds of bond, each as version 1 of an admin product with the same questions
 * and checks the code had (the old `details` of a category, the CIG, tender object, contract value and guaranteed
 * amount of a bond, with the 4% cap on provisional tender bonds as a rule on the amount). Migration
 * 2026-11-27T1800_legacy-products inserts them (with the commission the admin had set) and turns every practice of
 * the old shape into the new one with `toProductPracticeData` (it holds a frozen copy of both, checked against these).
 *
 * The ids are fixed, so a practice migrated on any installation names the same product. Pure data and functions.
 */

export type TLegacySector = 'altri-rami' | 'fideiussioni';

export type TLegacyProduct = {
  /** Fixed uuid: `…00a1`-`…00ac` for altri rami (hexadecimal 1 to 12), `…00b1`-`…00ba` for fideiussioni (1 to 10). */
  id: string;
  sector: TLegacySector;
  /** The old category (altri rami) or kind (fideiussioni) code. */
  code: string;
  /** The old Italian label: the product's name and its version 1's. */
  name: string;
  position: number;
  description: string;
  content: TProductContent;
};

/** The commission of the old settings' defaults (`altriRamiRevenue` 15%, `fideiussioniConfig.revenue` 10%). */
export const LEGACY_COMMISSIONS: Readonly<Record<TLegacySector, TProductCommission>> = {
  'altri-rami': { kind: 'percent', percent: 15 },
  fideiussioni: { kind: 'percent', percent: 10 },
};

/** The provisional bond of a public tender: at most 4% of the procedure's value (D.Lgs. 36/2023, art. 106 c. 1). */
const TENDER_PROVISIONAL_MAX_PERCENT = 4;

// ---------------------------------------------------------------------------------------------------------
// Questions (every field the model defaults is written out: the content is stored as the model outputs it).

type TQuestionOptions = { help?: string; required?: boolean } & Record<string, unknown>;
const q = (key: string, type: TQuestion['type'], label: string, { required = false, ...rest }: TQuestionOptions = {}): TQuestion =>
  ({ key, type, label, required, ...rest }) as TQuestion;
const section = (key: string, title: string, questions: TQuestion[]): TSection => ({ key, title, questions });

const TURNOVER = q('turnoverCents', 'money', 'Fatturato annuo', { required: true, help: 'Il fatturato dell’ultimo esercizio, in euro.' });

const HOME = section('home', 'L’abitazione', [
  q('street', 'text', 'Indirizzo dell’abitazione', { required: true, help: 'Via o piazza e numero civico.' }),
  q('comune', 'comune', 'Comune', { required: true }),
  q('squareMetres', 'number', 'Superficie (metri quadrati)', { required: true, integer: true, min: 1, max: 100_000 }),
  q('constructionYear', 'number', 'Anno di costruzione', { required: true, integer: true, min: 1000, notAfterThisYear: true, help: 'Se non è noto con esattezza, indica quello approssimativo.' }),
  q('ownership', 'oneOf', 'Il cliente è', {
    required: true,
    options: [
      { value: 'owner', label: 'Proprietario' },
      { value: 'tenant', label: 'Inquilino (in affitto)' },
    ],
  }),
]);

const PERSON = section('person', 'La persona assicurata', [
  q('birthDate', 'date', 'Data di nascita', { required: true, maxDaysFromToday: 0 }),
  q('occupation', 'text', 'Professione o occupazione', { required: true, help: 'Il lavoro che svolge: pesa sul rischio di infortunio e sul premio.' }),
]);

const PROFESSIONAL = section('professional', 'L’attività professionale', [
  q('profession', 'text', 'Professione', { required: true }),
  q('registerNumber', 'text', 'Numero di iscrizione all’albo', { maxLength: 50 }),
  q('register', 'text', 'Albo o ordine professionale', { requiredWhen: { question: 'registerNumber', op: 'answered' }, help: 'Obbligatorio se indichi il numero di iscrizione.' }),
  TURNOVER,
]);

const TRAVEL = section('travel', 'Il viaggio', [
  q('destination', 'text', 'Destinazione', { required: true }),
  q('departureDate', 'date', 'Data di partenza', { required: true }),
  q('returnDate', 'date', 'Data di rientro', { required: true, after: 'departureDate' }),
  q('travellers', 'number', 'Numero di viaggiatori', { required: true, integer: true, min: 1, max: 20 }),
]);

const ACTIVITY = section('activity', 'L’attività', [
  q('activity', 'text', 'Attività svolta', { required: true }),
  q('atecoCode', 'text', 'Codice ATECO', { format: 'ateco', help: 'Nel formato NN.NN.NN, come nella visura camerale (es. 47.11.00).' }),
  TURNOVER,
  q('employees', 'number', 'Numero di addetti', { required: true, integer: true, min: 0, max: 1_000_000 }),
]);

type TAltriRamiEntry = { code: string; name: string; description: string; section: TSection };

const ALTRI_RAMI: TAltriRamiEntry[] = [
  { code: 'home', name: 'Casa e famiglia', description: 'L’abitazione e la famiglia: incendio, furto, danni all’immobile e responsabilità civile.', section: HOME },
  { code: 'injury', name: 'Infortuni', description: 'Gli infortuni della persona assicurata, al lavoro e nel tempo libero.', section: PERSON },
  { code: 'health', name: 'Salute', description: 'Le spese mediche, i ricoveri e gli interventi della persona assicurata.', section: PERSON },
  { code: 'professionalLiability', name: 'RC professionale', description: 'La responsabilità civile di un professionista verso clienti e terzi.', section: PROFESSIONAL },
  {
    code: 'familyLiability',
    name: 'RC del capofamiglia',
    description: 'La responsabilità civile della famiglia per i danni causati a terzi nella vita privata.',
    section: section('family', 'La famiglia', [q('familyMembers', 'number', 'Componenti del nucleo familiare', { integer: true, min: 1, max: 30 })]),
  },
  { code: 'travel', name: 'Viaggi', description: 'Assistenza, spese mediche, bagaglio e annullamento di un viaggio.', section: TRAVEL },
  { code: 'business', name: 'Multirischi impresa', description: 'I beni e la responsabilità civile di un’impresa: incendio, furto, danni elettrici, RC verso terzi.', section: ACTIVITY },
  { code: 'shop', name: 'Commercio e artigianato', description: 'Il negozio o il laboratorio artigiano: locali, merci, attrezzature e responsabilità civile.', section: ACTIVITY },
  {
    code: 'cyber',
    name: 'Rischi informatici',
    description: 'Attacchi informatici, perdita di dati e interruzione dell’attività.',
    section: section('systems', 'I sistemi informatici', [
      q('itSystems', 'longText', 'Sistemi e servizi informatici da assicurare', { maxLength: 1000, help: 'Per esempio gestionale, sito di e-commerce, cassa in cloud, copie di sicurezza.' }),
    ]),
  },
  {
    code: 'pets',
    name: 'Animali domestici',
    description: 'Le spese veterinarie e la responsabilità civile per gli animali domestici.',
    section: section('pet', 'L’animale', [q('speciesBreed', 'text', 'Specie e razza', { maxLength: 100, help: 'Per esempio: cane, labrador.' })]),
  },
  {
    code: 'legalProtection',
    name: 'Tutela legale',
    description: 'Le spese legali e peritali per difendere i propri diritti.',
    section: section('scope', 'La tutela', [
      q('legalScope', 'oneOf', 'Ambito della tutela', {
        options: [
          { value: 'private', label: 'Vita privata e famiglia' },
          { value: 'employee', label: 'Lavoro dipendente' },
          { value: 'business', label: 'Attività professionale o d’impresa' },
          { value: 'motoring', label: 'Circolazione stradale' },
        ],
      }),
    ]),
  },
  {
    code: 'other',
    name: 'Altro',
    description: 'Un rischio che non rientra nelle altre categorie.',
    section: section('risk', 'Il rischio', [q('riskDetails', 'longText', 'Altre informazioni sul rischio', { maxLength: 2000 })]),
  },
];

/** The kinds of a public tender (CIG and tender object required) and those measured on a contract (its value required). */
const TENDER_KINDS = ['tenderProvisional', 'tenderFinal'];
const CONTRACT_VALUE_KINDS = ['tenderProvisional', 'tenderFinal', 'advancePayment', 'finalInstalment'];

const FIDEIUSSIONI: { code: string; name: string; description: string }[] = [
  { code: 'tenderProvisional', name: 'Cauzione provvisoria (gara d’appalto)', description: 'La garanzia dell’offerta in una gara pubblica d’appalto.' },
  { code: 'tenderFinal', name: 'Cauzione definitiva (appalto)', description: 'La garanzia dell’esatto adempimento del contratto d’appalto aggiudicato.' },
  { code: 'advancePayment', name: 'Anticipazione contrattuale', description: 'La restituzione dell’anticipo sul prezzo del contratto, se la prestazione non viene eseguita.' },
  { code: 'finalInstalment', name: 'Rata di saldo', description: 'Lo svincolo della rata di saldo prima del collaudo o della verifica di conformità.' },
  { code: 'customs', name: 'Doganale', description: 'I diritti doganali dovuti all’Agenzia delle Dogane (pagamento differito, depositi).' },
  { code: 'rent', name: 'Locazione', description: 'Gli obblighi del conduttore verso il locatore in un contratto di locazione, al posto del deposito cauzionale.' },
  { code: 'vatRefund', name: 'Rimborso IVA', description: 'Il rimborso del credito IVA chiesto all’Agenzia delle Entrate.' },
  { code: 'taxRefund', name: 'Rimborsi e compensazioni d’imposta', description: 'Rimborsi e compensazioni d’imposta diversi dall’IVA.' },
  { code: 'urbanisation', name: 'Oneri di urbanizzazione', description: 'Il pagamento rateale degli oneri di urbanizzazione dovuti al Comune per un titolo edilizio.' },
  { code: 'other', name: 'Altro', description: 'Una garanzia che non rientra negli altri tipi.' },
];

/** A bond's questions: the tender's CIG and object, the contract's value, the amount guaranteed (capped at 4% for a provisional bond). */
const bondSection = (code: string): TSection => {
  const tender = TENDER_KINDS.includes(code);
  const provisional = code === 'tenderProvisional';
  const cig = q('cig', 'text', 'CIG (Codice Identificativo Gara)', { required: tender, format: 'cig', help: 'Il codice di 10 caratteri che l’ANAC assegna alla procedura, indicato nel bando.' });
  const tenderObject = q('tenderObject', 'text', 'Oggetto della gara', { required: tender, maxLength: 500, help: 'Come lo indica il bando di gara.' });
  const contractValue = q('contractValueCents', 'money', tender ? 'Valore complessivo della procedura' : 'Valore del contratto', {
    required: CONTRACT_VALUE_KINDS.includes(code),
    help: tender ? 'L’importo a base di gara indicato nel bando.' : 'Il valore del contratto a cui si riferisce la garanzia.',
  });
  const guaranteed = q('guaranteedCents', 'money', provisional ? 'Importo della cauzione provvisoria' : 'Importo garantito', {
    required: true,
    min: 1,
    ...(provisional
      ? {
          help: 'Di norma il 2% del valore della procedura; la stazione appaltante può ridurlo all’1% o chiederne fino al 4%, il massimo consentito (D.Lgs. 36/2023, art. 106).',
          maxPercentOf: { question: 'contractValueCents', percent: TENDER_PROVISIONAL_MAX_PERCENT },
        }
      : {}),
  });
  // A tender bond starts from the tender; the others from the amount, the tender's fields last (rarely used).
  return section('guarantee', 'La garanzia', tender ? [cig, tenderObject, contractValue, guaranteed] : [contractValue, guaranteed, cig, tenderObject]);
};

/** The fixed id of the product at `position` of its sector: `…0000000000a1`-`…0000000000ac`, `…0000000000b1`-`…0000000000ba`. */
const legacyId = (prefix: 'a' | 'b', position: number) => `00000000-0000-4000-8000-0000000000${prefix}${(position + 1).toString(16)}`;

/** The 22 products of the old catalogue (12 altri rami categories, 10 kinds of bond), in the old forms' order. */
export const LEGACY_PRODUCTS: readonly TLegacyProduct[] = [
  ...ALTRI_RAMI.map(
    (entry, position): TLegacyProduct => ({
      id: legacyId('a', position),
      sector: 'altri-rami',
      code: entry.code,
      name: entry.name,
      position,
      description: entry.description,
      content: { questionnaire: { sections: [entry.section] }, documents: [], commission: LEGACY_COMMISSIONS['altri-rami'] },
    }),
  ),
  ...FIDEIUSSIONI.map(
    (entry, position): TLegacyProduct => ({
      id: legacyId('b', position),
      sector: 'fideiussioni',
      code: entry.code,
      name: entry.name,
      position,
      description: entry.description,
      content: { questionnaire: { sections: [bondSection(entry.code)] }, documents: [], commission: LEGACY_COMMISSIONS.fideiussioni },
    }),
  ),
];

/** The product of an old category (altri rami) or kind (fideiussioni), if there is one. */
export const legacyProductOf = (sector: TLegacySector, code: string): TLegacyProduct | undefined =>
  LEGACY_PRODUCTS.find((product) => product.sector === sector && product.code === code);

/** The snapshot a practice of a version-1 legacy product stores (the sectors' examples); throws on an unknown code. */
export const legacySnapshotOf = (sector: TLegacySector, code: string): TPracticeProductSnapshot => {
  const product = legacyProductOf(sector, code);
  if (!product) throw new Error(`no legacy product ${sector}/${code}`);
  return snapshotOf(product, product.content);
};

// ---------------------------------------------------------------------------------------------------------
// Old practices to the new shape.

/** A practice's data in the new shape: the snapshot of the product version it was filled with, its answers, the rest. */
export type TProductPracticeData = { product: TPracticeProductSnapshot; answers: TAnswers } & Record<string, unknown>;

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The snapshot of a catalogue product's version 1 (with `content`'s documents and commission). */
const snapshotOf = (product: TLegacyProduct, content: TProductContent): TPracticeProductSnapshot => ({
  id: product.id,
  version: 1,
  name: product.name,
  documents: content.documents,
  commission: content.commission,
  ...(subjectKeyOf(content.questionnaire) ? { subjectKey: subjectKeyOf(content.questionnaire) } : {}),
});

/** The answers of the product's questions found in `values` (blanks left out), in the questionnaire's order. */
const answersOf = (content: TProductContent, values: Record<string, unknown>): TAnswers => {
  const answers: TAnswers = {};
  for (const question of questionsOf(content.questionnaire)) {
    const value = values[question.key];
    if (!isUnanswered(value)) answers[question.key] = value as TAnswerValue;
  }
  return answers;
};

/** An old category's details as flat answers: the dwelling's address becomes `street` and `comune: {name, province}`. */
const flatDetails = (details: Record<string, unknown>): Record<string, unknown> => {
  const { address, ...rest } = details;
  const place = asRecord(address);
  const comune = isUnanswered(place.comune) ? undefined : { name: place.comune, province: place.province };
  return { ...rest, street: place.street, comune };
};

/**
 * An old practice's data (a category and its `details` for altri rami; a kind with the CIG, tender object, contract
 * value and guaranteed amount for fideiussioni) in the new shape: the product snapshot (version 1; its documents and
 * commission from `content` when given, else the catalogue's), the old fields of its questions as flat answers
 * (blank ones left out), every other field copied. Data already in the new shape (it has `product`) is returned as
 * it is. An unknown category or kind (the old check never stored one) falls back to the «Altro» product.
 */
export const toProductPracticeData = (sector: TLegacySector, oldData: Readonly<Record<string, unknown>>, content?: TProductContent): TProductPracticeData => {
  if (Object.hasOwn(oldData, 'product')) return oldData as TProductPracticeData;
  if (sector === 'altri-rami') {
    const { category, details, ...rest } = oldData;
    const product = legacyProductOf(sector, String(category)) ?? legacyProductOf(sector, 'other')!;
    const used = content ?? product.content;
    return { product: snapshotOf(product, used), answers: answersOf(used, flatDetails(asRecord(details))), ...rest };
  }
  const { kind, guaranteedCents, contractValueCents, cig, tenderObject, ...rest } = oldData;
  const product = legacyProductOf(sector, String(kind)) ?? legacyProductOf(sector, 'other')!;
  const used = content ?? product.content;
  return { product: snapshotOf(product, used), answers: answersOf(used, { guaranteedCents, contractValueCents, cig, tenderObject }), ...rest };
};
