import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Issue 27, payments the corner owes: a request moves notPaied -> pending when the corner declares it paid with its
// proof (several with one transfer: one declaration), -> paied when an admin confirms, or back to notPaied with the
// reason the admin rejected the proof. Who did what and when is kept on the row (the state now) and in
// `payment_events` (every change, append-only like the practices' history).

export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .alterTable('payments')
    .addColumn('declared_at', 'timestamptz')
    .addColumn('declared_by', 'uuid', (col) => col.references('users.id'))
    .addColumn('proof_file_id', 'uuid')
    .addColumn('confirmed_by', 'uuid', (col) => col.references('users.id'))
    .addColumn('rejected_at', 'timestamptz')
    .addColumn('rejected_reason', 'text')
    .execute();
  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('payment_id', 'uuid', (col) => col.notNull().references('payments.id'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('declared', 'confirmed', 'rejected')`))
    .addColumn('actor_id', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('impersonator_id', 'uuid', (col) => col.references('users.id'))
    .addColumn('payload', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('payment_events_payment_idx').on('payment_events').columns(['payment_id', 'id']).execute();
  await db.schema.createIndex('payments_status_created_idx').on('payments').columns(['status', 'created_at']).execute();
  await sql`create function payment_events_append_only() returns trigger language plpgsql as $$ begin raise exception 'payment_events is append-only'; end $$`.execute(db);
  await sql`create trigger payment_events_no_change before update or delete on payment_events for each row execute function payment_events_append_only()`.execute(db);
  await sql`create trigger payment_events_no_truncate before truncate on payment_events for each statement execute function payment_events_append_only()`.execute(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('payment_events').execute();
  await sql`drop function if exists payment_events_append_only()`.execute(db);
  await db.schema.dropIndex('payments_status_created_idx').execute();
  await db.schema
    .alterTable('payments')
    .dropColumn('declared_at')
    .dropColumn('declared_by')
    .dropColumn('proof_file_id')
    .dropColumn('confirmed_by')
    .dropColumn('rejected_at')
    .dropColumn('rejected_reason')
    .execute();
};
