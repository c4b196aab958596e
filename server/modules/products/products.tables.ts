import type { ColumnType, Generated } from 'kysely';
import type { Json } from '../../db/types';

/** A product the admin builds (issue 29): its draft and whether it may be chosen; never deleted, only retired. */
export interface ProductsTable {
  id: Generated<string>;
  sector: string;
  name: string;
  description: Generated<string>;
  active: Generated<boolean>;
  /** The draft content: `{questionnaire, documents, commission}`. */
  draft: Json;
  position: Generated<number>;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A published version of a product: append-only (a practice keeps the version it was filled with). */
export interface ProductVersionsTable {
  /** bigint identity: drivers answer a string. */
  id: Generated<string>;
  product_id: string;
  version: number;
  name: string;
  content: Json;
  published_by: ColumnType<string | null, string | null | undefined, never>;
  published_at: Generated<Date>;
}

export type TProductsTables = {
  products: ProductsTable;
  product_versions: ProductVersionsTable;
};

// Added to the shared Database type (an interface's `extends`, so the names resolve in this file).
declare module '../../db/types' {
  interface Database extends TProductsTables {}
}
