import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// The full client record of issue 14. `type` stays the kind ('persona' | 'azienda') and `business` the company's
// name (the spec's list and filters use them); `phone` stays the first of `phones` for the spec's filter.
// One codice fiscale and one partita IVA per corner's book among the clients not deleted.

const TEXT_COLUMNS = ['birthplace_code', 'birthplace_label', 'company_cf', 'pec', 'sdi_code', 'street', 'street_number', 'cap', 'comune_istat', 'comune_name', 'province_sigla', 'notes'] as const;

export const up = async (db: Kysely<any>): Promise<void> => {
  let alter = db.schema.alterTable('clients').addColumn('birth_date', 'date').addColumn('sex', 'text', (col) => col.check(sql`sex in ('M', 'F')`));
  for (const column of TEXT_COLUMNS) alter = alter.addColumn(column, 'text', (col) => col.notNull().defaultTo(''));
  await alter
    .addColumn('legal_rep', 'jsonb')
    .addColumn('phones', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_by', 'uuid', (col) => col.references('users.id'))
    .execute();
  await sql`update clients set phones = jsonb_build_array(phone) where phone <> ''`.execute(db);
  await sql`create unique index clients_corner_cf_unique on clients (corner_id, cf) where deleted_at is null and cf <> ''`.execute(db);
  await sql`create unique index clients_corner_vat_unique on clients (corner_id, vat) where deleted_at is null and vat <> ''`.execute(db);

  await db.schema
    .createTable('client_notes')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('client_id', 'uuid', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('author_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('client_notes_client_idx').on('client_notes').columns(['client_id', 'created_at']).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('client_notes').execute();
  await sql`drop index clients_corner_cf_unique`.execute(db);
  await sql`drop index clients_corner_vat_unique`.execute(db);
  let alter = db.schema.alterTable('clients').dropColumn('birth_date').dropColumn('sex').dropColumn('legal_rep').dropColumn('phones').dropColumn('created_by');
  for (const column of TEXT_COLUMNS) alter = alter.dropColumn(column);
  await alter.execute();
};
