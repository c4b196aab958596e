import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
export const up = async (db: Kysely<any>): Promise<void> => {
  // Secrets the platform generates once and every instance shares (the VAPID key pair of web push).
  await db.schema
    .createTable('app_secrets')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // A browser's push subscription; the endpoint identifies it (a browser re-subscribing moves it to its new user).
  // Tied to the session that made it: logging out (or any end of that session) stops the pushes to that browser.
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('expiration_time', 'timestamptz')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_success_at', 'timestamptz')
    .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('app_secrets').execute();
};
