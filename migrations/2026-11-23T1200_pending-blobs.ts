import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// A stored file's key is written here before its content appears in the storage, and removed in the transaction
// that inserts its `files` row. A key still here after a grace period belongs to an upload that crashed or failed
// between the two: the sweeper removes its content, so the storage never keeps a file no row knows about.
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('pending_blobs')
    .addColumn('storage_key', 'text', (col) => col.primaryKey())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('pending_blobs_created_idx').on('pending_blobs').column('created_at').execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('pending_blobs').execute();
};
