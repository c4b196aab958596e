import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 29: the fixed catalogue of altri rami and fideiussioni (twelve categories of risk, ten kinds of bond, once in
// shared/practices) becomes version 1 of admin products with the same questions and checks, and the practices filled
// before point at them. This file holds its own copy of that catalogue (shared/products/legacy-catalogue.ts as it
// was on 2026-11-27; its test checks the two agree) and of the transform of an old practice's data, so that running
// it later gives the same result whatever the application has become.
// - (a) `seedLegacyProducts`: the 22 products with fixed ids and their version 1 (draft = version 1), idempotent.
//   The commission is the one the admin had set for the sector (`altriRamiRevenue`, `fideiussioniConfig.revenue`:
//   a percentage when it had one, else the fixed amount), or the sector's default. A product of the admin's with the
//   same name gets the old one renamed «… (catalogo precedente)» (names are unique per sector).
// - (b) every practice of the two sectors whose data has no `product` is rewritten: the product's snapshot (id,
//   version 1, name, documents, commission), the old category's details or the bond's CIG, tender object, contract
//   value and guaranteed amount as flat answers (blank ones left out; the dwelling's address becomes `street` and
//   `comune: {name, province}`), every other field copied. Only `data` changes (`search_text` stays as it is).

type TSector = 'altri-rami' | 'fideiussioni';
type TCommission = { kind: 'percent'; percent: number } | { kind: 'fixed'; cents: number };
type TFrozenQuestion = { key: string; type: string; label: string; required: boolean } & Record<string, unknown>;
type TFrozenProduct = {
  id: string;
  sector: TSector;
  /** The old category (altri rami) or kind (fideiussioni). */
  code: string;
  name: string;
  position: number;
  description: string;
  sections: { key: string; title: string; questions: TFrozenQuestion[] }[];
};

/** The sectors' commission defaults of the old settings: 15% for altri rami, 10% for fideiussioni. */
const DEFAULT_COMMISSIONS: Record<TSector, TCommission> = {
  'altri-rami': { kind: 'percent', percent: 15 },
  fideiussioni: { kind: 'percent', percent: 10 },
};

const RENAMED_SUFFIX = ' (catalogo precedente)';

export const LEGACY_PRODUCTS_2026_11_27: readonly TFrozenProduct[] = [
  {
    id: '00000000-0000-4000-8000-0000000000a1',
    sector: 'altri-rami',
    code: 'home',
    name: 'Casa e famiglia',
    position: 0,
    description: 'L’abitazione e la famiglia: incendio, furto, danni all’immobile e responsabilità civile.',
    sections: [
      {
        key: 'home',
        title: 'L’abitazione',
        questions: [
          { key: 'street', type: 'text', label: 'Indirizzo dell’abitazione', required: true, help: 'Via o piazza e numero civico.' },
          { key: 'comune', type: 'comune', label: 'Comune', required: true },
          { key: 'squareMetres', type: 'number', label: 'Superficie (metri quadrati)', required: true, integer: true, min: 1, max: 100_000 },
          { key: 'constructionYear', type: 'number', label: 'Anno di costruzione', required: true, help: 'Se non è noto con esattezza, indica quello approssimativo.', integer: true, min: 1000, notAfterThisYear: true },
          { key: 'ownership', type: 'oneOf', label: 'Il cliente è', required: true, options: [{ value: 'owner', label: 'Proprietario' }, { value: 'tenant', label: 'Inquilino (in affitto)' }] },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000a2',
    sector: 'altri-rami',
    code: 'injury',
    name: 'Infortuni',
    position: 1,
    description: 'Gli infortuni della persona assicurata, al lavoro e nel tempo libero.',
    sections: [
      {
        key: 'person',
        title: 'La persona assicurata',
        questions: [
          { key: 'birthDate', type: 'date', label: 'Data di nascita', required: true, maxDaysFromToday: 0 },
          { key: 'occupation', type: 'text', label: 'Professione o occupazione', required: true, help: 'Il lavoro che svolge: pesa sul rischio di infortunio e sul premio.' },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000a3',
    sector: 'altri-rami',
    code: 'health',
    name: 'Salute',
    position: 2,
    description: 'Le spese mediche, i ricoveri e gli interventi della persona assicurata.',
    sections: [
      {
        key: 'person',
        title: 'La persona assicurata',
        questions: [
          { key: 'birthDate', type: 'date', label: 'Data di nascita', required: true, maxDaysFromToday: 0 },
          { key: 'occupation', type: 'text', label: 'Professione o occupazione', required: true, help: 'Il lavoro che svolge: pesa sul rischio di infortunio e sul premio.' },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000a4',
    sector: 'altri-rami',
    code: 'professionalLiability',
    name: 'RC professionale',
    position: 3,
    description: 'La responsabilità civile di un professionista verso clienti e terzi.',
    sections: [
      {
        key: 'professional',
        title: 'L’attività professionale',
        questions: [
          { key: 'profession', type: 'text', label: 'Professione', required: true },
          { key: 'registerNumber', type: 'text', label: 'Numero di iscrizione all’albo', required: false, maxLength: 50 },
          { key: 'register', type: 'text', label: 'Albo o ordine professionale', required: false, help: 'Obbligatorio se indichi il numero di iscrizione.', requiredWhen: { question: 'registerNumber', op: 'answered' } },
          { key: 'turnoverCents', type: 'money', label: 'Fatturato annuo', required: true, help: 'Il fatturato dell’ultimo esercizio, in euro.' },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000a5',
    sector: 'altri-rami',
    code: 'familyLiability',
    name: 'RC del capofamiglia',
    position: 4,
    description: 'La responsabilità civile della famiglia per i danni causati a terzi nella vita privata.',
    sections: [
      {
        key: 'family',
        title: 'La famiglia',
        questions: [
          { key: 'familyMembers', type: 'number', label: 'Componenti del nucleo familiare', required: false, integer: true, min: 1, max: 30 },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000a6',
    sector: 'altri-rami',
    code: 'travel',
    name: 'Viaggi',
    position: 5,
    description: 'Assistenza, spese mediche, bagaglio e annullamento di un viaggio.',
    sections: [
      {
        key: 'travel',
        title: 'Il viaggio',
        questions: [
          { key: 'destination', type: 'text', label: 'Destinazione', required: true },
          { key: 'departureDate', type: 'date', label: 'Data di partenza', required: true },
          { key: 'returnDate', type: 'date', label: 'Data di rientro', required: true, after: 'departureDate' },
          { key: 'travellers', type: 'number', label: 'Numero di viaggiatori', required: true, integer: true, min: 1, max: 20 },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000a7',
    sector: 'altri-rami',
    code: 'business',
    name: 'Multirischi impresa',
    position: 6,
    description: 'I beni e la responsabilità civile di un’impresa: incendio, furto, danni elettrici, RC verso terzi.',
    sections: [
      {
        key: 'activity',
        title: 'L’attività',
        questions: [
          { key: 'activity', type: 'text', label: 'Attività svolta', required: true },
          { key: 'atecoCode', type: 'text', label: 'Codice ATECO', required: false, help: 'Nel formato NN.NN.NN, come nella visura camerale (es. 47.11.00).', format: 'ateco' },
          { key: 'turnoverCents', type: 'money', label: 'Fatturato annuo', required: true, help: 'Il fatturato dell’ultimo esercizio, in euro.' },
          { key: 'employees', type: 'number', label: 'Numero di addetti', required: true, integer: true, min: 0, max: 1_000_000 },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000a8',
    sector: 'altri-rami',
    code: 'shop',
    name: 'Commercio e artigianato',
    position: 7,
    description: 'Il negozio o il laboratorio artigiano: locali, merci, attrezzature e responsabilità civile.',
    sections: [
      {
        key: 'activity',
        title: 'L’attività',
        questions: [
          { key: 'activity', type: 'text', label: 'Attività svolta', required: true },
          { key: 'atecoCode', type: 'text', label: 'Codice ATECO', required: false, help: 'Nel formato NN.NN.NN, come nella visura camerale (es. 47.11.00).', format: 'ateco' },
          { key: 'turnoverCents', type: 'money', label: 'Fatturato annuo', required: true, help: 'Il fatturato dell’ultimo esercizio, in euro.' },
          { key: 'employees', type: 'number', label: 'Numero di addetti', required: true, integer: true, min: 0, max: 1_000_000 },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000a9',
    sector: 'altri-rami',
    code: 'cyber',
    name: 'Rischi informatici',
    position: 8,
    description: 'Attacchi informatici, perdita di dati e interruzione dell’attività.',
    sections: [
      {
        key: 'systems',
        title: 'I sistemi informatici',
        questions: [
          { key: 'itSystems', type: 'longText', label: 'Sistemi e servizi informatici da assicurare', required: false, help: 'Per esempio gestionale, sito di e-commerce, cassa in cloud, copie di sicurezza.', maxLength: 1000 },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000aa',
    sector: 'altri-rami',
    code: 'pets',
    name: 'Animali domestici',
    position: 9,
    description: 'Le spese veterinarie e la responsabilità civile per gli animali domestici.',
    sections: [
      {
        key: 'pet',
        title: 'L’animale',
        questions: [
          { key: 'speciesBreed', type: 'text', label: 'Specie e razza', required: false, help: 'Per esempio: cane, labrador.', maxLength: 100 },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000ab',
    sector: 'altri-rami',
    code: 'legalProtection',
    name: 'Tutela legale',
    position: 10,
    description: 'Le spese legali e peritali per difendere i propri diritti.',
    sections: [
      {
        key: 'scope',
        title: 'La tutela',
        questions: [
          { key: 'legalScope', type: 'oneOf', label: 'Ambito della tutela', required: false, options: [{ value: 'private', label: 'Vita privata e famiglia' }, { value: 'employee', label: 'Lavoro dipendente' }, { value: 'business', label: 'Attività professionale o d’impresa' }, { value: 'motoring', label: 'Circolazione stradale' }] },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000ac',
    sector: 'altri-rami',
    code: 'other',
    name: 'Altro',
    position: 11,
    description: 'Un rischio che non rientra nelle altre categorie.',
    sections: [
      {
        key: 'risk',
        title: 'Il rischio',
        questions: [
          { key: 'riskDetails', type: 'longText', label: 'Altre informazioni sul rischio', required: false, maxLength: 2000 },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000b1',
    sector: 'fideiussioni',
    code: 'tenderProvisional',
    name: 'Cauzione provvisoria (gara d’appalto)',
    position: 0,
    description: 'La garanzia dell’offerta in una gara pubblica d’appalto.',
    sections: [
      {
        key: 'guarantee',
        title: 'La garanzia',
        questions: [
          { key: 'cig', type: 'text', label: 'CIG (Codice Identificativo Gara)', required: true, help: 'Il codice di 10 caratteri che l’ANAC assegna alla procedura, indicato nel bando.', format: 'cig' },
          { key: 'tenderObject', type: 'text', label: 'Oggetto della gara', required: true, help: 'Come lo indica il bando di gara.', maxLength: 500 },
          { key: 'contractValueCents', type: 'money', label: 'Valore complessivo della procedura', required: true, help: 'L’importo a base di gara indicato nel bando.' },
          { key: 'guaranteedCents', type: 'money', label: 'Importo della cauzione provvisoria', required: true, help: 'Di norma il 2% del valore della procedura; la stazione appaltante può ridurlo all’1% o chiederne fino al 4%, il massimo consentito (D.Lgs. 36/2023, art. 106).', min: 1, maxPercentOf: { question: 'contractValueCents', percent: 4 } },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000b2',
    sector: 'fideiussioni',
    code: 'tenderFinal',
    name: 'Cauzione definitiva (appalto)',
    position: 1,
    description: 'La garanzia dell’esatto adempimento del contratto d’appalto aggiudicato.',
    sections: [
      {
        key: 'guarantee',
        title: 'La garanzia',
        questions: [
          { key: 'cig', type: 'text', label: 'CIG (Codice Identificativo Gara)', required: true, help: 'Il codice di 10 caratteri che l’ANAC assegna alla procedura, indicato nel bando.', format: 'cig' },
          { key: 'tenderObject', type: 'text', label: 'Oggetto della gara', required: true, help: 'Come lo indica il bando di gara.', maxLength: 500 },
          { key: 'contractValueCents', type: 'money', label: 'Valore complessivo della procedura', required: true, help: 'L’importo a base di gara indicato nel bando.' },
          { key: 'guaranteedCents', type: 'money', label: 'Importo garantito', required: true, min: 1 },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000b3',
    sector: 'fideiussioni',
    code: 'advancePayment',
    name: 'Anticipazione contrattuale',
    position: 2,
    description: 'La restituzione dell’anticipo sul prezzo del contratto, se la prestazione non viene eseguita.',
    sections: [
      {
        key: 'guarantee',
        title: 'La garanzia',
        questions: [
          { key: 'contractValueCents', type: 'money', label: 'Valore del contratto', required: true, help: 'Il valore del contratto a cui si riferisce la garanzia.' },
          { key: 'guaranteedCents', type: 'money', label: 'Importo garantito', required: true, min: 1 },
          { key: 'cig', type: 'text', label: 'CIG (Codice Identificativo Gara)', required: false, help: 'Il codice di 10 caratteri che l’ANAC assegna alla procedura, indicato nel bando.', format: 'cig' },
          { key: 'tenderObject', type: 'text', label: 'Oggetto della gara', required: false, help: 'Come lo indica il bando di gara.', maxLength: 500 },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000b4',
    sector: 'fideiussioni',
    code: 'finalInstalment',
    name: 'Rata di saldo',
    position: 3,
    description: 'Lo svincolo della rata di saldo prima del collaudo o della verifica di conformità.',
    sections: [
      {
        key: 'guarantee',
        title: 'La garanzia',
        questions: [
          { key: 'contractValueCents', type: 'money', label: 'Valore del contratto', required: true, help: 'Il valore del contratto a cui si riferisce la garanzia.' },
          { key: 'guaranteedCents', type: 'money', label: 'Importo garantito', required: true, min: 1 },
          { key: 'cig', type: 'text', label: 'CIG (Codice Identificativo Gara)', required: false, help: 'Il codice di 10 caratteri che l’ANAC assegna alla procedura, indicato nel bando.', format: 'cig' },
          { key: 'tenderObject', type: 'text', label: 'Oggetto della gara', required: false, help: 'Come lo indica il bando di gara.', maxLength: 500 },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000b5',
    sector: 'fideiussioni',
    code: 'customs',
    name: 'Doganale',
    position: 4,
    description: 'I diritti doganali dovuti all’Agenzia delle Dogane (pagamento differito, depositi).',
    sections: [
      {
        key: 'guarantee',
        title: 'La garanzia',
        questions: [
          { key: 'contractValueCents', type: 'money', label: 'Valore del contratto', required: false, help: 'Il valore del contratto a cui si riferisce la garanzia.' },
          { key: 'guaranteedCents', type: 'money', label: 'Importo garantito', required: true, min: 1 },
          { key: 'cig', type: 'text', label: 'CIG (Codice Identificativo Gara)', required: false, help: 'Il codice di 10 caratteri che l’ANAC assegna alla procedura, indicato nel bando.', format: 'cig' },
          { key: 'tenderObject', type: 'text', label: 'Oggetto della gara', required: false, help: 'Come lo indica il bando di gara.', maxLength: 500 },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000b6',
    sector: 'fideiussioni',
    code: 'rent',
    name: 'Locazione',
    position: 5,
    description: 'Gli obblighi del conduttore verso il locatore in un contratto di locazione, al posto del deposito cauzionale.',
    sections: [
      {
        key: 'guarantee',
        title: 'La garanzia',
        questions: [
          { key: 'contractValueCents', type: 'money', label: 'Valore del contratto', required: false, help: 'Il valore del contratto a cui si riferisce la garanzia.' },
          { key: 'guaranteedCents', type: 'money', label: 'Importo garantito', required: true, min: 1 },
          { key: 'cig', type: 'text', label: 'CIG (Codice Identificativo Gara)', required: false, help: 'Il codice di 10 caratteri che l’ANAC assegna alla procedura, indicato nel bando.', format: 'cig' },
          { key: 'tenderObject', type: 'text', label: 'Oggetto della gara', required: false, help: 'Come lo indica il bando di gara.', maxLength: 500 },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000b7',
    sector: 'fideiussioni',
    code: 'vatRefund',
    name: 'Rimborso IVA',
    position: 6,
    description: 'Il rimborso del credito IVA chiesto all’Agenzia delle Entrate.',
    sections: [
      {
        key: 'guarantee',
        title: 'La garanzia',
        questions: [
          { key: 'contractValueCents', type: 'money', label: 'Valore del contratto', required: false, help: 'Il valore del contratto a cui si riferisce la garanzia.' },
          { key: 'guaranteedCents', type: 'money', label: 'Importo garantito', required: true, min: 1 },
          { key: 'cig', type: 'text', label: 'CIG (Codice Identificativo Gara)', required: false, help: 'Il codice di 10 caratteri che l’ANAC assegna alla procedura, indicato nel bando.', format: 'cig' },
          { key: 'tenderObject', type: 'text', label: 'Oggetto della gara', required: false, help: 'Come lo indica il bando di gara.', maxLength: 500 },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000b8',
    sector: 'fideiussioni',
    code: 'taxRefund',
    name: 'Rimborsi e compensazioni d’imposta',
    position: 7,
    description: 'Rimborsi e compensazioni d’imposta diversi dall’IVA.',
    sections: [
      {
        key: 'guarantee',
        title: 'La garanzia',
        questions: [
          { key: 'contractValueCents', type: 'money', label: 'Valore del contratto', required: false, help: 'Il valore del contratto a cui si riferisce la garanzia.' },
          { key: 'guaranteedCents', type: 'money', label: 'Importo garantito', required: true, min: 1 },
          { key: 'cig', type: 'text', label: 'CIG (Codice Identificativo Gara)', required: false, help: 'Il codice di 10 caratteri che l’ANAC assegna alla procedura, indicato nel bando.', format: 'cig' },
          { key: 'tenderObject', type: 'text', label: 'Oggetto della gara', required: false, help: 'Come lo indica il bando di gara.', maxLength: 500 },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000b9',
    sector: 'fideiussioni',
    code: 'urbanisation',
    name: 'Oneri di urbanizzazione',
    position: 8,
    description: 'Il pagamento rateale degli oneri di urbanizzazione dovuti al Comune per un titolo edilizio.',
    sections: [
      {
        key: 'guarantee',
        title: 'La garanzia',
        questions: [
          { key: 'contractValueCents', type: 'money', label: 'Valore del contratto', required: false, help: 'Il valore del contratto a cui si riferisce la garanzia.' },
          { key: 'guaranteedCents', type: 'money', label: 'Importo garantito', required: true, min: 1 },
          { key: 'cig', type: 'text', label: 'CIG (Codice Identificativo Gara)', required: false, help: 'Il codice di 10 caratteri che l’ANAC assegna alla procedura, indicato nel bando.', format: 'cig' },
          { key: 'tenderObject', type: 'text', label: 'Oggetto della gara', required: false, help: 'Come lo indica il bando di gara.', maxLength: 500 },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000000ba',
    sector: 'fideiussioni',
    code: 'other',
    name: 'Altro',
    position: 9,
    description: 'Una garanzia che non rientra negli altri tipi.',
    sections: [
      {
        key: 'guarantee',
        title: 'La garanzia',
        questions: [
          { key: 'contractValueCents', type: 'money', label: 'Valore del contratto', required: false, help: 'Il valore del contratto a cui si riferisce la garanzia.' },
          { key: 'guaranteedCents', type: 'money', label: 'Importo garantito', required: true, min: 1 },
          { key: 'cig', type: 'text', label: 'CIG (Codice Identificativo Gara)', required: false, help: 'Il codice di 10 caratteri che l’ANAC assegna alla procedura, indicato nel bando.', format: 'cig' },
          { key: 'tenderObject', type: 'text', label: 'Oggetto della gara', required: false, help: 'Come lo indica il bando di gara.', maxLength: 500 },
        ],
      },
    ],
  },
];

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const isWhole = (value: unknown, max: number): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;

/** A stored revenue setting `{percentBp, fixedCents}` as a product commission; null when it is not one. */
export const commissionOfRevenue = (revenue: unknown): TCommission | null => {
  const { percentBp, fixedCents } = asRecord(revenue);
  if (!isWhole(percentBp, 10_000) || !isWhole(fixedCents, 100_000_000)) return null;
  return percentBp > 0 ? { kind: 'percent', percent: percentBp / 100 } : { kind: 'fixed', cents: fixedCents };
};

/** The commission of each sector: the one the admin set in the settings, else the default. */
const storedCommissions = async (db: Kysely<any>): Promise<Record<TSector, TCommission>> => {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', ['altriRamiRevenue', 'fideiussioniConfig']).execute();
  const valueOf = (key: string): unknown => {
    const value: unknown = rows.find((row) => row.key === key)?.value;
    return typeof value === 'string' ? JSON.parse(value) : value;
  };
  return {
    'altri-rami': commissionOfRevenue(valueOf('altriRamiRevenue')) ?? DEFAULT_COMMISSIONS['altri-rami'],
    fideiussioni: commissionOfRevenue(asRecord(valueOf('fideiussioniConfig')).revenue) ?? DEFAULT_COMMISSIONS.fideiussioni,
  };
};

const contentOf = (product: TFrozenProduct, commission: TCommission) => ({ questionnaire: { sections: product.sections }, documents: [], commission });

/**
 * (a) The 22 products of the old catalogue and their version 1, when not there yet (nothing changes for those that
 * are): what the test database's reset seeds again after emptying `products`.
 */
export const seedLegacyProducts = async (db: Kysely<any>): Promise<void> => {
  const commissions = await storedCommissions(db);
  const ids = LEGACY_PRODUCTS_2026_11_27.map((product) => product.id);
  const present = new Set((await db.selectFrom('products').select('id').where('id', 'in', ids).execute()).map((row) => row.id as string));
  const missing = LEGACY_PRODUCTS_2026_11_27.filter((product) => !present.has(product.id));
  if (missing.length > 0) {
    const taken = await db.selectFrom('products').select(['sector', sql<string>`lower(name)`.as('name')]).where('sector', 'in', ['altri-rami', 'fideiussioni']).execute();
    const isTaken = (sector: string, name: string) => taken.some((row) => row.sector === sector && row.name === name.toLowerCase());
    await db
      .insertInto('products')
      .values(
        missing.map((product) => ({
          id: product.id,
          sector: product.sector,
          name: isTaken(product.sector, product.name) ? `${product.name}${RENAMED_SUFFIX}` : product.name,
          description: product.description,
          active: true,
          draft: JSON.stringify(contentOf(product, commissions[product.sector])),
          position: product.position,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  // Version 1 is the draft as inserted (a product of these ids is only ever made here).
  await sql`
    insert into product_versions (product_id, version, name, content)
    select p.id, 1, p.name, p.draft from products p
    where p.id in (${sql.join(ids)}) and not exists (select 1 from product_versions v where v.product_id = p.id and v.version = 1)
    order by p.sector, p.position
    on conflict (product_id, version) do nothing
  `.execute(db);
};

type TVersion = { id: string; name: string; content: { questionnaire: { sections: TFrozenProduct['sections'] }; documents: unknown[]; commission: TCommission } };

const isBlank = (value: unknown): boolean => {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(isBlank);
  return false;
};

/** The answers of the version's questions found in `values` (blanks left out), in the questionnaire's order. */
const answersOf = (version: TVersion, values: Record<string, unknown>): Record<string, unknown> => {
  const answers: Record<string, unknown> = {};
  for (const section of version.content.questionnaire.sections) {
    for (const question of section.questions) if (!isBlank(values[question.key])) answers[question.key] = values[question.key];
  }
  return answers;
};

/**
 * (b) An old practice's data in the new shape, given the version 1 of each legacy product by id; an unknown category
 * or kind (the old check never stored one) falls back to «Altro». Data that has `product` is returned as it is.
 */
export const toProductData = (sector: TSector, data: Record<string, unknown>, versions: ReadonlyMap<string, TVersion>): Record<string, unknown> => {
  if (Object.hasOwn(data, 'product')) return data;
  const versionOf = (code: unknown) => {
    const product =
      LEGACY_PRODUCTS_2026_11_27.find((item) => item.sector === sector && item.code === code) ?? LEGACY_PRODUCTS_2026_11_27.find((item) => item.sector === sector && item.code === 'other')!;
    const version = versions.get(product.id);
    if (!version) throw new Error(`legacy product ${product.id} has no version 1`);
    return version;
  };
  // The question named in titles: the first comune, else the first short text (the application's `subjectKeyOf`).
  const subjectKey = (version: TVersion) => {
    const questions = version.content.questionnaire.sections.flatMap((section) => section.questions);
    return (questions.find((question) => question.type === 'comune') ?? questions.find((question) => question.type === 'text'))?.key;
  };
  const snapshot = (version: TVersion) => {
    const key = subjectKey(version);
    return { id: version.id, version: 1, name: version.name, documents: version.content.documents, commission: version.content.commission, ...(key ? { subjectKey: key } : {}) };
  };
  if (sector === 'altri-rami') {
    const { category, details, ...rest } = data;
    const { address, ...flat } = asRecord(details);
    const place = asRecord(address);
    const version = versionOf(category);
    const values = { ...flat, street: place.street, comune: isBlank(place.comune) ? undefined : { name: place.comune, province: place.province } };
    return { product: snapshot(version), answers: answersOf(version, values), ...rest };
  }
  const { kind, guaranteedCents, contractValueCents, cig, tenderObject, ...rest } = data;
  const version = versionOf(kind);
  return { product: snapshot(version), answers: answersOf(version, { guaranteedCents, contractValueCents, cig, tenderObject }), ...rest };
};

const BATCH = 500;

export const up = async (db: Kysely<any>): Promise<void> => {
  await seedLegacyProducts(db);
  const ids = LEGACY_PRODUCTS_2026_11_27.map((product) => product.id);
  const rows = await db.selectFrom('product_versions').select(['product_id', 'name', 'content']).where('product_id', 'in', ids).where('version', '=', 1).execute();
  const versions = new Map<string, TVersion>(
    rows.map((row) => [row.product_id as string, { id: row.product_id as string, name: row.name as string, content: typeof row.content === 'string' ? JSON.parse(row.content) : row.content }]),
  );
  for (;;) {
    const practices = await db
      .selectFrom('practices')
      .select(['id', 'sector', 'data'])
      .where('sector', 'in', ['altri-rami', 'fideiussioni'])
      .where(sql<boolean>`data -> 'product' is null`)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (practices.length === 0) return;
    const changed = practices.map((row) => ({ id: row.id as string, data: toProductData(row.sector as TSector, asRecord(typeof row.data === 'string' ? JSON.parse(row.data) : row.data), versions) }));
    // One statement per batch (the dashboard's statement triggers run once, not once per practice).
    await sql`
      update practices p set data = v.data
      from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as v(id uuid, data jsonb)
      where p.id = v.id
    `.execute(db);
  }
};

// The old shape is gone from the application: the practices stay as they are, and so do the products (a version
// is append-only, and practices name them).
export const down = async (): Promise<void> => {};
