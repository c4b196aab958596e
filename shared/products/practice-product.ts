import { z } from 'zod';
import { ZProductCommission, ZProductDocument, type TProductCommission, type TProductDocument } from '../schemas/products';
import type { TRcaDoc } from '../practices/sector-docs';
import { questionsOf, type TQuestionnaire } from './questionnaire';

/**
 * The product a practice of a product sector (altri rami, fideiussioni: issue 29) was filled with. The caller names
 * the product and the version it answered (`{id, version}`); the server checks them (the version must be the
 * product's latest and the product active for a new choice; a practice keeps its own version forever) and stores a
 * snapshot of what the version says besides its questions: its name, the documents it needs and its commission.
 * The answers (`data.answers`) are checked by that version's questionnaire (`answersSchemaOf`).
 */

export const PRACTICE_PRODUCT_MSG = {
  productRequired: 'Scegli il prodotto.',
  productUnknown: 'Prodotto non trovato: scegline uno dall’elenco.',
  productRetired: 'Questo prodotto non è più offerto: scegline un altro.',
  versionOutdated: (latest: number) => `Il questionario del prodotto è stato aggiornato (versione ${latest}): ricarica il modulo e rispondi di nuovo.`,
  productChangeLocked: 'Il prodotto di una pratica non si cambia dopo la prima quotazione.',
  answersInvalid: 'Risposte al questionario non valide.',
} as const;

const M = PRACTICE_PRODUCT_MSG;

/** What a practice's `data.product` holds: the caller's `{id, version}`, the rest filled by the server. */
export const ZPracticeProduct = z.object(
  {
    id: z.guid({ error: M.productRequired }),
    version: z.number({ error: M.productRequired }).int({ error: M.productRequired }).min(1, { error: M.productRequired }).max(100_000, { error: M.productRequired }),
    /** Filled by the server from the version (what a caller sends here is replaced). */
    name: z.string().max(120).optional(),
    documents: z.array(ZProductDocument).max(30).optional(),
    commission: ZProductCommission.optional(),
    subjectKey: z.string().max(40).optional(),
  },
  { error: M.productRequired },
);
export type TPracticeProduct = z.output<typeof ZPracticeProduct>;

/** The stored snapshot (after the server's check): every field present. */
export type TPracticeProductSnapshot = {
  id: string;
  version: number;
  name: string;
  documents: TProductDocument[];
  commission: TProductCommission;
  /** The question whose answer names what the practice is about in its title (`subjectKeyOf`); absent when none. */
  subjectKey?: string;
};

/**
 * The question that names what a practice of the version is about (its title's second part): the first comune asked
 * (the dwelling's), else the first short text (the occupation, the destination, the activity). Kept in the snapshot
 * because stored answers have no order (PostgreSQL's jsonb sorts keys).
 */
export const subjectKeyOf = (questionnaire: TQuestionnaire): string | undefined => {
  const questions = questionsOf(questionnaire);
  return (questions.find((question) => question.type === 'comune') ?? questions.find((question) => question.type === 'text'))?.key;
};

/** The answers as sent (an object keyed by question); checked against the version's questionnaire by the server. */
export const zPracticeAnswers = () =>
  z
    .record(z.string(), z.unknown(), { error: M.answersInvalid })
    .nullish()
    .transform((value) => value ?? {})
    .meta({ description: 'Risposte al questionario della versione del prodotto scelto: { chiave della domanda: risposta }. Lo schema di ciascun prodotto è in `products[].jsonSchema`.' });

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The product snapshot of a practice's data (null when there is none, or not yet filled by the server). */
export const productOfData = (data: unknown): TPracticeProductSnapshot | null => {
  const product = asObject(asObject(data)?.product);
  if (!product || typeof product.id !== 'string' || typeof product.version !== 'number' || typeof product.name !== 'string') return null;
  return {
    id: product.id,
    version: product.version,
    name: product.name,
    documents: Array.isArray(product.documents) ? (product.documents as TProductDocument[]) : [],
    commission: (asObject(product.commission) as TProductCommission | undefined) ?? { kind: 'percent', percent: 0 },
    ...(typeof product.subjectKey === 'string' ? { subjectKey: product.subjectKey } : {}),
  };
};

/** The answers of a practice's data (an empty object when none). */
export const answersOfData = (data: unknown): Record<string, unknown> => asObject(asObject(data)?.answers) ?? {};

/** The product's name as a title's first part ("" when the data names none yet). */
export const productNameOf = (data: unknown): string => productOfData(data)?.name ?? '';

/** The documents the practice's product asks for, as the sector's documents are listed (its key is the document type). */
export const productDocsOf = (data: unknown): TRcaDoc[] => (productOfData(data)?.documents ?? []).map((doc) => ({ docType: doc.key, label: doc.name, required: doc.required }));

/**
 * The documents a product practice needs: the sector's (identity, tax code...) and the product's, the product's
 * winning on the same document type.
 */
export const withProductDocs = (sectorDocs: readonly TRcaDoc[], data: unknown): TRcaDoc[] => {
  const own = productDocsOf(data);
  if (own.length === 0) return [...sectorDocs];
  const ownTypes = new Set(own.map((doc) => doc.docType));
  return [...sectorDocs.filter((doc) => !ownTypes.has(doc.docType)), ...own];
};

/** The commission of an issued policy of the product on a premium, in cents: a share (rounded to the cent) or a fixed amount. */
export const productCommissionCents = (commission: TProductCommission, premiumCents: number): number =>
  commission.kind === 'fixed' ? commission.cents : Math.round((premiumCents * Math.round(commission.percent * 100)) / 10_000);

/** An answer as the subject of a title: a comune as «Milano (MI)», a text as it is; '' for anything else. */
export const subjectTextOf = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const comune = asObject(value);
  return comune && typeof comune.name === 'string' ? `${comune.name}${typeof comune.province === 'string' ? ` (${comune.province})` : ''}` : '';
};

/** The text a product practice's answers add to the lists' search: every text, choice and comune answered. */
export const answersSearchText = (answers: Record<string, unknown>): string =>
  Object.values(answers)
    .flatMap((value) => {
      if (typeof value === 'string') return [value];
      if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
      const comune = asObject(value);
      return comune && typeof comune.name === 'string' ? [comune.name] : [];
    })
    .join(' ');
