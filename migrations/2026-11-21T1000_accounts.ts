import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('admin', 'corner', 'broker')`))
    .addColumn('state', 'text', (col) =>
      col.notNull().defaultTo('pending').check(sql`state in ('active', 'inactive', 'pending', 'deleted')`),
    )
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('persona', 'azienda', 'privato')`))
    .addColumn('name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('surname', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('business', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('vat', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('cf', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('tax_regime', 'text', (col) => col.check(sql`tax_regime in ('Forfettario', 'Ordinario', 'Semplificato')`))
    .addColumn('has_employee', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('img_path', 'text')
    .addColumn('broker_type', 'text', (col) =>
      col.check(sql`broker_type in ('RC Auto', 'altri rami', 'fideiussioni', 'gpl', 'luce e gas')`),
    )
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('privacy_accepted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('users_broker_type_for_brokers', sql`(role = 'broker') = (broker_type is not null)`)
    .execute();
  await db.schema.createIndex('users_email_key').on('users').expression(sql`lower(email)`).unique().execute();
  await db.schema.createIndex('users_role_state_idx').on('users').columns(['role', 'state']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('cookie', 'bearer')`))
    .addColumn('impersonator_id', 'uuid', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('user_tokens')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('verify', 'reset')`))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('user_tokens_user_id_idx').on('user_tokens').columns(['user_id', 'kind']).execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('admin_id', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('method', 'text')
    .addColumn('path', 'text')
    .addColumn('status_code', 'integer')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('audit_log_admin_idx').on('audit_log').columns(['admin_id', 'created_at']).execute();
  await db.schema.createIndex('audit_log_user_idx').on('audit_log').columns(['user_id', 'created_at']).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  for (const table of ['audit_log', 'user_tokens', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
};
