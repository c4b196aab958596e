import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// The job runner's queue, shared by every instance: one row per job (a one-off or one occurrence of recurring
// work). A worker claims due rows with `for update skip locked` and a lease (`locked_until`): a job whose worker
// died is taken again once its lease expires. `singleton_key` makes "this job once" one row, even when two
// instances enqueue it at the same moment (recurring work uses one key per period).
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    // pending, running (claimed until locked_until), done or failed (max_attempts reached)
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('run_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull().defaultTo(5))
    .addColumn('last_error', 'text')
    .addColumn('locked_until', 'timestamptz')
    .addColumn('singleton_key', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('done_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('jobs_singleton_key_idx').on('jobs').column('singleton_key').unique().where(sql.ref('singleton_key'), 'is not', null).execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['name', 'run_at']).where(sql.ref('state'), 'in', ['pending', 'running']).execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('jobs').execute();
};
