import { z } from 'zod';
import { RCA_COVER_LIST } from '../practices/quotation';
import { RCA_QUESTIONNAIRE, ZQuestion, ZQuestionnaireAnswers, type TQuestionnaireAnswers } from '../practices/questionnaire';
import { zOptionalText, zRequiredText, zText } from './common';
import { ZFileItem } from './files';
import { ZSectorSlug } from './sectors';

/**
 * The pre-contract pack of an insurance practice (issue 15 "Asking for issue"): the intermediary's single
 * pre-contract form (Modulo unico precontrattuale, Reg. IVASS 40/2018 art. 56 and Allegato 3 as amended by Provv.
 * IVASS 97/2020, in place of the former Allegati 3, 4 and 4-ter), kept as an admin-editable template, and the
 * demands-and-needs questionnaire (Reg. IVASS 40/2018 art. 58), pre-filled with the intermediary's, the client's
 * and the chosen quotation's data, signed by the client with a one-time code sent to the client's e-mail through a
 * public page, or on paper (scans uploaded to the practice with docType `precontractSigned`). Kept as practice
 * documents, at least 5 years (art. 67).
 */

/** «a, b e c». */
const listOf = (items: readonly string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} e ${items.at(-1)}`);

export const PRECONTRACT_MSG = {
  notRequiredYet: 'Il pacchetto precontrattuale non è richiesto per questa pratica.',
  questionnaireSaved: 'Questionario salvato.',
  questionnaireMissing: 'Compila prima il questionario delle esigenze e richieste del cliente.',
  quotationMissing: 'Scegli prima una quotazione: il modulo precontrattuale riporta i suoi dati.',
  quotationExpired: 'La quotazione scelta non è più valida: scegline un’altra.',
  clientEmailMissing: 'Il cliente non ha un indirizzo e-mail: aggiungilo alla scheda del cliente oppure carica il modulo firmato su carta.',
  sent: (masked: string) => `Abbiamo inviato al cliente (${masked}) il link per firmare il pacchetto precontrattuale.`,
  alreadySigned: 'Il pacchetto precontrattuale per questa quotazione è già firmato.',
  onlyCorner: 'Solo il corner della pratica (o un amministratore) gestisce il pacchetto precontrattuale.',
  notInQuotation: 'Il pacchetto precontrattuale si prepara mentre la pratica è in quotazione.',
  paperScansMissing: 'Carica prima le scansioni del modulo firmato su carta (tipo documento «Modulo precontrattuale firmato»).',
  paperRecorded: 'Firma su carta registrata.',
  required: 'Per richiedere l’emissione il cliente deve prima firmare il pacchetto precontrattuale (o caricalo firmato su carta).',
  requiredForQuotation: 'Il pacchetto precontrattuale firmato riguarda un’altra quotazione: invialo di nuovo per quella scelta.',
  linkInvalid: 'Il link non è valido o è scaduto: chiedi all’intermediario di inviarne uno nuovo.',
  linkSigned: 'Il pacchetto precontrattuale è già firmato.',
  otpSent: (masked: string) => `Ti abbiamo inviato un codice a ${masked}.`,
  otpMailSubject: 'Codice per firmare i documenti precontrattuali',
  linkMailSubject: 'Documenti precontrattuali da firmare',
  signed: 'Documenti firmati: puoi scaricarne la copia firmata da questa pagina.',
  documentChanged: 'I documenti sono cambiati dopo l’invio del codice: richiedine uno nuovo.',
  templateSaved: 'Modello salvato.',
  /** The intermediary's data of the form are incomplete: no pack leaves with placeholders. */
  intermediaryIncomplete: (gaps: readonly string[]) =>
    `Il pacchetto precontrattuale non può ancora partire: nei dati dell’intermediario mancano ${listOf(gaps)}. Un amministratore li completa in Impostazioni, «Modulo unico precontrattuale».`,
  placeholderUnknown: (name: string) => `Segnaposto sconosciuto: {{${name}}}.`,
} as const;

export const PRECONTRACT_STATUSES = ['missing', 'sent', 'signed', 'paper'] as const;
export type TPrecontractStatus = (typeof PRECONTRACT_STATUSES)[number];
export const PRECONTRACT_STATUS_LABELS: Readonly<Record<TPrecontractStatus, string>> = {
  missing: 'Da preparare',
  sent: 'Inviato al cliente',
  signed: 'Firmato con codice',
  paper: 'Firmato su carta',
};

/** docType of the pack's files on the practice (files subject `practice`). */
export const PRECONTRACT_DOC_TYPES = {
  /** The pack made by the platform, to sign. */
  pack: 'precontractPack',
  /** The pack signed by code, with its evidence page. */
  signedByCode: 'precontractSignedOtp',
  /** Scans of the pack signed on paper, uploaded by the corner (`/api/docs/upload?subjectType=practice&docType=precontractSigned`). */
  paper: 'precontractSigned',
} as const;

/**
 * The demands-and-needs answers as stored and presented, whatever the sector; each sector's questions
 * (shared/practices/questionnaire.ts, its definition's `insurance.questionnaire`) check them.
 */
export const ZPrecontractQuestionnaire = ZQuestionnaireAnswers;
export type TPrecontractQuestionnaire = TQuestionnaireAnswers;
export type TPrecontractQuestionnaireInput = z.input<typeof ZQuestionnaireAnswers>;

/** A complete RC Auto example (tests, the schema document). */
export const PRECONTRACT_QUESTIONNAIRE_EXAMPLE: TPrecontractQuestionnaire = RCA_QUESTIONNAIRE(RCA_COVER_LIST).example;

// ---------------------------------------------------------------------------------------------------------
// The admin's template of the single pre-contract form.

/** The placeholders a template may use, `{{name}}`, with what they hold (the editor lists them). */
export const PRECONTRACT_PLACEHOLDERS = {
  'intermediario.denominazione': 'Denominazione dell’intermediario',
  'intermediario.rui': 'Sezione e numero di iscrizione al RUI',
  'intermediario.dataIscrizione': 'Data di iscrizione al RUI',
  'intermediario.sede': 'Sede legale',
  'intermediario.contatti': 'Telefono, e-mail, PEC e sito dell’intermediario',
  'collaboratore.nome': 'Il corner che segue il cliente (nome o ragione sociale)',
  'collaboratore.email': 'E-mail del corner',
  'cliente.nome': 'Nome e cognome o ragione sociale del cliente',
  'cliente.codiceFiscale': 'Codice fiscale o partita IVA del cliente',
  'cliente.email': 'E-mail del cliente',
  'cliente.indirizzo': 'Indirizzo del cliente',
  'veicolo.descrizione': 'Veicolo (marca, modello, targa o telaio)',
  'quotazione.compagnia': 'Compagnia della quotazione scelta (con codice IVASS)',
  'quotazione.agenzia': 'Agenzia della quotazione scelta',
  'quotazione.premio': 'Premio annuo lordo',
  'quotazione.rate': 'Frazionamento del premio',
  'quotazione.massimali': 'Massimali RC (persone e cose)',
  'quotazione.garanzie': 'Garanzie incluse',
  'quotazione.validita': 'Validità della quotazione',
  'provvigione.descrizione': 'Compenso dell’intermediario (dalla regola rcaRevenue)',
  data: 'Data di preparazione del documento',
} as const;
export type TPrecontractPlaceholder = keyof typeof PRECONTRACT_PLACEHOLDERS;
export const PRECONTRACT_PLACEHOLDER_NAMES = Object.keys(PRECONTRACT_PLACEHOLDERS) as TPrecontractPlaceholder[];

const PLACEHOLDER_PATTERN = /\{\{\s*([\w.]+)\s*\}\}/g;

/** The placeholder names used in a text. */
export const placeholdersOf = (text: string): string[] => [...text.matchAll(PLACEHOLDER_PATTERN)].map((match) => match[1]!);

/** The text with each known placeholder replaced (unknown ones are refused by the template's schema). */
export const fillPlaceholders = (text: string, values: Partial<Record<TPrecontractPlaceholder, string>>): string =>
  text.replace(PLACEHOLDER_PATTERN, (whole, name: string) => (Object.hasOwn(values, name) ? (values[name as TPrecontractPlaceholder] ?? '') : whole));

const zBody = (max: number) =>
  zText()
    .max(max, { error: `Massimo ${max} caratteri.` })
    .superRefine((text, ctx) => {
      for (const name of placeholdersOf(text)) {
        if (!Object.hasOwn(PRECONTRACT_PLACEHOLDERS, name)) ctx.addIssue({ code: 'custom', message: PRECONTRACT_MSG.placeholderUnknown(name) });
      }
    });

/** The RUI number: the section's letter and nine digits (B000123456). */
const RUI_NUMBER = /^[ABDE]\d{9}$/;

/**
 * The registered intermediary the platform distributes for, printed in section I of the form. A draft may leave
 * fields empty (the admin fills them in over time); the pack is refused until `intermediaryGaps` is empty.
 */
export const ZPrecontractIntermediary = z.object({
  /** Denominazione (the registered intermediary the platform distributes for). */
  name: zOptionalText(200),
  ruiSection: z.enum(['A', 'B', 'D', 'E'], { error: 'Sezione del RUI non valida (A, B, D o E).' }),
  ruiNumber: zOptionalText(30).refine((value) => value === '' || RUI_NUMBER.test(value.toUpperCase()), {
    error: 'Numero RUI non valido: la lettera della sezione e 9 cifre, per esempio B000123456.',
  }),
  ruiDate: zOptionalText(30),
  address: zOptionalText(300),
  phone: zOptionalText(40),
  email: zOptionalText(200),
  pec: zOptionalText(200),
  website: zOptionalText(200),
});
export type TPrecontractIntermediary = z.infer<typeof ZPrecontractIntermediary>;

/**
 * What the form needs of the intermediary before a pack may go to a client (Allegato 3, section I: name, RUI
 * registration and its date, registered office, contacts), as the missing items are named to the user.
 */
export const intermediaryGaps = (intermediary: TPrecontractIntermediary): string[] => {
  const gaps: string[] = [];
  if (!intermediary.name.trim()) gaps.push('la denominazione');
  if (!intermediary.ruiNumber.trim()) gaps.push('il numero di iscrizione al RUI');
  if (!intermediary.ruiDate.trim()) gaps.push('la data di iscrizione al RUI');
  if (!intermediary.address.trim()) gaps.push('la sede legale');
  if (![intermediary.phone, intermediary.email, intermediary.pec].some((contact) => contact.trim())) gaps.push('un recapito (telefono, e-mail o PEC)');
  return gaps;
};

export const ZPrecontractTemplateContent = z.object({
  title: zRequiredText(200),
  intermediary: ZPrecontractIntermediary,
  sections: z
    .array(z.object({ title: zRequiredText(200), body: zBody(8000) }))
    .min(1, { error: 'Serve almeno una sezione.' })
    .max(20, { error: 'Al massimo 20 sezioni.' }),
});
export type TPrecontractTemplateContent = z.infer<typeof ZPrecontractTemplateContent>;

/** The template in force: the admin's latest version, or the platform's default (`id` null). */
export const ZPrecontractTemplate = z.object({
  id: z.string().nullable(),
  content: ZPrecontractTemplateContent,
  createdAt: z.date().nullable(),
  createdByName: z.string().nullable(),
});
export type TPrecontractTemplate = z.infer<typeof ZPrecontractTemplate>;

/**
 * The platform's default of the single pre-contract form (its seven sections as IVASS lays them out): the admin
 * completes the intermediary's data and reviews the text, as IVASS revises the form.
 */
export const DEFAULT_PRECONTRACT_TEMPLATE: TPrecontractTemplateContent = {
  title: 'Modulo unico precontrattuale (MUP) per i prodotti assicurativi',
  intermediary: {
    name: '',
    ruiSection: 'B',
    ruiNumber: '',
    ruiDate: '',
    address: '',
    phone: '',
    email: '',
    pec: '',
    website: '',
  },
  sections: [
    {
      title: 'Sezione I - Informazioni generali sull’intermediario che entra in contatto con il contraente',
      body:
        'Intermediario: {{intermediario.denominazione}}, iscritto al Registro unico degli intermediari assicurativi e riassicurativi (RUI), {{intermediario.rui}}, dal {{intermediario.dataIscrizione}}. Sede: {{intermediario.sede}}. Recapiti: {{intermediario.contatti}}.\n' +
        'Il cliente è seguito da {{collaboratore.nome}} ({{collaboratore.email}}), che opera per conto dell’intermediario.\n' +
        'Gli estremi dell’iscrizione possono essere verificati sul sito internet dell’IVASS (www.ivass.it). L’intermediario è soggetto alla vigilanza dell’IVASS.',
    },
    {
      title: 'Sezione II - Informazioni sul modello di distribuzione',
      body: 'L’intermediario distribuisce il contratto proposto, emesso da {{quotazione.compagnia}} tramite {{quotazione.agenzia}}, sulla base di un’analisi dei contratti offerti dalle imprese con cui collabora, in assenza di obblighi contrattuali che impongano di offrire esclusivamente i contratti di una o più imprese.',
    },
    {
      title: 'Sezione III - Informazioni relative a potenziali situazioni di conflitto d’interessi',
      body: 'L’intermediario non detiene partecipazioni dirette o indirette pari o superiori al 10% del capitale sociale o dei diritti di voto di alcuna impresa di assicurazione, né alcuna impresa di assicurazione detiene tali partecipazioni nell’intermediario.',
    },
    {
      title: 'Sezione IV - Informazioni sull’attività di distribuzione e consulenza',
      body: 'L’intermediario non fornisce al contraente una consulenza ai sensi dell’art. 119-ter, comma 3, del Codice delle assicurazioni private. Prima della conclusione del contratto acquisisce le esigenze e le richieste del contraente con il questionario allegato, al fine di proporre un contratto coerente con esse.',
    },
    {
      title: 'Sezione V - Informazioni sulle remunerazioni',
      body: 'Per il contratto proposto (premio annuo {{quotazione.premio}}, frazionamento {{quotazione.rate}}) l’intermediario percepisce un compenso sotto forma di provvigione inclusa nel premio, pari a {{provvigione.descrizione}}.',
    },
    {
      title: 'Sezione VI - Informazioni sul pagamento dei premi',
      body: 'I premi pagati all’intermediario e le somme destinate ai risarcimenti o ai pagamenti dovuti dalle imprese, se regolati per il tramite dell’intermediario, costituiscono patrimonio autonomo e separato dal patrimonio dell’intermediario stesso (art. 117 del Codice delle assicurazioni private).',
    },
    {
      title: 'Sezione VII - Informazioni sugli strumenti di tutela del contraente',
      body: 'Il contraente può presentare reclamo per iscritto all’intermediario ({{intermediario.contatti}}) o all’impresa {{quotazione.compagnia}}; in caso di esito insoddisfacente o di risposta oltre 45 giorni può rivolgersi all’IVASS, Via del Quirinale 21, 00187 Roma, o ai sistemi alternativi di risoluzione delle controversie previsti dalla normativa vigente.',
    },
  ],
};

export const ZSavePrecontractTemplateInput = z.object({ content: ZPrecontractTemplateContent });

// ---------------------------------------------------------------------------------------------------------
// The pack of a practice.

export const ZPrecontract = z.object({
  /** True when the sector's setting asks for the pack (`rcaPrecontrattuale`). */
  required: z.boolean(),
  status: z.enum(PRECONTRACT_STATUSES),
  statusLabel: z.string(),
  questionnaire: ZPrecontractQuestionnaire.nullable(),
  /** The sector's demands-and-needs questions, in order (the form asks them, the pack prints them). */
  questions: z.array(ZQuestion),
  questionnaireAt: z.date().nullable(),
  /** The quotation the pack was sent or signed for. */
  quotationId: z.string().nullable(),
  /** The client's e-mail the signing link went to (masked for brokers). */
  sentTo: z.string().nullable(),
  sentAt: z.date().nullable(),
  linkExpiresAt: z.date().nullable(),
  signedAt: z.date().nullable(),
  paperAt: z.date().nullable(),
  /** The signed pack with its evidence page (`files/<id>`), once signed by code. */
  evidenceUrl: z.string().nullable(),
  /** The pack PDF, the signed PDF and the paper scans. */
  files: z.array(ZFileItem),
});
export type TPrecontract = z.infer<typeof ZPrecontract>;

export const ZPrecontractIdInput = z.object({ sector: ZSectorSlug, id: z.guid({ error: 'Pratica non valida.' }) });
export const ZSaveQuestionnaireInput = ZPrecontractIdInput.extend({ answers: ZPrecontractQuestionnaire });
export type TSaveQuestionnaireInput = z.infer<typeof ZSaveQuestionnaireInput>;

export const ZPrecontractSendResponse = z.object({ message: z.string(), precontract: ZPrecontract });

// ---------------------------------------------------------------------------------------------------------
// The public signing page (the client is not a platform user).

/** The token of the link (`/firma-precontrattuale/:token`): 43 base64url characters. */
export const ZPrecontractToken = z.string({ error: PRECONTRACT_MSG.linkInvalid }).regex(/^[A-Za-z0-9_-]{32,64}$/, { error: PRECONTRACT_MSG.linkInvalid });

export const ZPublicPrecontract = z.object({
  status: z.enum(['sent', 'signed']),
  intermediaryName: z.string(),
  cornerName: z.string(),
  clientName: z.string(),
  maskedEmail: z.string(),
  practiceTitle: z.string(),
  quotation: z
    .object({ companyName: z.string(), premiumCents: z.number().int(), instalments: z.number().int(), validUntil: z.string() })
    .nullable(),
  /** SHA-256 of the pack to sign (shown beside the document). */
  documentSha256: z.string(),
  /** The company's documents attached to the quotation (DIP), downloadable from the page. */
  attachments: z.array(z.object({ index: z.number().int(), name: z.string() })),
  linkExpiresAt: z.date(),
  signedAt: z.date().nullable(),
  otp: z.object({ expiresAt: z.date(), resendAfter: z.date(), attemptsLeft: z.number().int(), maskedDestination: z.string() }).nullable(),
});
export type TPublicPrecontract = z.infer<typeof ZPublicPrecontract>;

export const ZPublicPrecontractOtpResponse = z.object({ message: z.string(), expiresAt: z.date(), resendAfter: z.date(), maskedDestination: z.string() });
export type TPublicPrecontractOtpResponse = z.infer<typeof ZPublicPrecontractOtpResponse>;

export const ZPublicPrecontractSignRequest = z.object({
  otp: z
    .string({ error: 'Il codice è formato da 6 cifre.' })
    .trim()
    .regex(/^\d{6}$/, { error: 'Il codice è formato da 6 cifre.' }),
});
export const ZPublicPrecontractSignResponse = z.object({ message: z.string(), signedAt: z.date() });

// ---------------------------------------------------------------------------------------------------------
// The admin's setup checklist of the pack (shown on the admin dashboard until every item is done).

export const PRECONTRACT_SETUP_KEYS = ['intermediary', 'template', 'rcaPack'] as const;
export const ZPrecontractSetupItem = z.object({
  key: z.enum(PRECONTRACT_SETUP_KEYS),
  label: z.string(),
  done: z.boolean(),
  /** What is missing, or what holds now, in a sentence. */
  detail: z.string(),
  /** Where the admin does it (a client path with its section's anchor). */
  href: z.string(),
});
export const ZPrecontractSetup = z.object({ complete: z.boolean(), items: z.array(ZPrecontractSetupItem) });
export type TPrecontractSetup = z.infer<typeof ZPrecontractSetup>;

/** What each item of the checklist says (the server fills `done` and the missing fields). */
export const PRECONTRACT_SETUP_TEXT = {
  intermediary: { label: 'Dati dell’intermediario nel modulo precontrattuale', done: 'Completi: il modulo li riporta nella sezione I.', missing: (gaps: readonly string[]) => `Mancano ${listOf(gaps)}: finché mancano nessun pacchetto parte verso i clienti.` },
  template: { label: 'Testo del modulo unico precontrattuale rivisto', done: 'In vigore la versione salvata da un amministratore.', missing: 'È ancora il testo predefinito della piattaforma: rileggilo e salvalo.' },
  rcaPack: { label: 'Pacchetto precontrattuale richiesto prima dell’emissione RC Auto', done: 'Richiesto (informativa e questionario firmati dal cliente).', missing: 'Disattivato: le polizze RC Auto si emettono senza informativa e questionario firmati.' },
} as const;

/** A complete intermediary (tests, the demo data): a broker registered in section B of the RUI. */
export const PRECONTRACT_INTERMEDIARY_EXAMPLE: TPrecontractIntermediary = {
  name: 'Broker Esempio S.r.l.',
  ruiSection: 'B',
  ruiNumber: 'B000123456',
  ruiDate: '12/03/2015',
  address: 'Via Dante 7, 20121 Milano (MI)',
  phone: '+39 02 8725 4410',
  email: 'info@brokeresempio.it',
  pec: 'brokeresempio@legalmail.it',
  website: 'www.brokeresempio.it',
};

// ---------------------------------------------------------------------------------------------------------
// The public signing page over tRPC (`practices.precontract.public*`): the token of the link travels in the input,
// the answers are the REST routes' own.

export const ZPublicPrecontractTokenInput = z.object({ token: ZPrecontractToken });
export type TPublicPrecontractTokenInput = z.infer<typeof ZPublicPrecontractTokenInput>;
export const ZPublicPrecontractSignInput = ZPublicPrecontractTokenInput.extend(ZPublicPrecontractSignRequest.shape);
export type TPublicPrecontractSignInput = z.infer<typeof ZPublicPrecontractSignInput>;
