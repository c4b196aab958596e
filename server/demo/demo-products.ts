import type { FastifyInstance } from 'fastify';
import { TENDER_PROVISIONAL_MAX_PERCENT } from '../../shared/practices/fideiussioni';
import { legacyProductOf, type TLegacySector } from '../../shared/products/legacy-catalogue';
import type { TQuestionInput } from '../../shared/products/questionnaire';
import type { TProductInput } from '../../shared/schemas/products';
import type { TDb } from '../db/database';
import type { TRequestContext } from '../platform/context';
import { DEMO_PASSWORD } from './demo-data';

/**
 * The demo's product catalogue (issue 29): realistic questionnaires of altri rami and fideiussioni, published as
 * the admin publishes them — through the products service, as the demo admin — as the next version of the old
 * catalogue's products (shared/products/legacy-catalogue.ts, version 1 on every database), so the admin's catalogue
 * shows numbered versions, a retired product and a draft to publish, and the corners' forms have something real to
 * ask. The questionnaires follow Italian practice (the bond kinds with the 4% cap on provisional tender bonds,
 * D.Lgs. 36/2023 art. 106) and ask only what the sector's own fields do not (the start date, the policy in force,
 * the beneficiary are the practice's data).
 */

type TSectionInput = { key: string; title: string; questions: TQuestionInput[] };
/** A demo product: the next version of the old catalogue's product `code` (shared/products/legacy-catalogue.ts). */
type TDemoProduct = { sector: TLegacySector; code: string; body: TProductInput };

const doc = (key: string, name: string, required = true) => ({ key, name, required });
const percent = (value: number) => ({ kind: 'percent' as const, percent: value });
const product = (
  sector: TDemoProduct['sector'],
  code: string,
  name: string,
  description: string,
  sections: TSectionInput[],
  documents: ReturnType<typeof doc>[],
  commission: TProductInput['content']['commission'],
): TDemoProduct => ({
  sector,
  code,
  body: { name, description, active: true, content: { questionnaire: { sections }, documents, commission } },
});

// Questions several products share.
const personTaxId = (key: string, label: string): TQuestionInput => ({ key, type: 'taxId', accepts: 'person', label, required: true });
const birthDate = (key = 'birthDate'): TQuestionInput => ({ key, type: 'date', label: 'Data di nascita dell’assicurato', required: true, minDaysFromToday: -36_500, maxDaysFromToday: 0 });

// ——— Altri rami ———

const HOME = product(
  'altri-rami',
  'home',
  'Casa e famiglia',
  'Multirischi dell’abitazione: incendio, furto, danni da acqua, eventi atmosferici e responsabilità civile della famiglia.',
  [
    {
      key: 'dwelling',
      title: 'Abitazione',
      questions: [
        { key: 'street', type: 'text', label: 'Indirizzo dell’abitazione (via e numero civico)', required: true, maxLength: 200 },
        { key: 'comune', type: 'comune', label: 'Comune dell’abitazione', required: true },
        {
          key: 'dwellingType',
          type: 'oneOf',
          label: 'Tipo di abitazione',
          required: true,
          options: [
            { value: 'flat', label: 'Appartamento in condominio' },
            { value: 'detached', label: 'Villa o casa indipendente' },
            { value: 'terraced', label: 'Villetta a schiera' },
          ],
        },
        { key: 'use', type: 'oneOf', label: 'Utilizzo', required: true, options: [{ value: 'main', label: 'Abitazione principale' }, { value: 'holiday', label: 'Casa di villeggiatura' }, { value: 'rented', label: 'Data in locazione a terzi' }] },
        { key: 'squareMetres', type: 'number', integer: true, min: 15, max: 2000, label: 'Superficie commerciale (m²)', required: true },
        { key: 'constructionYear', type: 'number', integer: true, min: 1800, max: new Date().getUTCFullYear(), label: 'Anno di costruzione (o dell’ultima ristrutturazione completa)', required: true },
        { key: 'ownership', type: 'oneOf', label: 'Il contraente è', required: true, options: [{ value: 'owner', label: 'Proprietario' }, { value: 'tenant', label: 'Inquilino (in affitto)' }] },
      ],
    },
    {
      key: 'covers',
      title: 'Garanzie e somme',
      questions: [
        {
          key: 'covers',
          type: 'severalOf',
          label: 'Garanzie richieste',
          required: true,
          options: [
            { value: 'fire', label: 'Incendio e scoppio' },
            { value: 'water', label: 'Danni da acqua condotta e ricerca del guasto' },
            { value: 'weather', label: 'Eventi atmosferici' },
            { value: 'theft', label: 'Furto e rapina' },
            { value: 'familyLiability', label: 'RC della famiglia' },
            { value: 'catastrophe', label: 'Terremoto e alluvione' },
          ],
        },
        {
          key: 'buildingValueCents',
          type: 'money',
          label: 'Valore di ricostruzione del fabbricato',
          help: 'Il costo per ricostruire l’abitazione a nuovo (non il valore di mercato): di norma 1.200–1.800 € al m².',
          min: 1_000_000,
          required: true,
          showWhen: { question: 'ownership', op: 'equals', value: 'owner' },
        },
        { key: 'contentsValueCents', type: 'money', label: 'Valore del contenuto (arredi, elettrodomestici, effetti personali)', required: true, min: 100_000 },
        { key: 'hasAlarm', type: 'yesNo', label: 'L’abitazione ha un impianto d’allarme o porte blindate?', required: true, showWhen: { question: 'covers', op: 'equals', value: 'theft' } },
        {
          key: 'liabilityLimit',
          type: 'oneOf',
          label: 'Massimale RC della famiglia',
          required: true,
          showWhen: { question: 'covers', op: 'equals', value: 'familyLiability' },
          options: [
            { value: '500000', label: '500.000 €' },
            { value: '1000000', label: '1.000.000 €' },
            { value: '1500000', label: '1.500.000 €' },
          ],
        },
      ],
    },
  ],
  [doc('documento-identita', 'Documento d’identità del contraente'), doc('codice-fiscale', 'Tessera sanitaria o codice fiscale'), doc('polizza-in-corso', 'Polizza in corso (ultima quietanza)', false), doc('planimetria', 'Planimetria catastale', false)],
  percent(15),
);

