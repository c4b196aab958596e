import type { z } from 'zod';
import { answersSchemaOf, type TAnswers } from '../../../../shared/products/answers';
import { PRACTICE_PRODUCT_MSG, subjectKeyOf, type TPracticeProductSnapshot } from '../../../../shared/products/practice-product';
import { isProductSector } from '../../../../shared/schemas/products';
import type { TQuestionnaire } from '../../../../shared/products/questionnaire';
import { AppError, type TFieldErrors } from '../../../platform/errors';
import { todayInItaly, type TPracticesEngine } from '../engine/engine.service';
import type { TPracticesNeeds } from '../engine/types';

const asObject = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

const invalidProduct = (message: string, field = 'product.id') => new AppError('VALIDATION', { userMessage: message, fields: { [field]: [message] } });

/**
 * The product sectors' part of the engine (issue 29): a practice of altri rami or fideiussioni names the product and
 * the version it was filled with (`data.product: {id, version}`), and its answers (`data.answers`) are checked by that
 * version's questionnaire, on create and on every change, like the utilities' offers.
 *
 * - A new choice (a new practice, or a change of product) must be an active product at its latest version: a form
 *   filled on a version the admin has replaced since is refused with a message saying to reload it.
 * - A practice keeps its own version forever: a change that names the version already on the practice is checked
 *   against that version, even if the product was retired or republished since.
 * - The stored `product` is a snapshot of the version (name, documents, commission): what the practice needs
 *   (required documents, the commission at issue) is read from it, never from a later version.
 */
export const registerProductPractices = (engine: TPracticesEngine, { products }: Pick<TPracticesNeeds, 'products'>) => {
  // Versions are append-only: a version's schema is built once per day (dates relative to today change daily).
  const schemas = new Map<string, z.ZodType<TAnswers, unknown>>();
  const schemaOf = (productId: string, version: number, questionnaire: TQuestionnaire, today: string) => {
    const key = `${productId}:${version}:${today}`;
    let schema = schemas.get(key);
    if (!schema) {
      if (schemas.size > 500) schemas.clear();
      schema = answersSchemaOf(questionnaire, { today });
      schemas.set(key, schema);
    }
    return schema;
  };

  engine.registerDataCheck(async ({ definition, data, current }) => {
    if (!isProductSector(definition.sector)) return data;
    const record = asObject(data) ?? {};
    const chosen = asObject(record.product);
    if (!chosen || typeof chosen.id !== 'string' || typeof chosen.version !== 'number') throw invalidProduct(PRACTICE_PRODUCT_MSG.productRequired);
    const found = await products.forPractice(definition.sector, chosen.id, chosen.version);
    if (!found) throw invalidProduct(PRACTICE_PRODUCT_MSG.productUnknown);
    const kept = asObject(asObject(current?.data)?.product);
    const keepsOwn = kept?.id === chosen.id && kept.version === chosen.version;
    if (!keepsOwn) {
      if (!found.active) throw invalidProduct(PRACTICE_PRODUCT_MSG.productRetired);
      if (found.version !== found.latestVersion) throw invalidProduct(PRACTICE_PRODUCT_MSG.versionOutdated(found.latestVersion), 'product.version');
    }
    const result = schemaOf(chosen.id, found.version, found.content.questionnaire, todayInItaly()).safeParse(record.answers ?? {});
    if (!result.success) {
      const fields: TFieldErrors = {};
      for (const issue of result.error.issues) (fields[['answers', ...issue.path.map(String)].join('.')] ??= []).push(issue.message);
      throw new AppError('VALIDATION', { userMessage: [...new Set(Object.values(fields).flat())].join('\n'), fields });
    }
    const product: TPracticeProductSnapshot = {
      id: chosen.id,
      version: found.version,
      name: found.name,
      documents: found.content.documents,
      commission: found.content.commission,
      ...(subjectKeyOf(found.content.questionnaire) ? { subjectKey: subjectKeyOf(found.content.questionnaire) } : {}),
    };
    return { ...record, product, answers: result.data };
  });
};
