import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/** Owns: `pending_blobs` (module files; map in server/platform/table-ownership.unit.test.ts). */

/** Records that `key` is about to appear in the storage, before its `files` row exists. */
export const recordPendingBlob = async (db: TDb, key: string) => {
  await db.insertInto('pending_blobs').values({ storage_key: key }).execute();
};

/** Forgets these keys (their rows were written, or their contents removed); answers how many were still pending. */
export const clearPendingBlobs = async (db: TDb, keys: readonly string[]) => {
  if (keys.length === 0) return 0;
  const rows = await db.deleteFrom('pending_blobs').where('storage_key', 'in', [...keys]).returning('storage_key').execute();
  return rows.length;
};

/**
 * Pending keys older than `graceMs` (by the database's clock, shared by every instance), locked for the caller's
 * transaction; keys another instance is sweeping right now are skipped rather than waited for.
 */
export const lockStalePendingBlobs = (db: TDb, graceMs: number, limit: number) =>
  db
    .selectFrom('pending_blobs')
    .select('storage_key')
    .where('created_at', '<', sql<Date>`now() - ${graceMs}::float8 * interval '1 millisecond'`)
    .orderBy('created_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