const INJURY = product(
  'altri-rami',
  'injury',
  'Infortuni',
  'Infortuni professionali ed extraprofessionali: morte, invalidità permanente, diaria da ricovero e rimborso spese mediche.',
  [
    {
      key: 'insured',
      title: 'Assicurato',
      questions: [
        personTaxId('insuredTaxId', 'Codice fiscale dell’assicurato'),
        birthDate(),
        { key: 'occupation', type: 'text', label: 'Professione dell’assicurato', help: 'Indica l’attività svolta in concreto (es. «impiegato amministrativo», «elettricista»).', required: true, maxLength: 200 },
        {
          key: 'riskClass',
          type: 'oneOf',
          label: 'Tipo di attività',
          required: true,
          options: [
            { value: 'office', label: 'Attività d’ufficio o senza lavoro manuale' },
            { value: 'manualLight', label: 'Lavoro manuale leggero' },
            { value: 'manualHeavy', label: 'Lavoro manuale pesante, in quota o con macchinari' },
          ],
        },
        { key: 'practisesSports', type: 'yesNo', label: 'L’assicurato pratica sport a livello agonistico o attività sportive rischiose?', required: true },
        {
          key: 'sports',
          type: 'severalOf',
          label: 'Sport praticati',
          required: true,
          showWhen: { question: 'practisesSports', op: 'isTrue' },
          options: [
            { value: 'football', label: 'Calcio o calcetto in campionato' },
            { value: 'skiing', label: 'Sci o snowboard' },
            { value: 'climbing', label: 'Alpinismo o arrampicata' },
            { value: 'motor', label: 'Sport motoristici' },
            { value: 'diving', label: 'Immersioni subacquee' },
          ],
        },
      ],
    },
    {
      key: 'sums',
      title: 'Capitali e garanzie',
      questions: [
        { key: 'deathCents', type: 'money', label: 'Capitale caso morte', required: true, min: 2_500_000, max: 100_000_000 },
        { key: 'disabilityCents', type: 'money', label: 'Capitale invalidità permanente', required: true, min: 2_500_000, max: 150_000_000 },
        {
          key: 'deductible',
          type: 'oneOf',
          label: 'Franchigia sull’invalidità permanente',
          required: true,
          options: [
            { value: 'none', label: 'Nessuna' },
            { value: '3', label: '3%' },
            { value: '5', label: '5%' },
          ],
        },
        { key: 'dailyAllowance', type: 'yesNo', label: 'Diaria da ricovero?', required: true },
        { key: 'dailyAllowanceCents', type: 'money', label: 'Diaria giornaliera', required: true, min: 2_500, max: 25_000, showWhen: { question: 'dailyAllowance', op: 'isTrue' } },
      ],
    },
  ],
  [doc('documento-identita', 'Documento d’identità dell’assicurato'), doc('codice-fiscale', 'Codice fiscale dell’assicurato'), doc('questionario-adeguatezza', 'Questionario di adeguatezza firmato')],
  percent(18),
);

const HEALTH_SECTIONS = (withSmoker: boolean): TSectionInput[] => [
  {
    key: 'insured',
    title: 'Assicurati',
    questions: [
      birthDate(),
      { key: 'household', type: 'oneOf', label: 'Chi si assicura', required: true, options: [{ value: 'single', label: 'Solo il contraente' }, { value: 'family', label: 'Il nucleo familiare' }] },
      { key: 'familyMembers', type: 'number', integer: true, min: 2, max: 8, label: 'Componenti del nucleo da assicurare', required: true, showWhen: { question: 'household', op: 'equals', value: 'family' } },
    ],
  },
  {
    key: 'plan',
    title: 'Piano sanitario',
    questions: [
      {
        key: 'plan',
        type: 'oneOf',
        label: 'Piano',
        required: true,
        options: [
          { value: 'hospital', label: 'Solo grandi interventi e ricoveri' },
          { value: 'plus', label: 'Ricoveri, visite specialistiche e diagnostica' },
          { value: 'premium', label: 'Completo, con odontoiatria e prevenzione' },
        ],
      },
      { key: 'yearlyLimitCents', type: 'money', label: 'Massimale annuo', required: true, min: 5_000_000, max: 100_000_000 },
      { key: 'network', type: 'yesNo', label: 'Accetta di usare le strutture convenzionate (premio più basso)?', required: true },
    ],
  },
  {
    key: 'health',
    title: 'Stato di salute',
    questions: [
      { key: 'preexisting', type: 'yesNo', label: 'Ci sono malattie o condizioni già diagnosticate?', required: true },
      {
        key: 'preexistingDetails',
        type: 'longText',
        label: 'Descrivi le condizioni diagnosticate',
        help: 'Sono di norma escluse dalla copertura: descriverle evita contestazioni al momento del sinistro.',
        required: true,
        minLength: 10,
        maxLength: 2000,
        showWhen: { question: 'preexisting', op: 'isTrue' },
      },
      { key: 'hospitalised', type: 'yesNo', label: 'Ricoveri negli ultimi cinque anni?', required: true },
      ...(withSmoker ? [{ key: 'smoker', type: 'yesNo', label: 'L’assicurato fuma (anche sigarette elettroniche)?', required: true } satisfies TQuestionInput] : []),
    ],
  },
];
const HEALTH = product(
  'altri-rami',
  'health',
  'Salute',
  'Rimborso delle spese sanitarie per il contraente o il nucleo familiare, in forma diretta o a rimborso.',
  HEALTH_SECTIONS(false),
  [doc('documento-identita', 'Documento d’identità del contraente'), doc('questionario-sanitario', 'Questionario sanitario firmato'), doc('stato-famiglia', 'Stato di famiglia', false)],
  percent(16),
);

