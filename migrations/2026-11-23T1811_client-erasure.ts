import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// GDPR erasure (issue 14): when a client's data was erased (`erased_at`), and every erasure request with its outcome
// ('done', or 'refused' while a practice or payment holds the data, with the date until which it is held).
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('clients').addColumn('erased_at', 'timestamptz').execute();
  await db.schema
    .createTable('client_erasure_requests')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('client_id', 'uuid', (col) => col.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('corner_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('requested_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('outcome', 'text', (col) => col.notNull().check(sql`outcome in ('done', 'refused')`))
    .addColumn('held_until', 'date')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('client_erasure_requests_client_idx').on('client_erasure_requests').columns(['client_id', 'created_at']).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('client_erasure_requests').execute();
  await db.schema.alterTable('clients').dropColumn('erased_at').execute();
};
