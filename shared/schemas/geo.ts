import { z } from 'zod';
import { zText } from './common';

/** Italian messages of the reference data (regions, provinces, comuni, foreign countries). */
export const GEO_MSG = {
  istat: 'Codice ISTAT non valido: sono 6 cifre.',
  comuneNotFound: 'Comune non trovato.',
  mergeTargetNotFound: 'Il comune in cui unire non esiste.',
  mergeIntoItself: 'Un comune non può essere unito a sé stesso.',
  mergeIntoMerged: 'Il comune di destinazione è a sua volta unito a un altro comune.',
  name: 'Indica il nome del comune (al massimo 100 caratteri).',
  cap: 'CAP non valido: sono 5 cifre.',
  capsRequired: 'Indica almeno un CAP.',
  capsTooMany: 'Troppi CAP (al massimo 200).',
  search: 'Scrivi da 1 a 60 caratteri.',
  province: 'Sigla di provincia non valida.',
} as const;

export const ZIstatCode = z.string({ error: GEO_MSG.istat }).regex(/^\d{6}$/, { error: GEO_MSG.istat });
export const ZCap = z.string({ error: GEO_MSG.cap }).regex(/^\d{5}$/, { error: GEO_MSG.cap });
export const ZCadastralCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]\d{3}$/, { error: 'Codice catastale non valido.' });

export const ZRegion = z.object({ code: z.string(), name: z.string() });
export type TRegion = z.infer<typeof ZRegion>;

export const ZProvince = z.object({ code: z.string(), sigla: z.string(), name: z.string(), regionCode: z.string() });
export type TProvince = z.infer<typeof ZProvince>;

/** A comune as the pickers show it: "Milano (MI)". */
export const ZComune = z.object({
  istat: z.string(),
  name: z.string(),
  sigla: z.string(),
  provinceName: z.string(),
  cadastralCode: z.string(),
  caps: z.array(z.string()),
  active: z.boolean(),
  mergedInto: z.string().nullable(),
});
export type TComune = z.infer<typeof ZComune>;

/** A comune as the admin page lists it, with its population and last change. */
export const ZAdminComune = ZComune.extend({ population: z.number().int().nullable(), updatedAt: z.date() });
export type TAdminComune = z.infer<typeof ZAdminComune>;

export const ZCountry = z.object({ code: z.string(), name: z.string() });
export type TCountry = z.infer<typeof ZCountry>;

/** What a codice catastale names: an Italian comune, or (Z codes) a foreign country. */
export const ZCadastralPlace = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('comune'), comune: ZComune }),
  z.object({ kind: z.literal('country'), country: ZCountry }),
]);
export type TCadastralPlace = z.infer<typeof ZCadastralPlace>;

/** GET /api/geo/comuni: typing search (name prefix first, then contains), optionally within one province. */
export const ZSearchComuniQuery = z.object({
  q: zText({ error: GEO_MSG.search }).trim().min(1, { error: GEO_MSG.search }).max(60, { error: GEO_MSG.search }),
  province: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, { error: GEO_MSG.province }).optional(),
  limit: z.coerce.number({ error: 'Limite non valido.' }).int().min(1).max(50).default(10),
});
export type TSearchComuniQuery = z.infer<typeof ZSearchComuniQuery>;

export const GEO_SORTS = ['name', '-name', 'province', 'istat', '-istat'] as const;

/** GET /api/admin/geo/comuni: every comune (merged and inactive too), search, province filter, sort, paging. */
export const ZAdminComuniQuery = z.object({
  q: zText().trim().max(60).optional(),
  province: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, { error: GEO_MSG.province }).optional(),
  page: z.coerce.number({ error: 'Pagina non valida.' }).int().min(1).default(1),
  limit: z.coerce.number({ error: 'Limite non valido.' }).int().min(1).max(200).default(25),
  sort: z.enum(GEO_SORTS).default('name'),
});
export type TAdminComuniQuery = z.infer<typeof ZAdminComuniQuery>;

export const ZAdminComuniList = z.object({ list: z.array(ZAdminComune), total: z.number().int() });

/** The editable fields of a comune (PATCH /api/admin/geo/comuni/:istat); `mergedInto: null` undoes a merge. */
export const ZUpdateComuneFields = z.object({
  name: zText({ error: GEO_MSG.name }).trim().min(1, { error: GEO_MSG.name }).max(100, { error: GEO_MSG.name }).optional(),
  caps: z.array(ZCap).min(1, { error: GEO_MSG.capsRequired }).max(200, { error: GEO_MSG.capsTooMany }).optional(),
  active: z.boolean().optional(),
  mergedInto: ZIstatCode.nullable().optional(),
});
export const ZUpdateComune = ZUpdateComuneFields.extend({ istat: ZIstatCode });
export type TUpdateComune = z.infer<typeof ZUpdateComune>;