const PROFESSIONAL = product(
  'altri-rami',
  'professionalLiability',
  'RC professionale',
  'Responsabilità civile professionale obbligatoria per gli iscritti agli albi, con retroattività e ultrattività.',
  [
    {
      key: 'professional',
      title: 'Professionista',
      questions: [
        {
          key: 'profession',
          type: 'oneOf',
          label: 'Professione',
          required: true,
          options: [
            { value: 'lawyer', label: 'Avvocato' },
            { value: 'accountant', label: 'Commercialista o esperto contabile' },
            { value: 'engineer', label: 'Ingegnere o architetto' },
            { value: 'surveyor', label: 'Geometra' },
            { value: 'labourConsultant', label: 'Consulente del lavoro' },
            { value: 'other', label: 'Altra professione' },
          ],
        },
        { key: 'otherProfession', type: 'text', label: 'Quale professione?', required: true, maxLength: 200, showWhen: { question: 'profession', op: 'equals', value: 'other' } },
        { key: 'register', type: 'text', label: 'Albo o ordine di iscrizione', help: 'Es. «Ordine degli Avvocati di Firenze».', maxLength: 200, requiredWhen: { question: 'profession', op: 'in', values: ['lawyer', 'accountant', 'engineer', 'surveyor', 'labourConsultant'] } },
        { key: 'registerNumber', type: 'text', label: 'Numero di iscrizione', maxLength: 50, requiredWhen: { question: 'register', op: 'answered' } },
        { key: 'vatNumber', type: 'taxId', accepts: 'company', label: 'Partita IVA dello studio', required: true },
        { key: 'turnoverCents', type: 'money', label: 'Fatturato dell’ultimo anno', required: true, max: 5_000_000_000 },
        { key: 'atecoCode', type: 'text', format: 'ateco', label: 'Codice ATECO' },
      ],
    },
    {
      key: 'cover',
      title: 'Copertura',
      questions: [
        {
          key: 'limit',
          type: 'oneOf',
          label: 'Massimale per sinistro e per anno',
          required: true,
          options: [
            { value: '500000', label: '500.000 €' },
            { value: '1000000', label: '1.000.000 €' },
            { value: '2500000', label: '2.500.000 €' },
          ],
        },
        {
          key: 'retroactivity',
          type: 'oneOf',
          label: 'Retroattività',
          help: 'Copre gli errori commessi prima della decorrenza e denunciati durante la polizza (claims made).',
          required: true,
          options: [
            { value: '2y', label: '2 anni' },
            { value: '5y', label: '5 anni' },
            { value: '10y', label: '10 anni' },
            { value: 'unlimited', label: 'Illimitata' },
          ],
        },
        { key: 'pastClaims', type: 'yesNo', label: 'Richieste di risarcimento negli ultimi cinque anni?', required: true },
        { key: 'pastClaimsDetails', type: 'longText', label: 'Descrivi le richieste ricevute (data, importo, esito)', required: true, minLength: 20, showWhen: { question: 'pastClaims', op: 'isTrue' } },
      ],
    },
  ],
  [doc('documento-identita', 'Documento d’identità del professionista'), doc('iscrizione-albo', 'Certificato di iscrizione all’albo'), doc('dichiarazione-iva', 'Ultima dichiarazione IVA o dei redditi', false)],
  percent(12.5),
);

