import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// The practice engine of issue 15: one table for the practices of every sector (the sector's data as jsonb, checked
// by the sector's definition), and their history, append-only (never updated nor deleted by the application).

export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('practices')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('sector', 'text', (col) => col.notNull())
    .addColumn('client_id', 'uuid', (col) => col.notNull().references('clients.id'))
    .addColumn('corner_id', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('broker_id', 'uuid', (col) => col.references('users.id'))
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('data', 'jsonb', (col) => col.notNull())
    .addColumn('data_version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('commission_cents', 'bigint')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('state_changed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // A corner's list of a sector (newest first), the brokers' worklist (a sector's practices in a state, oldest
  // first), a client's practices.
  await db.schema.createIndex('practices_corner_sector_created_idx').on('practices').columns(['corner_id', 'sector', 'created_at']).execute();
  await db.schema.createIndex('practices_sector_state_changed_idx').on('practices').columns(['sector', 'state', 'state_changed_at']).execute();
  await db.schema.createIndex('practices_sector_created_idx').on('practices').columns(['sector', 'created_at']).execute();
  await db.schema.createIndex('practices_client_idx').on('practices').column('client_id').execute();

  await db.schema
    .createTable('practice_events')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('practice_id', 'uuid', (col) => col.notNull().references('practices.id'))
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn('actor_id', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('impersonator_id', 'uuid', (col) => col.references('users.id'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('from_state', 'text')
    .addColumn('to_state', 'text')
    .addColumn('changes', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('payload', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.createIndex('practice_events_practice_at_idx').on('practice_events').columns(['practice_id', 'at', 'id']).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('practice_events').execute();
  await db.schema.dropTable('practices').execute();
};
