import { z } from 'zod';
import type { TAnySectorDefinition } from '../../../../shared/practices/definition';
import type { TPracticeSchemaDocument } from '../../../../shared/schemas/practice-live';
import type { TSectorSlug } from '../../../../shared/sectors';
import type { TPracticesEngine } from '../engine/engine.service';

/** A schema as integrators send it (`io: 'input'`: before defaults and normalisation); what JSON cannot say is left open. */
const jsonSchemaOf = (schema: z.ZodType): Record<string, unknown> =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;

/** The example of a transition: its own, or the empty payload. */
const exampleOf = (example: unknown): unknown => (typeof example === 'function' ? (example as () => unknown)() : (example ?? {}));

/** The schema document of a sector (see ZPracticeSchemaDocument); built per call, the examples may depend on today. */
export const practiceSchemaDocument = (definition: TAnySectorDefinition): TPracticeSchemaDocument => ({
  sector: definition.sector,
  data: jsonSchemaOf(definition.data),
  dataExample: definition.example,
  quotation: definition.quotation ? jsonSchemaOf(definition.quotation.input) : null,
  quotationExample: definition.quotation ? definition.quotation.example() : null,
  transitions: Object.fromEntries(
    definition.transitions.map((transition) => [
      transition.name,
      { to: transition.to, label: transition.label, from: [...transition.from], schema: jsonSchemaOf(transition.payload), example: exampleOf(transition.example) },
    ]),
  ),
});

/** `practices.schema` and REST `GET /api/practices/:sector/schema`: public to every signed-in user (no record is read). */
export const createPracticeSchemas = (engine: TPracticesEngine) => {
  const cache = new Map<TSectorSlug, Omit<TPracticeSchemaDocument, 'quotationExample'>>();
  return {
    document: (sector: TSectorSlug): TPracticeSchemaDocument => {
      const definition = engine.internal.definitionOf(sector);
      let known = cache.get(sector);
      if (!known) {
        const { quotationExample: _unused, ...rest } = practiceSchemaDocument(definition);
        known = rest;
        cache.set(sector, known);
      }
      return { ...known, quotationExample: definition.quotation ? definition.quotation.example() : null };
    },
  };
};