const TRAVEL = product(
  'altri-rami',
  'travel',
  'Viaggi',
  'Spese mediche all’estero, annullamento, bagaglio e assistenza 24 ore su 24 per un singolo viaggio.',
  [
    {
      key: 'trip',
      title: 'Viaggio',
      questions: [
        {
          key: 'area',
          type: 'oneOf',
          label: 'Destinazione',
          required: true,
          options: [
            { value: 'italy', label: 'Italia' },
            { value: 'europe', label: 'Europa e bacino del Mediterraneo' },
            { value: 'world', label: 'Mondo (esclusi USA e Canada)' },
            { value: 'usa', label: 'USA e Canada' },
          ],
        },
        { key: 'country', type: 'text', label: 'Paese o città principale', required: true, maxLength: 200 },
        { key: 'departureDate', type: 'date', label: 'Data di partenza', required: true, minDaysFromToday: 0, maxDaysFromToday: 365 },
        { key: 'returnDate', type: 'date', label: 'Data di rientro', required: true, after: 'departureDate' },
        { key: 'travellers', type: 'number', integer: true, min: 1, max: 20, label: 'Numero di viaggiatori', required: true },
      ],
    },
    {
      key: 'covers',
      title: 'Garanzie',
      questions: [
        {
          key: 'covers',
          type: 'severalOf',
          label: 'Garanzie richieste',
          required: true,
          options: [
            { value: 'medical', label: 'Spese mediche e assistenza' },
            { value: 'cancellation', label: 'Annullamento del viaggio' },
            { value: 'luggage', label: 'Bagaglio' },
            { value: 'liability', label: 'Responsabilità civile in viaggio' },
          ],
        },
        {
          key: 'medicalLimit',
          type: 'oneOf',
          label: 'Massimale spese mediche',
          help: 'Negli Stati Uniti un ricovero può costare decine di migliaia di euro: si consiglia il massimale illimitato.',
          required: true,
          showWhen: { question: 'covers', op: 'equals', value: 'medical' },
          options: [
            { value: '30000', label: '30.000 €' },
            { value: '250000', label: '250.000 €' },
            { value: 'unlimited', label: 'Illimitato' },
          ],
        },
        { key: 'tripCostCents', type: 'money', label: 'Costo totale del viaggio', help: 'Quanto rimborsa l’annullamento: volo, alloggio e quote già pagate.', min: 1, showWhen: { question: 'covers', op: 'equals', value: 'cancellation' }, required: true },
        { key: 'bookingDate', type: 'date', label: 'Data di prenotazione', help: 'L’annullamento va assicurato entro pochi giorni dalla prenotazione.', maxDaysFromToday: 0, showWhen: { question: 'covers', op: 'equals', value: 'cancellation' }, required: true },
      ],
    },
  ],
  [doc('documento-identita', 'Documento d’identità dei viaggiatori'), doc('conferma-prenotazione', 'Conferma di prenotazione del viaggio', false)],
  { kind: 'fixed', cents: 1_000 },
);

const PETS = product(
  'altri-rami',
  'pets',
  'Animali domestici',
  'Spese veterinarie, responsabilità civile e tutela legale per cani e gatti.',
  [
    {
      key: 'pet',
      title: 'Animale',
      questions: [
        { key: 'species', type: 'oneOf', label: 'Specie', required: true, options: [{ value: 'dog', label: 'Cane' }, { value: 'cat', label: 'Gatto' }] },
        { key: 'petName', type: 'text', label: 'Nome dell’animale', required: true, maxLength: 60 },
        { key: 'breed', type: 'text', label: 'Razza (o «meticcio»)', required: true, maxLength: 100 },
        { key: 'petBirthDate', type: 'date', label: 'Data di nascita (anche presunta)', required: true, minDaysFromToday: -7300, maxDaysFromToday: 0 },
        { key: 'microchip', type: 'text', label: 'Numero di microchip', help: 'Il codice di 15 cifre registrato all’anagrafe degli animali d’affezione.', minLength: 15, maxLength: 15, requiredWhen: { question: 'species', op: 'equals', value: 'dog' } },
        { key: 'weightKg', type: 'number', min: 0.5, max: 100, label: 'Peso (kg)', required: true, showWhen: { question: 'species', op: 'equals', value: 'dog' } },
      ],
    },
    {
      key: 'covers',
      title: 'Garanzie',
      questions: [
        {
          key: 'covers',
          type: 'severalOf',
          label: 'Garanzie richieste',
          required: true,
          options: [
            { value: 'vet', label: 'Spese veterinarie per malattia e infortunio' },
            { value: 'surgery', label: 'Interventi chirurgici' },
            { value: 'liability', label: 'Responsabilità civile verso terzi' },
            { value: 'legal', label: 'Tutela legale' },
          ],
        },
        { key: 'vetLimitCents', type: 'money', label: 'Massimale annuo spese veterinarie', required: true, min: 100_000, max: 1_000_000, showWhen: { question: 'covers', op: 'in', values: ['vet', 'surgery'] } },
        { key: 'healthy', type: 'yesNo', label: 'L’animale è in buona salute e ha le vaccinazioni in regola?', required: true },
      ],
    },
  ],
  [doc('libretto-sanitario', 'Libretto sanitario dell’animale'), doc('iscrizione-anagrafe', 'Certificato di iscrizione all’anagrafe canina', false)],
  percent(20),
);

