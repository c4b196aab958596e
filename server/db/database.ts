import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { acquireDirLock, type TDirLock } from './data-dir-lock';
import { FastPGliteDialect } from './pglite-dialect';
import type { Database } from './types';

export type TDb = Kysely<Database>;

/** pg_trgm (trigram indexes of the client search, migration 2026-11-23T1820) must be loaded at start. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export type TDatabaseHandle = {
  db: TDb;
  kind: 'postgres' | 'pglite';
  /** PostgreSQL only: where to open connections of its own (the realtime bus LISTENs on a dedicated one). */
  connectionString?: string;
  /** PostgreSQL only: the pool the queries use (its counts are metrics). */
  pool?: pg.Pool;
  close: () => Promise<void>;
};

// Bigint columns (identity ids, counts) come back as strings; keep them as strings rather than lose precision.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

/**
 * Opens the database: a pg Pool on DATABASE_URL, otherwise an embedded PGlite under `dataDir/pglite`
 * (or in memory when `dataDir` is null, for tests). The embedded database on disk is locked for this process
 * (`dataDir/pglite.lock`, holding its pid) until `close`: another process opening it fails with
 * DatabaseInUseError instead of running beside it and losing data.
 */
export const openDatabase = async (options: {
  databaseUrl?: string;
  dataDir: string | null;
  poolSize?: number;
  onIdleError?: (error: Error) => void;
  /**
   * An embedded database already open, lent by its owner (the tests' pool, server/testing/pglite-pool.ts): the
   * handle queries it, leaves it open when closed and hands it back through `release`.
   */
  lent?: { pglite: PGlite; release: () => Promise<void> };
}): Promise<TDatabaseHandle> => {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover) must not take the process down; the pool
    // replaces it on the next query.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', connectionString: options.databaseUrl, pool, close: () => db.destroy() };
  }
  if (options.lent) {
    const { pglite, release } = options.lent;
    return pgliteHandle(pglite, { closeOnDestroy: false, afterClose: release });
  }
  let dataPath: string | undefined;
  let lock: TDirLock | undefined;
  if (options.dataDir) {
    dataPath = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(dataPath, { recursive: true });
    lock = await acquireDirLock(path.join(options.dataDir, 'pglite.lock'), dataPath);
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      ...(dataPath ? { dataDir: dataPath } : {}),
      extensions: PGLITE_EXTENSIONS,
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  return pgliteHandle(pglite, { closeOnDestroy: true, afterClose: async () => lock?.release() });
};

/** The handle of an open PGlite: `close` ends the Kysely (closing the PGlite when it owns it), then `afterClose`. */
const pgliteHandle = (pglite: PGlite, options: { closeOnDestroy: boolean; afterClose: () => Promise<void> }): TDatabaseHandle => {
  const db = new Kysely<Database>({ dialect: new FastPGliteDialect(pglite, { closeOnDestroy: options.closeOnDestroy }) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      try {
        await db.destroy();
        // When no query ever ran, Kysely has no driver to destroy.
        if (options.closeOnDestroy && !pglite.closed) await pglite.close();
      } finally {
        await options.afterClose();
      }
    },
  };
};
