import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
export const up = async (db: Kysely<any>): Promise<void> => {
  // Only the flags a user changed; a missing row means the defaults of shared/rules/notification-preferences.ts.
  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('email', 'boolean', (col) => col.notNull())
    .addColumn('webpush', 'boolean', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('notification_preferences_pkey', ['user_id', 'key'])
    .execute();

  // E-mails to send, written with what caused them; a worker sends them and retries with backoff.
  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('to', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('email_outbox_due_idx').on('email_outbox').columns(['next_attempt_at']).where(sql.ref('status'), '<>', 'sent').execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('email_outbox').execute();
  await db.schema.dropTable('notification_preferences').execute();
};