const CYBER = product(
  'altri-rami',
  'cyber',
  'Cyber risk per PMI',
  'Danni propri e responsabilità verso terzi da attacco informatico, violazione di dati personali (GDPR) e fermo attività.',
  [
    {
      key: 'company',
      title: 'Impresa',
      questions: [
        { key: 'atecoCode', type: 'text', format: 'ateco', label: 'Codice ATECO dell’attività prevalente', required: true },
        { key: 'turnoverCents', type: 'money', label: 'Fatturato dell’ultimo esercizio', required: true, max: 5_000_000_000 },
        { key: 'employees', type: 'number', integer: true, min: 0, max: 250, label: 'Numero di addetti', required: true },
        { key: 'onlineSalesShare', type: 'percent', label: 'Quota del fatturato da vendite online', required: true },
      ],
    },
    {
      key: 'security',
      title: 'Sicurezza informatica',
      questions: [
        { key: 'backups', type: 'oneOf', label: 'Backup dei dati', required: true, options: [{ value: 'none', label: 'Nessuno' }, { value: 'weekly', label: 'Settimanale' }, { value: 'daily', label: 'Giornaliero, con copia fuori sede' }] },
        { key: 'mfa', type: 'yesNo', label: 'L’accesso alla posta e ai sistemi remoti richiede l’autenticazione a più fattori?', required: true },
        { key: 'cardData', type: 'yesNo', label: 'L’impresa tratta dati di carte di pagamento?', required: true },
        { key: 'pciCompliant', type: 'yesNo', label: 'È conforme allo standard PCI DSS?', required: true, showWhen: { question: 'cardData', op: 'isTrue' } },
        { key: 'pastIncidents', type: 'yesNo', label: 'Incidenti informatici negli ultimi tre anni?', required: true },
        { key: 'incidentDetails', type: 'longText', label: 'Descrivi gli incidenti e le misure adottate', required: true, minLength: 20, showWhen: { question: 'pastIncidents', op: 'isTrue' } },
      ],
    },
    {
      key: 'cover',
      title: 'Copertura',
      questions: [
        { key: 'limit', type: 'oneOf', label: 'Massimale', required: true, options: [{ value: '250000', label: '250.000 €' }, { value: '500000', label: '500.000 €' }, { value: '1000000', label: '1.000.000 €' }] },
        { key: 'businessInterruption', type: 'yesNo', label: 'Includere il fermo attività (perdita di profitto)?', required: true },
      ],
    },
  ],
  [doc('visura-camerale', 'Visura camerale'), doc('questionario-cyber', 'Questionario di assunzione cyber firmato')],
  percent(14),
);

/** The old «Tutela legale», now for a family's private life (and, if chosen, its vehicles). */
const LEGAL = product(
  'altri-rami',
  'legalProtection',
  'Tutela legale famiglia',
  'Spese legali e peritali per le controversie della vita privata della famiglia, compresa a scelta la circolazione stradale.',
  [
    {
      key: 'family',
      title: 'Nucleo familiare',
      questions: [
        { key: 'familyMembers', type: 'number', integer: true, min: 1, max: 10, label: 'Componenti del nucleo familiare', required: true },
      ],
    },
    {
      key: 'cover',
      title: 'Copertura',
      questions: [
        { key: 'limitCents', type: 'money', label: 'Massimale per controversia', required: true, min: 1_000_000, max: 5_000_000 },
        { key: 'includesTraffic', type: 'yesNo', label: 'Includere la circolazione stradale?', required: true },
        { key: 'vehicles', type: 'number', integer: true, min: 1, max: 5, label: 'Veicoli del nucleo', required: true, showWhen: { question: 'includesTraffic', op: 'isTrue' } },
      ],
    },
  ],
  [doc('documento-identita', 'Documento d’identità del contraente')],
  percent(25),
);

// ——— Fideiussioni ———

const certifications: TQuestionInput[] = [
  { key: 'hasCertifications', type: 'yesNo', label: 'L’impresa ha certificazioni che riducono l’importo della garanzia?', required: true },
  {
    key: 'certifications',
    type: 'severalOf',
    label: 'Certificazioni possedute',
    required: true,
    showWhen: { question: 'hasCertifications', op: 'isTrue' },
    options: [
      { value: 'iso9001', label: 'ISO 9001 (qualità)' },
      { value: 'iso14001', label: 'ISO 14001 (ambiente)' },
      { value: 'emas', label: 'Registrazione EMAS' },
      { value: 'iso45001', label: 'ISO 45001 (salute e sicurezza)' },
    ],
  },
];
const bondDocs = [doc('visura-camerale', 'Visura camerale del contraente'), doc('bilancio', 'Ultimo bilancio depositato'), doc('documento-identita', 'Documento d’identità del legale rappresentante')];

const PROVISIONAL = product(
  'fideiussioni',
  'tenderProvisional',
  'Cauzione provvisoria (gara d’appalto)',
  'Garanzia per la partecipazione a una gara pubblica (D.Lgs. 36/2023, art. 106): di norma il 2% del valore, al massimo il 4%.',
  [
    {
      key: 'tender',
      title: 'Gara',
      questions: [
        { key: 'cig', type: 'text', format: 'cig', label: 'CIG (Codice Identificativo Gara)', help: 'Il codice di 10 caratteri che l’ANAC assegna alla procedura, indicato nel bando.', required: true },
        { key: 'tenderObject', type: 'longText', label: 'Oggetto della gara', required: true, minLength: 10, maxLength: 500 },
        { key: 'procedure', type: 'oneOf', label: 'Procedura', required: true, options: [{ value: 'open', label: 'Aperta' }, { value: 'restricted', label: 'Ristretta' }, { value: 'negotiated', label: 'Negoziata' }] },
        { key: 'contractValueCents', type: 'money', label: 'Valore complessivo della procedura', required: true, min: 1 },
        {
          key: 'guaranteedCents',
          type: 'money',
          label: 'Importo della cauzione provvisoria',
          help: 'Di norma il 2% del valore della procedura; la stazione appaltante può ridurlo all’1% o alzarlo fino al 4%.',
          required: true,
          min: 1,
          maxPercentOf: { question: 'contractValueCents', percent: TENDER_PROVISIONAL_MAX_PERCENT },
        },
        ...certifications,
      ],
    },
    {
      key: 'term',
      title: 'Durata',
      questions: [
        { key: 'offerDeadline', type: 'date', label: 'Termine di presentazione delle offerte', required: true, minDaysFromToday: 0, maxDaysFromToday: 365 },
        { key: 'offerValidityDays', type: 'number', integer: true, min: 30, max: 720, label: 'Giorni di validità dell’offerta richiesti dal bando', required: true },
        { key: 'renewalCommitment', type: 'yesNo', label: 'Il bando chiede l’impegno a rinnovare la garanzia se la gara non si chiude in tempo?', required: true, showWhen: { question: 'offerValidityDays', op: 'gt', value: 180 } },
        { key: 'finalBondCommitment', type: 'yesNo', label: 'Serve l’impegno di un fideiussore a rilasciare la cauzione definitiva in caso di aggiudicazione?', help: 'Non richiesto alle micro, piccole e medie imprese.', required: true },
      ],
    },
  ],
  [doc('bando', 'Bando o lettera d’invito'), ...bondDocs],
  percent(15),
);

