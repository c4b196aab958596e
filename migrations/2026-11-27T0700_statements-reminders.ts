import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// - `ledger_statements`: the monthly commission statement of a corner (its PDF among the corner's files), one per
//   corner and month: the job and a request on demand insert it with `on conflict do nothing` in the transaction that
//   records the file, so a second run or a second instance adds nothing.
// - Overdue payments: a daily job reminds the corner at most three times, once a day (`reminders_sent`,
//   `last_reminded_at`); the partial index holds only what the job may pick.

export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('ledger_statements')
    .addColumn('corner_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('month', 'text', (col) => col.notNull().check(sql`month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`))
    .addColumn('file_id', 'uuid', (col) => col.notNull().references('files.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('ledger_statements_pkey', ['corner_id', 'month'])
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('reminders_sent', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_reminded_at', 'timestamptz')
    .execute();
  await sql`create index payments_overdue_idx on payments (due_date) where status = 'notPaied' and reminders_sent < 3`.execute(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await sql`drop index if exists payments_overdue_idx`.execute(db);
  await db.schema.alterTable('payments').dropColumn('reminders_sent').dropColumn('last_reminded_at').execute();
  await db.schema.dropTable('ledger_statements').execute();
};
