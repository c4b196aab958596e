import { z } from 'zod';
import { ZSectorSlug } from './sectors';

/** `practices.onChange({sector, id?})`: a sector's practices the caller sees, or one of them. */
export const ZPracticeOnChangeInput = z.object({
  sector: ZSectorSlug,
  id: z.guid({ error: 'Pratica non valida.' }).optional(),
  /** A reconnecting client's last event id is accepted and ignored: pages refetch when the connection opens. */
  lastEventId: z.string().max(100).nullish(),
});
export type TPracticeOnChangeInput = z.infer<typeof ZPracticeOnChangeInput>;

/** What happened to a practice (`kind`: the history kind), and its state after. */
export const ZPracticeOnChangeEvent = z.object({ sector: ZSectorSlug, id: z.string(), kind: z.string(), state: z.string() });
export type TPracticeOnChangeEvent = z.infer<typeof ZPracticeOnChangeEvent>;

/** A JSON Schema document (draft 2020-12), as z.toJSONSchema writes it. */
const ZJsonSchema = z.record(z.string(), z.unknown());

/**
 * `practices.schema({sector})`, REST `GET /api/practices/:sector/schema` (integrators): the JSON Schemas of what a
 * sector's calls accept, with a valid example of each.
 */
export const ZPracticeSchemaDocument = z.object({
  sector: ZSectorSlug,
  data: ZJsonSchema,
  dataExample: z.unknown(),
  /** Null for a sector without quotations. */
  quotation: ZJsonSchema.nullable(),
  quotationExample: z.unknown(),
  /** By transition name: the target state (`to` of `POST /:id/transition`), its payload's schema and an example. */
  transitions: z.record(z.string(), z.object({ to: z.string(), label: z.string(), from: z.array(z.string()), schema: ZJsonSchema, example: z.unknown() })),
  /**
   * A product sector (issue 29): its active products at their latest version, each with the JSON Schema of a
   * practice's `data` filled with it (its questionnaire's answers in `answers`) and a valid example to send; null
   * for a sector without products.
   */
  products: z.array(z.object({ id: z.string(), name: z.string(), version: z.number(), jsonSchema: ZJsonSchema, example: z.unknown() })).nullable(),
});
export type TPracticeSchemaDocument = z.infer<typeof ZPracticeSchemaDocument>;