const FINAL = product(
  'fideiussioni',
  'tenderFinal',
  'Cauzione definitiva (appalto)',
  'Garanzia dell’esecuzione di un contratto pubblico aggiudicato (D.Lgs. 36/2023, art. 117): il 10% dell’importo, aumentato se il ribasso supera il 10%.',
  [
    {
      key: 'contract',
      title: 'Contratto aggiudicato',
      questions: [
        { key: 'cig', type: 'text', format: 'cig', label: 'CIG (Codice Identificativo Gara)', required: true },
        { key: 'tenderObject', type: 'longText', label: 'Oggetto del contratto', required: true, minLength: 10, maxLength: 500 },
        { key: 'awardDate', type: 'date', label: 'Data di aggiudicazione', required: true, maxDaysFromToday: 0, minDaysFromToday: -365 },
      ],
    },
    {
      key: 'amounts',
      title: 'Importi',
      questions: [
        { key: 'contractValueCents', type: 'money', label: 'Importo contrattuale', required: true, min: 1 },
        { key: 'discount', type: 'percent', label: 'Ribasso offerto', required: true },
        { key: 'guaranteedCents', type: 'money', label: 'Importo della garanzia definitiva', help: 'Il 10% dell’importo contrattuale; con un ribasso oltre il 10% sale di un punto per ogni punto di ribasso in più, oltre il 20% di due punti.', required: true, min: 1 },
        { key: 'discountJustification', type: 'longText', label: 'Note sulla congruità del ribasso', showWhen: { question: 'discount', op: 'gt', value: 20 } },
        ...certifications,
      ],
    },
  ],
  [doc('aggiudicazione', 'Provvedimento di aggiudicazione'), ...bondDocs],
  percent(15),
);

const RENT = product(
  'fideiussioni',
  'rent',
  'Locazione',
  'Garanzia a favore del locatore, al posto del deposito cauzionale, per canoni e oneri non pagati.',
  [
    {
      key: 'lease',
      title: 'Contratto di locazione',
      questions: [
        { key: 'propertyUse', type: 'oneOf', label: 'Uso dell’immobile', required: true, options: [{ value: 'residential', label: 'Abitativo' }, { value: 'commercial', label: 'Commerciale o ufficio' }] },
        { key: 'leaseType', type: 'oneOf', label: 'Tipo di contratto', required: true, showWhen: { question: 'propertyUse', op: 'equals', value: 'residential' }, options: [{ value: '4plus4', label: 'Libero 4+4' }, { value: '3plus2', label: 'Concordato 3+2' }, { value: 'transitional', label: 'Transitorio' }] },
        { key: 'propertyStreet', type: 'text', label: 'Indirizzo dell’immobile', required: true, maxLength: 200 },
        { key: 'propertyComune', type: 'comune', label: 'Comune dell’immobile', required: true },
        { key: 'monthlyRentCents', type: 'money', label: 'Canone mensile', required: true, min: 10_000, max: 10_000_000 },
        { key: 'guaranteedCents', type: 'money', label: 'Importo garantito', help: 'Di solito da tre a sei mensilità del canone.', required: true, min: 10_000 },
        { key: 'leaseStart', type: 'date', label: 'Decorrenza del contratto', required: true, minDaysFromToday: -365, maxDaysFromToday: 180 },
        { key: 'leaseEnd', type: 'date', label: 'Prima scadenza del contratto', required: true, after: 'leaseStart' },
        { key: 'registered', type: 'yesNo', label: 'Il contratto è già registrato all’Agenzia delle Entrate?', required: true },
      ],
    },
    {
      key: 'tenant',
      title: 'Conduttore',
      questions: [
        { key: 'tenantKind', type: 'oneOf', label: 'Il conduttore è', required: true, options: [{ value: 'person', label: 'Una persona' }, { value: 'company', label: 'Un’impresa' }] },
        { key: 'income', type: 'oneOf', label: 'Reddito del conduttore', required: true, showWhen: { question: 'tenantKind', op: 'equals', value: 'person' }, options: [{ value: 'employee', label: 'Lavoro dipendente a tempo indeterminato' }, { value: 'selfEmployed', label: 'Lavoro autonomo' }, { value: 'pension', label: 'Pensione' }, { value: 'other', label: 'Altro' }] },
        { key: 'yearlyIncomeCents', type: 'money', label: 'Reddito annuo netto', required: true, showWhen: { question: 'tenantKind', op: 'equals', value: 'person' } },
        { key: 'turnoverCents', type: 'money', label: 'Fatturato dell’ultimo esercizio', required: true, showWhen: { question: 'tenantKind', op: 'equals', value: 'company' } },
      ],
    },
  ],
  [doc('contratto-locazione', 'Contratto di locazione (o bozza)'), doc('documento-identita', 'Documento d’identità del conduttore'), doc('busta-paga', 'Ultime due buste paga o dichiarazione dei redditi')],
  percent(20),
);

