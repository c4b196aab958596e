import { z } from 'zod';
import { ZQuestionnaire } from '../products/questionnaire';
import { SECTOR_LIST, type TSectorSlug } from '../sectors';
import { zText } from './common';

/**
 * Products the admin builds (issue 29): in the insurance sectors whose catalogue is data (altri rami: home, injury,
 * health...; fideiussioni: rent, tender, contract bonds), each product has a questionnaire (what the corner is
 * asked), the documents it needs and the commission it earns. The admin edits a **draft**; **publishing** freezes it
 * as the next **version**; a practice keeps the version it was filled with, so changing or retiring a product never
 * breaks an old practice. A product is never deleted, only retired (`active: false`: it can no longer be chosen).
 */

/** The sectors whose products the admin builds: the sectors declaring `products` in shared/sectors.ts. */
export const PRODUCT_SECTORS = SECTOR_LIST.filter((sector) => 'products' in sector).map((sector) => sector.slug);
export const isProductSector = (value: string): value is TSectorSlug => (PRODUCT_SECTORS as readonly string[]).includes(value);

export const PRODUCT_MSG = {
  sectorInvalid: 'Questo settore non ha prodotti configurabili.',
  notFound: 'Prodotto non trovato.',
  versionNotFound: 'Versione del prodotto non trovata.',
  nameRequired: 'Indica il nome del prodotto (al massimo 120 caratteri).',
  nameTaken: 'Esiste già un prodotto con questo nome nel settore.',
  descriptionTooLong: 'La descrizione può avere al massimo 1000 caratteri.',
  docKeyInvalid: 'Codice documento non valido: lettere minuscole, cifre e «-», al massimo 50 caratteri, iniziando con una lettera.',
  docKeyDuplicate: 'Codice documento ripetuto.',
  docNameRequired: 'Indica il nome del documento (al massimo 100 caratteri).',
  docsTooMany: 'Al massimo 30 documenti.',
  percentInvalid: 'Indica una percentuale da 0 a 100, con al massimo due decimali.',
  centsInvalid: 'Indica un importo in centesimi, intero, da 0 a 1.000.000 €.',
  nothingToPublish: 'Nessuna modifica da pubblicare: la bozza è uguale all’ultima versione.',
  published: (version: number) => `Versione ${version} pubblicata.`,
  copyOf: (name: string) => `Copia di ${name}`.slice(0, 120),
  positionInvalid: 'Posizione non valida.',
} as const;

const M = PRODUCT_MSG;
const SLUG = /^[a-z][a-z0-9-]{0,49}$/;

/** A document the product's practices need (uploaded by the corner). */
export const ZProductDocument = z.object({
  key: zText({ error: M.docKeyInvalid }).regex(SLUG, { error: M.docKeyInvalid }),
  name: zText({ error: M.docNameRequired }).trim().min(1, { error: M.docNameRequired }).max(100, { error: M.docNameRequired }),
  required: z.boolean(),
});
export type TProductDocument = z.infer<typeof ZProductDocument>;

/** What a practice of the product earns its corner when issued: a percent of the premium or a fixed amount. */
export const ZProductCommission = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('percent'),
    percent: z
      .number({ error: M.percentInvalid })
      .min(0, { error: M.percentInvalid })
      .max(100, { error: M.percentInvalid })
      .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, { error: M.percentInvalid }),
  }),
  z.object({ kind: z.literal('fixed'), cents: z.number({ error: M.centsInvalid }).int({ error: M.centsInvalid }).min(0, { error: M.centsInvalid }).max(100_000_000, { error: M.centsInvalid }) }),
]);
export type TProductCommission = z.infer<typeof ZProductCommission>;

/** What a draft holds and a version freezes. */
export const ZProductContent = z.object({
  questionnaire: ZQuestionnaire,
  documents: z
    .array(ZProductDocument)
    .max(30, { error: M.docsTooMany })
    .superRefine((docs, ctx) => {
      const seen = new Set<string>();
      docs.forEach((doc, index) => {
        if (seen.has(doc.key)) ctx.addIssue({ code: 'custom', path: [index, 'key'], message: M.docKeyDuplicate });
        seen.add(doc.key);
      });
    }),
  commission: ZProductCommission,
});
export type TProductContent = z.infer<typeof ZProductContent>;

const zName = zText({ error: M.nameRequired }).trim().min(1, { error: M.nameRequired }).max(120, { error: M.nameRequired });
const zDescription = zText({ error: M.descriptionTooLong }).trim().max(1000, { error: M.descriptionTooLong });

/** POST /api/admin/products/:sector: a new product (its draft; nothing published yet). */
export const ZProductInput = z.object({
  name: zName,
  description: zDescription.default(''),
  active: z.boolean().default(true),
  content: ZProductContent,
});
export type TProductInput = z.input<typeof ZProductInput>;

/** PATCH /api/admin/products/:sector/:id: any of the fields; `content` replaces the draft. */
export const ZProductPatch = z
  .object({
    name: zName,
    description: zDescription,
    active: z.boolean(),
    position: z.number({ error: M.positionInvalid }).int({ error: M.positionInvalid }).min(0, { error: M.positionInvalid }).max(10_000, { error: M.positionInvalid }),
    content: ZProductContent,
  })
  .partial();
export type TProductPatch = z.input<typeof ZProductPatch>;

export const ZProductSectorInput = z.object({ sector: z.string().refine(isProductSector, { error: M.sectorInvalid }) });
export const ZProductIdInput = ZProductSectorInput.extend({ id: z.uuid({ error: M.notFound }) });
export const ZProductVersionInput = ZProductIdInput.extend({ version: z.coerce.number({ error: M.versionNotFound }).int({ error: M.versionNotFound }).min(1, { error: M.versionNotFound }).max(100_000, { error: M.versionNotFound }) });

export const ZProductVersionSummary = z.object({ version: z.number(), name: z.string(), publishedAt: z.date(), publishedBy: z.string().nullable() });

export const ZProduct = z.object({
  id: z.string(),
  sector: z.string(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  position: z.number(),
  draft: ZProductContent,
  /** The latest published version, null until the first publication. */
  latestVersion: z.number().nullable(),
  /** Whether the draft differs from the latest version (something to publish). */
  draftChanged: z.boolean(),
  versions: z.array(ZProductVersionSummary),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TProduct = z.infer<typeof ZProduct>;

/** One frozen version: what a practice of it was filled with. */
export const ZProductVersion = z.object({
  productId: z.string(),
  sector: z.string(),
  name: z.string(),
  version: z.number(),
  content: ZProductContent,
  publishedAt: z.date(),
});
export type TProductVersion = z.infer<typeof ZProductVersion>;

/** A product a corner can choose now (active, published): its latest version. */
export const ZOfferedProduct = ZProductVersion.extend({ description: z.string() });
export type TOfferedProduct = z.infer<typeof ZOfferedProduct>;
