import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Rate-limit and lock-out counters, shared by every instance and kept across restarts: one row per limited key
// (`<limiter>:<ip or address>`), its points in the current window and when that window ends.
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('points', 'integer', (col) => col.notNull())
    .addColumn('reset_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset_idx').on('rate_limits').column('reset_at').execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('rate_limits').execute();
};
