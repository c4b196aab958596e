import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
export const up = async (db: Kysely<any>): Promise<void> => {
  // Identity ids grow with every insert: "what came after event N" is a plain range scan.
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('other'))
    .addColumn('data', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  // Unread counts and unread lists; the second one serves the newest-first list and the replay after an id.
  await db.schema.createIndex('notifications_user_read_created_idx').on('notifications').columns(['user_id', 'read_at', 'created_at']).execute();
  await db.schema.createIndex('notifications_user_id_idx').on('notifications').columns(['user_id', 'id']).execute();

  // Realtime events too large for a NOTIFY payload (8000 bytes) wait here for the other instances to fetch them.
  await db.schema
    .createTable('realtime_payloads')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('realtime_payloads_created_idx').on('realtime_payloads').column('created_at').execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('realtime_payloads').execute();
  await db.schema.dropTable('notifications').execute();
};
