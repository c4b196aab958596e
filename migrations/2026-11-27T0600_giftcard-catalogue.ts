import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 27, the gift card catalogue: the categories the admin keeps (names unique whatever their case), the cards
// a corner may choose to be paid with (`national`: valid everywhere; `municipal`: the shops of one comune, so they
// carry its ISTAT code and the shop's address) and each corner's choice with the comune whose municipal cards it
// sees. Denominations are a list of euro cents. A category used by cards and a card someone chose cannot be deleted
// (plain foreign keys, no cascade: the service explains why in Italian first, the keys hold under races).

export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('giftcard_categories')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index giftcard_categories_name_key on giftcard_categories (lower(name))`.execute(db);

  await db.schema
    .createTable('giftcard_catalogue')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('national', 'municipal')`))
    .addColumn('category_id', 'uuid', (col) => col.notNull().references('giftcard_categories.id'))
    // The brand of a national card, the shop of a municipal one.
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('comune_istat', 'text', (col) => col.references('comuni.istat_code'))
    .addColumn('address', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('image_url', 'text')
    .addColumn('denominations', sql`integer[]`, (col) => col.notNull())
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('giftcard_catalogue_comune_by_kind', sql`(kind = 'national') = (comune_istat is null)`)
    .addCheckConstraint('giftcard_catalogue_denominations', sql`cardinality(denominations) between 1 and 12`)
    .execute();
  await db.schema.createIndex('giftcard_catalogue_kind_idx').on('giftcard_catalogue').columns(['kind', 'active']).execute();
  await db.schema.createIndex('giftcard_catalogue_comune_idx').on('giftcard_catalogue').columns(['comune_istat', 'active']).where(sql.ref('kind'), '=', 'municipal').execute();
  await db.schema.createIndex('giftcard_catalogue_category_idx').on('giftcard_catalogue').column('category_id').execute();

  await db.schema
    .createTable('giftcard_choices')
    .addColumn('corner_id', 'uuid', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('comune_istat', 'text', (col) => col.references('comuni.istat_code'))
    .addColumn('giftcard_id', 'uuid', (col) => col.references('giftcard_catalogue.id'))
    .addColumn('chosen_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('giftcard_choices_giftcard_idx').on('giftcard_choices').column('giftcard_id').execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('giftcard_choices').execute();
  await db.schema.dropTable('giftcard_catalogue').execute();
  await db.schema.dropTable('giftcard_categories').execute();
};
