import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 29: the products the admin builds for the insurance sectors whose catalogue is data (altri rami,
// fideiussioni). A product holds its draft (questionnaire, documents, commission) and whether it may be chosen
// (`active`); publishing freezes the draft as the product's next version in `product_versions`, which is
// append-only (a practice keeps the version it was filled with, so no version may ever change). A product is never
// deleted: it is retired (`active = false`) and its practices keep working.

export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('products')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('sector', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('draft', 'jsonb', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index products_sector_name_key on products (sector, lower(name))`.execute(db);
  await db.schema
    .createTable('product_versions')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('product_id', 'uuid', (col) => col.notNull().references('products.id'))
    .addColumn('version', 'integer', (col) => col.notNull().check(sql`version > 0`))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('content', 'jsonb', (col) => col.notNull())
    .addColumn('published_by', 'uuid')
    .addColumn('published_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('product_versions_product_version_key', ['product_id', 'version'])
    .execute();
  await sql`create function product_versions_append_only() returns trigger language plpgsql as $$ begin raise exception 'product_versions is append-only'; end $$`.execute(db);
  await sql`create trigger product_versions_no_change before update or delete on product_versions for each row execute function product_versions_append_only()`.execute(db);
  await sql`create trigger product_versions_no_truncate before truncate on product_versions for each statement execute function product_versions_append_only()`.execute(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('product_versions').execute();
  await sql`drop function if exists product_versions_append_only()`.execute(db);
  await db.schema.dropTable('products').execute();
};
