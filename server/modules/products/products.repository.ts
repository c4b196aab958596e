import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/** Owns: `products`, `product_versions` (module products). */

export type TProductRow = {
  id: string;
  sector: string;
  name: string;
  description: string;
  active: boolean;
  draft: unknown;
  position: number;
  created_at: Date;
  updated_at: Date;
};
export type TVersionRow = { product_id: string; version: number; name: string; content: unknown; published_by: string | null; published_at: Date };

const PRODUCT_COLUMNS = ['id', 'sector', 'name', 'description', 'active', 'draft', 'position', 'created_at', 'updated_at'] as const;
const VERSION_COLUMNS = ['product_id', 'version', 'name', 'content', 'published_by', 'published_at'] as const;

export const listProducts = (db: TDb, sector: string): Promise<TProductRow[]> =>
  db.selectFrom('products').select(PRODUCT_COLUMNS).where('sector', '=', sector).orderBy('position').orderBy(sql`lower(name)`).execute() as Promise<TProductRow[]>;

export const findProduct = (db: TDb, sector: string, id: string): Promise<TProductRow | undefined> =>
  db.selectFrom('products').select(PRODUCT_COLUMNS).where('sector', '=', sector).where('id', '=', id).executeTakeFirst() as Promise<TProductRow | undefined>;

/** The product's row, locked for a change (publish, patch). */
export const lockProduct = (db: TDb, sector: string, id: string): Promise<TProductRow | undefined> =>
  db.selectFrom('products').select(PRODUCT_COLUMNS).where('sector', '=', sector).where('id', '=', id).forUpdate().executeTakeFirst() as Promise<TProductRow | undefined>;

export const findNameClash = async (db: TDb, sector: string, name: string, exceptId: string | null) =>
  (await db
    .selectFrom('products')
    .select('id')
    .where('sector', '=', sector)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .$if(exceptId !== null, (query) => query.where('id', '<>', exceptId!))
    .executeTakeFirst()) !== undefined;

export const insertProduct = (db: TDb, values: { sector: string; name: string; description: string; active: boolean; draft: unknown; createdBy: string; position: number }) =>
  db
    .insertInto('products')
    .values({ sector: values.sector, name: values.name, description: values.description, active: values.active, draft: JSON.stringify(values.draft), created_by: values.createdBy, position: values.position })
    .returning(PRODUCT_COLUMNS)
    .executeTakeFirstOrThrow() as Promise<TProductRow>;

export const nextPosition = async (db: TDb, sector: string): Promise<number> => {
  const row = await db.selectFrom('products').select(sql<string>`coalesce(max(position) + 1, 0)`.as('next')).where('sector', '=', sector).executeTakeFirstOrThrow();
  return Number(row.next);
};

export const updateProduct = (db: TDb, id: string, values: { name?: string; description?: string; active?: boolean; position?: number; draft?: unknown }) =>
  db
    .updateTable('products')
    .set({
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values.description !== undefined ? { description: values.description } : {}),
      ...(values.active !== undefined ? { active: values.active } : {}),
      ...(values.position !== undefined ? { position: values.position } : {}),
      ...(values.draft !== undefined ? { draft: JSON.stringify(values.draft) } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returning(PRODUCT_COLUMNS)
    .executeTakeFirstOrThrow() as Promise<TProductRow>;

/** Every version of these products, oldest first. */
export const listVersions = (db: TDb, productIds: readonly string[]): Promise<TVersionRow[]> =>
  productIds.length === 0
    ? Promise.resolve([])
    : (db.selectFrom('product_versions').select(VERSION_COLUMNS).where('product_id', 'in', [...productIds]).orderBy('product_id').orderBy('version').execute() as Promise<TVersionRow[]>);

export const findVersion = (db: TDb, productId: string, version: number): Promise<TVersionRow | undefined> =>
  db.selectFrom('product_versions').select(VERSION_COLUMNS).where('product_id', '=', productId).where('version', '=', version).executeTakeFirst() as Promise<TVersionRow | undefined>;

export const latestVersion = (db: TDb, productId: string): Promise<TVersionRow | undefined> =>
  db.selectFrom('product_versions').select(VERSION_COLUMNS).where('product_id', '=', productId).orderBy('version', 'desc').limit(1).executeTakeFirst() as Promise<TVersionRow | undefined>;

export const insertVersion = (db: TDb, values: { productId: string; version: number; name: string; content: unknown; publishedBy: string }) =>
  db
    .insertInto('product_versions')
    .values({ product_id: values.productId, version: values.version, name: values.name, content: JSON.stringify(values.content), published_by: values.publishedBy })
    .returning(VERSION_COLUMNS)
    .executeTakeFirstOrThrow() as Promise<TVersionRow>;

/** The active products of a sector with their latest version (what a corner may choose), in the admin's order. */
export const listOffered = (db: TDb, sector: string) =>
  db
    .selectFrom('products as p')
    .innerJoin('product_versions as v', 'v.product_id', 'p.id')
    .select(['p.id', 'p.description', 'p.position', 'v.version', 'v.name', 'v.content', 'v.published_at'])
    .where('p.sector', '=', sector)
    .where('p.active', '=', true)
    .where('v.version', '=', (eb) => eb.selectFrom('product_versions as w').select((w) => w.fn.max('w.version').as('max')).whereRef('w.product_id', '=', 'p.id'))
    .orderBy('p.position')
    .orderBy(sql`lower(v.name)`)
    .execute();
