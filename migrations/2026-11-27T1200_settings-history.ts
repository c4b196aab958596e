import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 28: every change of a settings key is kept (`settings_history`): per key a version number, the value before
// (null when the key was never stored) and after, who changed it (and the admin impersonating them, if any) and
// when; `restored_from` names the version a restore wrote back. Written in the transaction of the change. The actor
// columns hold ids without a foreign key: the history outlives the account and is never updated (set null would be
// an update). Append-only like the ledger and the practices' history: a trigger refuses update, delete and truncate;
// the test reset empties it with triggers off (server/testing/test-app.ts).

export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('settings_history')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().check(sql`version > 0`))
    .addColumn('value_before', 'jsonb')
    .addColumn('value_after', 'jsonb', (col) => col.notNull())
    .addColumn('actor_id', 'uuid')
    .addColumn('impersonator_id', 'uuid')
    .addColumn('restored_from', 'integer')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('settings_history_key_version_key', ['key', 'version'])
    .execute();
  await sql`create function settings_history_append_only() returns trigger language plpgsql as $$ begin raise exception 'settings_history is append-only'; end $$`.execute(db);
  await sql`create trigger settings_history_no_change before update or delete on settings_history for each row execute function settings_history_append_only()`.execute(db);
  await sql`create trigger settings_history_no_truncate before truncate on settings_history for each statement execute function settings_history_append_only()`.execute(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('settings_history').execute();
  await sql`drop function if exists settings_history_append_only()`.execute(db);
};
