import { z } from 'zod';
import { endSentence } from '../rules/sentence';
import { ZLedgerEntry } from './ledger';
import { PAYMENT_STATUSES } from '../constants';
import { zText } from './common';
import { ZSectorSlug } from './sectors';

/** Italian texts of the practice engine (issue 15). */
export const PRACTICE_MSG = {
  notFound: 'Pratica non trovata.',
  productInvalid: 'Prodotto non valido.',
  clientInvalid: 'Cliente non valido.',
  idInvalid: 'Pratica non valida.',
  stateUnknown: 'Stato non valido.',
  transitionNotAllowed: (from: string, to: string) => `Passaggio non consentito da «${from}» a «${to}».`,
  roleNotAllowed: (label: string) => `Non puoi eseguire «${label}» su questa pratica.`,
  chooseQuotation: 'Scegli prima una quotazione.',
  openDuplicate: (label: string, value: string, title: string, state: string) =>
    `Esiste già una pratica aperta per il ${label} ${value}: «${title}» (${state}). Aggiorna quella invece di aprirne un’altra.`,
  openDuplicateElsewhere: (label: string, value: string) => `Il ${label} ${value} ha già una pratica aperta presso un altro intermediario della piattaforma.`,
  missingPolicyDocuments: (labels: readonly string[]) =>
    labels.length === 1
      ? `Per emettere carica prima il documento: ${labels[0]}. Il corner lo troverà nella sezione Documenti della pratica.`
      : `Per emettere carica prima i documenti: ${labels.join(', ')}. Il corner li troverà nella sezione Documenti della pratica.`,
  missingDocuments: (labels: readonly string[]) =>
    labels.length === 1
      ? `Manca il documento obbligatorio: ${labels[0]}. Caricalo nella sezione Documenti della pratica.`
      : `Mancano i documenti obbligatori: ${labels.join(', ')}. Caricali nella sezione Documenti della pratica.`,
  takeFirst: 'Prendi prima in carico la pratica.',
  takenBy: (name: string) => endSentence(`La pratica è in carico a ${name}`),
  alreadyTaken: (name: string) => endSentence(`La pratica è già stata presa in carico da ${name}`),
  notEditable: (state: string) => `La pratica in stato «${state}» non si può più modificare.`,
  finalState: (state: string) => `La pratica è chiusa («${state}»).`,
  changedMeanwhile: 'La pratica è stata cambiata nel frattempo: ricarica la pagina e riprova.',
  brokerCannotCreate: 'Solo il corner del cliente può aprire una pratica.',
  onlyCornerEdits: 'Solo il corner della pratica può modificarne i dati.',
  onlyBrokerTakes: 'Solo un broker del settore può prendere in carico la pratica.',
  unknownUser: 'Utente sconosciuto',
  pageInvalid: 'Pagina non valida.',
  limitInvalid: 'Limite non valido.',
  sortInvalid: 'Ordinamento non valido.',
  fromInvalid: 'Data «Dal» non valida.',
  toInvalid: 'Data «Al» non valida.',
} as const;

export const PRACTICE_SORTS = ['newest', 'oldest', 'waiting', 'updated'] as const;
export type TPracticeSort = (typeof PRACTICE_SORTS)[number];

export const PRACTICE_EVENT_KINDS = ['created', 'data_changed', 'state_changed', 'taken', 'assigned', 'released', 'quotation_added', 'quotation_changed', 'note', 'payment_requested', 'renewal_opened', 'renewal_reminded'] as const;
export type TPracticeEventKind = (typeof PRACTICE_EVENT_KINDS)[number];

const ZPracticeId = z.guid({ error: PRACTICE_MSG.idInvalid });

export const ZPracticeSectorInput = z.object({ sector: ZSectorSlug });

/** The lists' filters (corner list, broker worklist, REST `GET /api/practices/:sector`). */
export const ZListPracticesQuery = z.object({
  page: z.coerce.number({ error: PRACTICE_MSG.pageInvalid }).int().min(1).default(1),
  limit: z.coerce.number({ error: PRACTICE_MSG.limitInvalid }).int().min(1).max(200).default(20),
  state: zText().trim().max(40).optional(),
  clientId: z.guid({ error: PRACTICE_MSG.clientInvalid }).optional(),
  cornerId: z.guid({ error: PRACTICE_MSG.clientInvalid }).optional(),
  q: zText().trim().max(100).optional(),
  /** Created from this instant (inclusive) to that one (exclusive). */
  from: z.coerce.date({ error: PRACTICE_MSG.fromInvalid }).optional(),
  to: z.coerce.date({ error: PRACTICE_MSG.toInvalid }).optional(),
  /** Utilities: the offer's code, a POD or PDR (exact, any case or blanks), the expected start from/to (ISO dates, inclusive). */
  offerId: zText().trim().max(60).optional(),
  /** Altri rami, fideiussioni: the product's id (issue 29), any of its versions. */
  productId: z.guid({ error: PRACTICE_MSG.productInvalid }).optional(),
  supplyCode: zText()
    .trim()
    .max(40)
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .optional(),
  expectedFrom: zText({ error: PRACTICE_MSG.fromInvalid }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, { error: PRACTICE_MSG.fromInvalid }).optional(),
  expectedTo: zText({ error: PRACTICE_MSG.toInvalid }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, { error: PRACTICE_MSG.toInvalid }).optional(),
  /** `waiting`: oldest state change first (the brokers' worklist). */
  sort: z.enum(PRACTICE_SORTS, { error: PRACTICE_MSG.sortInvalid }).default('newest'),
  /**
   * Only practices still open (not in a final state of the sector: the brokers' worklist never shows closed ones);
   * a `state` asked for explicitly wins. `true`/`false`, also as query-string text.
   */
  open: z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean({ error: 'Valore non valido: true o false.' })).optional(),
});
export type TListPracticesQuery = z.infer<typeof ZListPracticesQuery>;
export const ZListPracticesInput = ZListPracticesQuery.extend({ sector: ZSectorSlug });