const URBANISATION = product(
  'fideiussioni',
  'urbanisation',
  'Oneri di urbanizzazione',
  'Garanzia a favore del Comune per il pagamento rateale degli oneri di urbanizzazione e del costo di costruzione.',
  [
    {
      key: 'permit',
      title: 'Titolo edilizio',
      questions: [
        { key: 'permitKind', type: 'oneOf', label: 'Titolo edilizio', required: true, options: [{ value: 'permit', label: 'Permesso di costruire' }, { value: 'scia', label: 'SCIA alternativa al permesso' }, { value: 'agreement', label: 'Convenzione urbanistica (opere a scomputo)' }] },
        { key: 'permitNumber', type: 'text', label: 'Numero del titolo o della pratica', required: true, maxLength: 50 },
        { key: 'permitDate', type: 'date', label: 'Data di rilascio o di deposito', required: true, maxDaysFromToday: 0, minDaysFromToday: -1825 },
        { key: 'works', type: 'longText', label: 'Descrizione dell’intervento', required: true, minLength: 10, maxLength: 1000 },
        { key: 'comune', type: 'comune', label: 'Comune che ha rilasciato il titolo', required: true },
      ],
    },
    {
      key: 'amounts',
      title: 'Importi e rate',
      questions: [
        { key: 'totalChargesCents', type: 'money', label: 'Oneri e costo di costruzione complessivi', required: true, min: 1 },
        { key: 'paidUpfrontCents', type: 'money', label: 'Quota già versata', maxPercentOf: { question: 'totalChargesCents', percent: 100 } },
        { key: 'instalments', type: 'number', integer: true, min: 1, max: 12, label: 'Numero di rate garantite', required: true },
        { key: 'guaranteedCents', type: 'money', label: 'Importo garantito', help: 'Le rate non ancora pagate, più le eventuali sanzioni richieste dal Comune.', required: true, min: 1 },
        { key: 'lastInstalmentDate', type: 'date', label: 'Scadenza dell’ultima rata', required: true, minDaysFromToday: 0, maxDaysFromToday: 3650 },
        { key: 'penaltiesIncluded', type: 'yesNo', label: 'Il Comune chiede di garantire anche le sanzioni per ritardato pagamento?', required: true, showWhen: { question: 'instalments', op: 'gt', value: 1 } },
      ],
    },
  ],
  [doc('titolo-edilizio', 'Permesso di costruire o SCIA'), doc('prospetto-oneri', 'Prospetto di calcolo degli oneri del Comune'), ...bondDocs.slice(0, 1)],
  percent(12),
);

/** Every demo product, in the admin's order. */
const PRODUCTS: readonly TDemoProduct[] = [HOME, INJURY, HEALTH, PROFESSIONAL, TRAVEL, PETS, CYBER, LEGAL, PROVISIONAL, FINAL, RENT, URBANISATION];

/** The demo product at version 3: version 2 is the demo's questionnaire, version 3 adds the smoker question. */
export const DEMO_PRODUCT_WITH_V3 = HEALTH.body.name;
/** The retired product (still listed for the admin, no longer offered; its practices keep working). */
export const DEMO_PRODUCT_RETIRED = legacyProductOf('altri-rami', 'familyLiability')!.name;
/** The demo product whose draft has changes not yet published (a document added). */
export const DEMO_PRODUCT_DRAFT_CHANGED = RENT.body.name;

const UA = 'Mozilla/5.0 (Dati dimostrativi)';
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * The admin's catalogue after the old one (the migration's version 1 of each category and bond kind, with the
 * practices filled before): twelve of those products get a new version with the demo's questionnaire, documents
 * and commission, through the products service as the demo admin; «Salute» a third, with the smoker question;
 * «RC del capofamiglia» is retired (its cover is now a choice of «Casa e famiglia»); «Locazione» has a change waiting
 * in the draft. Then the demo corner opens three requests on the new versions through the API: beside the practices
 * made before (on version 1, which they keep), they show a product's versions. Once: a second call finds a demo
 * version and does nothing. `app` gives the services; `db` finds the demo admin and clients.
 */
