import fs from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type TDatabaseHandle } from '../db/database';
import { takePooledPGlite } from './pglite-pool';
import { createScratchPostgres } from './server-process';

/**
 * A fresh database of its own for one test file: in-memory PGlite by default, or a new database on the PostgreSQL
 * server of TEST_DATABASE_URL (dropped again on close). Both start as a copy of the migrated template the run's
 * global setup made (server/testing/global-setup.ts), so a file pays a copy, not a boot and every migration; on
 * PGlite the copy is one of the worker's pool (server/testing/pglite-pool.ts), reset to the template when closed.
 * Without a template (a file run outside those projects) the app migrates the empty database as before.
 */
export const createTestDatabase = async (): Promise<TDatabaseHandle> => {
  if (process.env.TEST_SUITE === 'unit') {
    throw new Error('This file opens a test database: name it *.test.ts (run once per database), not *.unit.test.ts.');
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = inject('pgliteTemplate');
    if (!template) return openDatabase({ dataDir: null });
    return openDatabase({ dataDir: null, lent: await takePooledPGlite(async () => new Blob([await fs.readFile(template)])) });
  }
  const scratch = await createScratchPostgres(serverUrl, 't', inject('postgresTemplate'));
  const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
};
