import { z } from 'zod';
import { ZQuotationCover } from '../practices/quotation';
import { ZFileItem } from './files';
import { ZSectorSlug } from './sectors';

/** Italian texts of a practice's quotations (issue 15). */
export const QUOTATIONS_MSG = {
  notFound: 'Quotazione non trovata.',
  idInvalid: 'Quotazione non valida.',
  notQuotating: (state: string) => `Le quotazioni si aggiungono e si scelgono solo mentre la pratica è in quotazione (ora: «${state}»).`,
  onlyBrokerQuotes: 'Solo il broker del settore che ha in carico la pratica può aggiungere o modificare quotazioni.',
  onlyCornerChooses: 'Solo il corner della pratica può scegliere la quotazione.',
  expired: 'La quotazione è scaduta: chiedi al broker di aggiornarla.',
  chosenMismatch: 'La quotazione indicata non è quella scelta: scegline una prima di richiedere l’emissione.',
  fileNotPdf: 'Il preventivo deve essere un file PDF.',
  oneFile: 'Allega un solo file PDF (file0).',
  bodyMissing: 'Manca la quotazione (parte «body» in JSON).',
  added: 'Quotazione aggiunta.',
} as const;

const ZQuotationId = z.guid({ error: QUOTATIONS_MSG.idInvalid });
const ZPracticeId = z.guid({ error: 'Pratica non valida.' });

/** A quotation of a practice as the API answers it. */
export const ZQuotation = z.object({
  id: z.string(),
  practiceId: z.string(),
  /** The company of the admin list, or null when the broker typed a company the list does not know. */
  companyId: z.string().nullable(),
  companyName: z.string(),
  ivassCode: z.string().nullable(),
  agencyId: z.string().nullable(),
  agencyName: z.string().nullable(),
  premiumCents: z.number().int(),
  instalments: z.number().int(),
  /** RC Auto's limits per claim (injury, property); null on a quotation with an insured sum. */
  personInjuryCents: z.number().int().nullable(),
  propertyDamageCents: z.number().int().nullable(),
  /** The sum insured or guaranteed (altri rami, fideiussioni); null on a RC Auto quotation. */
  insuredCents: z.number().int().nullable(),
  covers: z.array(ZQuotationCover),
  conditions: z.string(),
  /** ISO date (YYYY-MM-DD), last day it may be chosen. */
  validUntil: z.string(),
  chosen: z.boolean(),
  /** Whether it may still be chosen today (validUntil not past). */
  stillValid: z.boolean(),
  /** The quotation PDF (files module item), null when none was sent. */
  file: ZFileItem.nullable(),
  createdById: z.string(),
  createdByName: z.string(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TQuotation = z.infer<typeof ZQuotation>;

/** `quotation` is checked by the sector's own quotation schema (legal minimums of the vehicle type) in the service. */
export const ZCreateQuotationInput = z.object({ sector: ZSectorSlug, id: ZPracticeId, quotation: z.unknown() });
export const ZUpdateQuotationInput = z.object({ sector: ZSectorSlug, id: ZPracticeId, qid: ZQuotationId, quotation: z.unknown() });
export const ZQuotationIdInput = z.object({ sector: ZSectorSlug, id: ZPracticeId, qid: ZQuotationId });
