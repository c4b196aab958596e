import {
  PRODUCT_MSG,
  ZProductContent,
  ZProductIdInput,
  ZProductInput,
  ZProductPatch,
  ZProductSectorInput,
  ZProductVersionInput,
  type TOfferedProduct,
  type TProduct,
  type TProductContent,
  type TProductVersion,
} from '../../../shared/schemas/products';
import { z } from 'zod';
import { exampleOf, jsonSchemaOf } from '../../../shared/products/json-schema';
import { EXAMPLE_QUESTIONNAIRE } from '../../../shared/products/example-questionnaire';
import type { TDb } from '../../db/database';
import { requireActor, requireAdmin, type TActor, type TRequestContext } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { parseInput } from '../../platform/validate';
import { insertAuditEntry } from '../auth/auth.repository';
import * as repo from './products.repository';

/** JSON with its keys sorted at every level: two values stored as jsonb compare equal when they are equal. */
const stable = (value: unknown): string =>
  JSON.stringify(value, (_, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );

/** The product of `GET /api/admin/products/schema`'s example: the tender bond questionnaire (every question type). */
const EXAMPLE_CONTENT: TProductContent = {
  questionnaire: EXAMPLE_QUESTIONNAIRE,
  documents: [
    { key: 'bando', name: 'Bando o lettera d’invito', required: true },
    { key: 'visura-camerale', name: 'Visura camerale del contraente', required: true },
    { key: 'bilancio', name: 'Ultimo bilancio depositato', required: false },
  ],
  commission: { kind: 'percent', percent: 15 },
};

/** What integrators and the admin's editor build a product from: the content's JSON Schema, a valid example, and the answers' schema and example of that example. */
let schemaDocument: unknown;
const productSchemaDocument = () =>
  (schemaDocument ??= {
    jsonSchema: z.toJSONSchema(ZProductContent, { io: 'input', unrepresentable: 'any' }),
    example: EXAMPLE_CONTENT,
    answers: { jsonSchema: jsonSchemaOf(EXAMPLE_QUESTIONNAIRE), example: exampleOf(EXAMPLE_QUESTIONNAIRE) },
  });

const notFound = () => new AppError('NOT_FOUND', { userMessage: PRODUCT_MSG.notFound });
const nameTaken = () => new AppError('CONFLICT', { userMessage: PRODUCT_MSG.nameTaken, fields: { name: [PRODUCT_MSG.nameTaken] } });

const toVersion = (sector: string, row: repo.TVersionRow): TProductVersion => ({
  productId: row.product_id,
  sector,
  name: row.name,
  version: Number(row.version),
  content: row.content as TProductContent,
  publishedAt: new Date(row.published_at),
});

/**
 * Products the admin builds (issue 29) for the sectors whose catalogue is data: drafts edited freely, published as
 * numbered, frozen versions (append-only in the database); retired, never deleted. Admins build them; every signed-in
 * user reads what may be chosen now (`offered`) and any version a practice names (`version`). Every admin change is
 * audited in its transaction.
 */
/** A version as a practice of it needs it: what it says, and whether it may still be chosen (active product, latest version). */
export type TPracticeProductVersion = { active: boolean; latestVersion: number; version: number; name: string; content: TProductContent };

export const createProductsService = ({ db }: TServiceDeps) => {
  const offeredOf = async (sector: string): Promise<TOfferedProduct[]> =>
    (await repo.listOffered(db, sector)).map((row) => ({
      productId: row.id,
      sector,
      name: row.name,
      description: row.description,
      version: Number(row.version),
      content: row.content as TProductContent,
      publishedAt: new Date(row.published_at),
    }));

  const audited = <T>(ctx: TRequestContext, actor: TActor, action: string, path: string, write: (trx: TDb) => Promise<T>, details: (result: T) => Record<string, unknown>) =>
    db.transaction().execute(async (trx) => {
      const result = await write(trx);
      await insertAuditEntry(trx, { adminId: actor.impersonatorId ?? actor.userId, userId: actor.userId, action, path, ip: ctx.ip, details: details(result) });
      return result;
    });

  const present = (row: repo.TProductRow, versions: readonly repo.TVersionRow[]): TProduct => {
    const latest = versions.at(-1);
    return {
      id: row.id,
      sector: row.sector,
      name: row.name,
      description: row.description,
      active: row.active,
      position: Number(row.position),
      draft: row.draft as TProductContent,
      latestVersion: latest ? Number(latest.version) : null,
      draftChanged: !latest || stable(latest.content) !== stable(row.draft) || latest.name !== row.name,
      versions: versions.map((version) => ({ version: Number(version.version), name: version.name, publishedAt: new Date(version.published_at), publishedBy: version.published_by })),
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    };
  };

  const withVersions = async (row: repo.TProductRow, within: TDb = db) => present(row, await repo.listVersions(within, [row.id]));

  const productOrThrow = async (input: unknown) => {
    const { sector, id } = parseInput(ZProductIdInput, input);
    const row = await repo.findProduct(db, sector, id);
    if (!row) throw notFound();
    return row;
  };

  const create = async (ctx: TRequestContext, sector: string, content: { name: string; description: string; active: boolean; draft: unknown }, action: string) => {
    const actor = requireAdmin(ctx);
    if (await repo.findNameClash(db, sector, content.name, null)) throw nameTaken();
    try {
      const row = await audited(
        ctx,
        actor,
        action,
        `/api/admin/products/${sector}`,
        async (trx) => repo.insertProduct(trx, { sector, ...content, createdBy: actor.userId, position: await repo.nextPosition(trx, sector) }),
        (created) => ({ productId: created.id, name: created.name }),
      );
      return present(row, []);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  };

  return {
    /** GET /api/admin/products/:sector: every product of the sector, retired ones included, in the admin's order. */
    list: async (ctx: TRequestContext, input: unknown): Promise<TProduct[]> => {
      requireAdmin(ctx);
      const { sector } = parseInput(ZProductSectorInput, input);
      const rows = await repo.listProducts(db, sector);
      const versions = await repo.listVersions(db, rows.map((row) => row.id));
      return rows.map((row) => present(row, versions.filter((version) => version.product_id === row.id)));
    },

    /** GET /api/admin/products/:sector/:id. */
    get: async (ctx: TRequestContext, input: unknown): Promise<TProduct> => {
      requireAdmin(ctx);
      return withVersions(await productOrThrow(input));
    },

    /** POST /api/admin/products/:sector: a new product, its draft checked; nothing published yet. */
    create: async (ctx: TRequestContext, sectorInput: unknown, body: unknown): Promise<TProduct> => {
      requireAdmin(ctx);
      const { sector } = parseInput(ZProductSectorInput, sectorInput);
      const input = parseInput(ZProductInput, body);
      return create(ctx, sector, { name: input.name, description: input.description, active: input.active, draft: input.content }, 'product_created');
    },

    /** PATCH /api/admin/products/:sector/:id: name, description, active (retire / bring back), position, draft. */
    update: async (ctx: TRequestContext, idInput: unknown, body: unknown): Promise<TProduct> => {
      const actor = requireAdmin(ctx);
      const { sector, id } = parseInput(ZProductIdInput, idInput);
      const patch = parseInput(ZProductPatch, body);
      if (patch.name !== undefined && (await repo.findNameClash(db, sector, patch.name, id))) throw nameTaken();
      try {
        const row = await audited(
          ctx,
          actor,
          'product_updated',
          `/api/admin/products/${sector}/${id}`,
          async (trx) => {
            if (!(await repo.lockProduct(trx, sector, id))) throw notFound();
            return repo.updateProduct(trx, id, { name: patch.name, description: patch.description, active: patch.active, position: patch.position, draft: patch.content });
          },
          () => ({ productId: id, changed: Object.keys(patch) }),
        );
        return withVersions(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    },

    /**
     * POST /api/admin/products/:sector/:id/publish: the draft, checked again by today's rules, frozen as the next
     * version (on the locked product row: two admins publishing at once make two numbers, never one twice).
     */
    publish: async (ctx: TRequestContext, input: unknown): Promise<TProductVersion> => {
      const actor = requireAdmin(ctx);
      const { sector, id } = parseInput(ZProductIdInput, input);
      const row = await audited(
        ctx,
        actor,
        'product_published',
        `/api/admin/products/${sector}/${id}/publish`,
        async (trx) => {
          const product = await repo.lockProduct(trx, sector, id);
          if (!product) throw notFound();
          const content = parseInput(ZProductContent, product.draft);
          const latest = await repo.latestVersion(trx, id);
          if (latest && stable(latest.content) === stable(product.draft) && latest.name === product.name) {
            throw new AppError('CONFLICT', { userMessage: PRODUCT_MSG.nothingToPublish });
          }
          return repo.insertVersion(trx, { productId: id, version: (latest ? Number(latest.version) : 0) + 1, name: product.name, content, publishedBy: actor.userId });
        },
        (version) => ({ productId: id, version: Number(version.version) }),
      );
      return toVersion(sector, row);
    },

    /** POST /api/admin/products/:sector/:id/duplicate: a new product with the same draft, «Copia di …», unpublished. */
    duplicate: async (ctx: TRequestContext, input: unknown): Promise<TProduct> => {
      requireAdmin(ctx);
      const source = await productOrThrow(input);
      let name = PRODUCT_MSG.copyOf(source.name);
      for (let n = 2; await repo.findNameClash(db, source.sector, name, null); n += 1) name = `${PRODUCT_MSG.copyOf(source.name).slice(0, 110)} (${n})`;
      return create(ctx, source.sector, { name, description: source.description, active: source.active, draft: source.draft }, 'product_duplicated');
    },

    /**
     * GET /api/admin/products/schema: the JSON Schema of a product's content (questionnaire, documents, commission)
     * with a valid example using every question type, and the JSON Schema and an example of that example's answers.
     */
    schema: (ctx: TRequestContext): unknown => {
      requireAdmin(ctx);
      return productSchemaDocument();
    },

    /** GET /api/products/:sector: what a corner may choose now — the active products, each at its latest version. */
    offered: async (ctx: TRequestContext, input: unknown): Promise<TOfferedProduct[]> => {
      requireActor(ctx);
      const { sector } = parseInput(ZProductSectorInput, input);
      return offeredOf(sector);
    },

    /**
     * For the practice engine (no caller: it checks its own access): the version a practice names, with whether its
     * product is active and which version is its latest; null when the product is not of the sector or the version
     * does not exist. Read through `within` (the practice's transaction).
     */
    forPractice: async (sector: string, id: string, version: number, within: TDb = db): Promise<TPracticeProductVersion | null> => {
      const product = await repo.findProduct(within, sector, id);
      if (!product) return null;
      const [row, latest] = await Promise.all([repo.findVersion(within, id, version), repo.latestVersion(within, id)]);
      if (!row || !latest) return null;
      return { active: product.active, latestVersion: latest.version, version: row.version, name: row.name, content: row.content as TProductContent };
    },

    /** The active products of a sector at their latest version, without a caller (the sector's `/schema` document). */
    offeredVersions: async (sector: string): Promise<TOfferedProduct[]> => offeredOf(sector),

    /** GET /api/products/:sector/:id/versions/:version: one version as published (what a practice of it was filled with), retired or not. */
    version: async (ctx: TRequestContext, input: unknown): Promise<TProductVersion> => {
      requireActor(ctx);
      const { sector, id, version } = parseInput(ZProductVersionInput, input);
      const product = await repo.findProduct(db, sector, id);
      const row = product ? await repo.findVersion(db, id, version) : undefined;
      if (!row) throw new AppError('NOT_FOUND', { userMessage: PRODUCT_MSG.versionNotFound });
      return toVersion(sector, row);
    },
  };
};

export type TProductsService = ReturnType<typeof createProductsService>;
