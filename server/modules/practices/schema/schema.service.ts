import { z } from 'zod';
import type { TAnySectorDefinition } from '../../../../shared/practices/definition';
import type { TPracticeSchemaDocument } from '../../../../shared/schemas/practice-live';
import type { TSectorSlug } from '../../../../shared/sectors';
import type { TPracticesEngine } from '../engine/engine.service';
import type { TPracticesNeeds } from '../engine/types';
import { exampleOf as productExampleOf, jsonSchemaOf as productJsonSchemaOf } from '../../../../shared/products/json-schema';
import { isProductSector, type TOfferedProduct } from '../../../../shared/schemas/products';

/** A schema as integrators send it (`io: 'input'`: before defaults and normalisation); what JSON cannot say is left open. */
const jsonSchemaOf = (schema: z.ZodType): Record<string, unknown> =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;

/** The example of a transition: its own, or the empty payload. */
const exampleOf = (example: unknown): unknown => (typeof example === 'function' ? (example as () => unknown)() : (example ?? {}));

/** The schema document of a sector without its products (see ZPracticeSchemaDocument); the examples may depend on today. */
export const practiceSchemaDocument = (definition: TAnySectorDefinition): Omit<TPracticeSchemaDocument, 'products'> => ({
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

/**
 * A product's entry of the document: the sector's data schema whose `product` names this version and whose
 * `answers` are its questionnaire's, and the sector's example filled with this product and its example answers.
 */
const productEntry = (dataSchema: Record<string, unknown>, dataExample: unknown, product: TOfferedProduct) => {
  const properties = { ...((dataSchema.properties as Record<string, unknown> | undefined) ?? {}) };
  properties.product = {
    type: 'object',
    properties: { id: { const: product.productId }, version: { const: product.version } },
    required: ['id', 'version'],
    description: `${product.name}, versione ${product.version}: nome, documenti e provvigione sono compilati dal server.`,
  };
  properties.answers = productJsonSchemaOf(product.content.questionnaire);
  return {
    id: product.productId,
    name: product.name,
    version: product.version,
    jsonSchema: { ...dataSchema, properties },
    example: { ...(dataExample as object), product: { id: product.productId, version: product.version }, answers: productExampleOf(product.content.questionnaire) },
  };
};

/** `practices.schema` and REST `GET /api/practices/:sector/schema`: public to every signed-in user (no record is read). */
export const createPracticeSchemas = (engine: TPracticesEngine, { products }: Pick<TPracticesNeeds, 'products'>) => {
  const cache = new Map<TSectorSlug, Omit<TPracticeSchemaDocument, 'quotationExample' | 'products'>>();
  return {
    document: async (sector: TSectorSlug): Promise<TPracticeSchemaDocument> => {
      const definition = engine.internal.definitionOf(sector);
      let known = cache.get(sector);
      if (!known) {
        const { quotationExample: _unused, ...rest } = practiceSchemaDocument(definition);
        known = rest;
        cache.set(sector, known);
      }
      const offered = isProductSector(sector) ? await products.offeredVersions(sector) : null;
      return {
        ...known,
        quotationExample: definition.quotation ? definition.quotation.example() : null,
        products: offered ? offered.map((product) => productEntry(known.data, definition.example, product)) : null,
      };
    },
  };
};