export const loadDemoProducts = async (app: FastifyInstance, db: TDb): Promise<{ products: number }> => {
  const legacyOf = ({ sector, code }: TDemoProduct) => {
    const legacy = legacyProductOf(sector, code);
    if (!legacy) throw new Error(`Dati dimostrativi: il catalogo precedente non ha il prodotto ${code} (${sector}).`);
    return { sector, id: legacy.id };
  };
  const done = await db.selectFrom('product_versions').select('product_id').where('product_id', 'in', PRODUCTS.map((item) => legacyOf(item).id)).where('version', '>', 1).executeTakeFirst();
  if (done) return { products: 0 };
  const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@demo.it').executeTakeFirst();
  if (!admin) throw new Error('Dati dimostrativi: manca admin@demo.it (carica prima i dati dimostrativi di base).');
  const ctx: TRequestContext = {
    actor: { userId: admin.id, role: 'admin', state: 'active', sessionId: '', via: 'cookie', impersonatorId: null },
    ip: '127.0.0.1',
    userAgent: 'Dati dimostrativi',
  };
  const { products } = app.services;
  const versionOf = new Map<TDemoProduct, { sector: string; id: string; version: number }>();
  for (const item of PRODUCTS) {
    const ref = legacyOf(item);
    const { name, description, content } = item.body;
    await products.update(ctx, ref, { name, description, content });
    versionOf.set(item, { ...ref, version: (await products.publish(ctx, ref)).version });
  }
  // Version 3: the health questionnaire asks whether the insured smokes.
  const health = legacyOf(HEALTH);
  await products.update(ctx, health, { content: { ...HEALTH.body.content, questionnaire: { sections: HEALTH_SECTIONS(true) } } });
  versionOf.set(HEALTH, { ...health, version: (await products.publish(ctx, health)).version });
  // Retired: no longer offered, kept for the practices that name it.
  await products.update(ctx, { sector: 'altri-rami', id: legacyProductOf('altri-rami', 'familyLiability')!.id }, {
    active: false,
    description: 'Non più offerto: la responsabilità civile della famiglia è ora una garanzia di «Casa e famiglia».',
  });
  // A change waiting in the draft: the rent bond will ask for the lease's registration receipt.
  await products.update(ctx, legacyOf(RENT), {
    content: { ...RENT.body.content, documents: [...RENT.body.content.documents, doc('ricevuta-registrazione', 'Ricevuta di registrazione del contratto', false)] },
  });

  // Requests on the new versions, by the demo corner through the API (the server checks the answers and the version).
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'corner.persona@demo.it', password: DEMO_PASSWORD }, headers: { 'user-agent': UA } });
  const sid = login.cookies.find((cookie) => cookie.name === 'sid');
  if (!sid) throw new Error('Dati dimostrativi (prodotti): accesso non riuscito per corner.persona@demo.it');
  const clientId = async (match: { surname?: string; business?: string }) => {
    let query = db.selectFrom('clients').innerJoin('users', 'users.id', 'clients.corner_id').select('clients.id').where('users.email', '=', 'corner.persona@demo.it');
    if (match.surname) query = query.where('clients.surname', '=', match.surname);
    if (match.business) query = query.where('clients.business', '=', match.business);
    return (await query.orderBy('clients.created_at').executeTakeFirstOrThrow()).id;
  };
  const open = async (item: TDemoProduct, client: string, data: Record<string, unknown>) => {
    const { sector, id, version } = versionOf.get(item)!;
    const response = await app.inject({
      method: 'POST',
      url: `/api/practices/${sector}`,
      headers: { cookie: `sid=${sid.value}`, 'user-agent': UA },
      payload: { clientId: client, data: { product: { id, version }, ...data } },
    });
    if (response.statusCode >= 300) throw new Error(`Dati dimostrativi (prodotti): ${item.body.name} → ${response.statusCode} ${response.body}`);
  };
  await open(HOME, await clientId({ surname: 'Esposito' }), {
    answers: {
      street: 'Via Francesco Petrarca 68',
      comune: { name: 'Napoli', province: 'NA' },
      dwellingType: 'flat',
      use: 'main',
      squareMetres: 110,
      constructionYear: 1972,
      ownership: 'owner',
      covers: ['fire', 'water', 'theft', 'familyLiability'],
      buildingValueCents: 16_500_000,
      contentsValueCents: 4_000_000,
      hasAlarm: true,
      liabilityLimit: '1000000',
    },
    description: 'Appartamento di proprietà a Posillipo, abitazione principale: incendio, acqua condotta, furto e responsabilità civile della famiglia.',
    insuredCents: 16_500_000,
    startDate: isoDay(25),
    durationYears: 1,
    currentPolicy: { company: 'Generali Italia S.p.A.', expiryDate: isoDay(25) },
    covers: ['Incendio e scoppio', 'Danni da acqua condotta', 'Furto e rapina', 'RC della famiglia'],
    notes: 'Il cliente vorrebbe aggiungere la garanzia terremoto se il premio resta sotto i 400 € l’anno.',
  });
  await open(HEALTH, await clientId({ surname: 'Bianchi' }), {
    answers: {
      birthDate: '1988-05-21',
      household: 'family',
      familyMembers: 3,
      plan: 'plus',
      yearlyLimitCents: 20_000_000,
      network: true,
      preexisting: false,
      hospitalised: false,
      smoker: false,
    },
    description: 'Piano sanitario per la famiglia (due adulti e una bambina): ricoveri, visite specialistiche e diagnostica nelle strutture convenzionate.',
    insuredCents: 20_000_000,
    startDate: isoDay(15),
    durationYears: 1,
    currentPolicy: null,
    covers: ['Ricoveri e interventi', 'Visite specialistiche', 'Diagnostica'],
    notes: '',
  });
  await open(RENT, await clientId({ business: 'Panificio Esposito Snc' }), {
    answers: {
      propertyUse: 'commercial',
      propertyStreet: 'Via Toledo 214',
      propertyComune: { name: 'Napoli', province: 'NA' },
      monthlyRentCents: 180_000,
      guaranteedCents: 540_000,
      leaseStart: isoDay(20),
      leaseEnd: isoDay(20 + 6 * 365),
      registered: false,
      tenantKind: 'company',
      turnoverCents: 42_000_000,
    },
    beneficiary: { name: 'Immobiliare Partenope S.r.l.', taxCode: '07643520567', pec: '' },
    startDate: isoDay(20),
    endDate: isoDay(20 + 6 * 365),
    obligation: 'Garanzia al posto del deposito cauzionale della locazione commerciale del magazzino di via Toledo 214, Napoli, accanto al punto vendita (tre mensilità).',
    notes: '',
  });
  return { products: PRODUCTS.length };
};