export const ZPracticeIdInput = z.object({ sector: ZSectorSlug, id: ZPracticeId });

/** `data` is checked by the sector's own schema in the service. */
export const ZCreatePracticeInput = z.object({ sector: ZSectorSlug, clientId: z.guid({ error: PRACTICE_MSG.clientInvalid }), data: z.unknown() });
export type TCreatePracticeInput = z.infer<typeof ZCreatePracticeInput>;

export const ZUpdatePracticeInput = z.object({ sector: ZSectorSlug, id: ZPracticeId, data: z.unknown() });

/** `to` names the target state; `payload` is checked by the transition's own schema. */
export const ZPracticeTransitionInput = z.object({
  sector: ZSectorSlug,
  id: ZPracticeId,
  to: z.string({ error: PRACTICE_MSG.stateUnknown }).min(1, { error: PRACTICE_MSG.stateUnknown }).max(40),
  payload: z.record(z.string(), z.unknown()).default({}),
});
export type TPracticeTransitionInput = z.infer<typeof ZPracticeTransitionInput>;

export const ZPracticePolicy = z.object({ number: z.string(), effectiveDate: z.string(), expiryDate: z.string(), graceUntil: z.string() });
export type TPracticePolicy = z.infer<typeof ZPracticePolicy>;
export const ZPracticePayment = z.object({ id: z.string(), amountCents: z.number().int(), status: z.enum(PAYMENT_STATUSES) });
export type TPracticePayment = z.infer<typeof ZPracticePayment>;
export const ZPracticeRequiredDoc = z.object({ docType: z.string(), label: z.string(), required: z.boolean() });

/**
 * What a transition the caller may make now still needs, as the server's requirement checks word it (the missing
 * documents, the contract to sign, the pre-contract pack...): empty when nothing is missing. A preview read when the
 * practice is fetched; the transition checks again when it is made.
 */
export const ZPracticeBlocker = z.object({ transition: z.string(), reasons: z.array(z.string()) });
export type TPracticeBlocker = z.infer<typeof ZPracticeBlocker>;

export const ZPractice = z.object({
  id: z.string(),
  sector: ZSectorSlug,
  clientId: z.string(),
  cornerId: z.string(),
  brokerId: z.string().nullable(),
  brokerName: z.string().nullable(),
  /** The client's display name and the corner's, for lists. */
  clientName: z.string(),
  cornerName: z.string(),
  state: z.string(),
  stateLabel: z.string(),
  title: z.string(),
  data: z.unknown(),
  dataVersion: z.number().int(),
  commissionCents: z.number().int().nullable(),
  /** The issued policy; `graceUntil` = expiry + 15 days (cover runs on, art. 170-bis Codice delle assicurazioni). */
  policy: ZPracticePolicy.nullable(),
  /** Why it was refused or sent back to quotation (the corner sees it). */
  outcomeReason: z.string().nullable(),
  /** The issued practice this one renews, and the practice opened to renew this one. */
  renewalOfId: z.string().nullable(),
  renewedById: z.string().nullable(),
  /** The payment request raised by asking for issue (the latest). */
  payment: ZPracticePayment.nullable(),
  /** The documents the sector's settings ask for (`rcaDocs`). */
  requiredDocs: z.array(ZPracticeRequiredDoc),
  /** The issued policy's documents the broker files before issuing (insurance; none for a utility). */
  policyDocs: z.array(z.object({ docType: z.string(), label: z.string() })),
  /** Utilities: when the supply is expected to start (the timeline's rule), started and ended (ISO dates). */
  expectedStartDate: z.string().nullable(),
  supplyStartDate: z.string().nullable(),
  supplyEndDate: z.string().nullable(),
  /** The corner's ledger entries of this practice (commission, clawback), oldest first. */
  ledger: z.array(ZLedgerEntry),
  /** One practice fetched alone (`get`): per transition the caller may make now, what it still needs. Absent in lists. */
  blockers: z.array(ZPracticeBlocker).optional(),
  createdAt: z.date(),
  updatedAt: z.date(),
  stateChangedAt: z.date(),
});
export type TPractice = z.infer<typeof ZPractice>;

export const ZPracticeList = z.object({ list: z.array(ZPractice), total: z.number().int() });
export type TPracticeList = z.infer<typeof ZPracticeList>;

export const ZPracticeChange = z.object({ path: z.string(), from: z.unknown(), to: z.unknown() });
export type TPracticeChange = z.infer<typeof ZPracticeChange>;

export const ZPracticeHistoryEntry = z.object({
  id: z.string(),
  at: z.date(),
  kind: z.string(),
  actorId: z.string(),
  actorName: z.string(),
  impersonatorId: z.string().nullable(),
  impersonatorName: z.string().nullable(),
  fromState: z.string().nullable(),
  toState: z.string().nullable(),
  changes: z.array(ZPracticeChange),
  payload: z.record(z.string(), z.unknown()),
});
export type TPracticeHistoryEntry = z.infer<typeof ZPracticeHistoryEntry>;
