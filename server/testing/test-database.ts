import { openDatabase, type TDatabaseHandle } from '../db/database';
import { createScratchPostgres } from './server-process';

/**
 * A fresh, empty database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (dropped again on close).
 */
export const createTestDatabase = async (): Promise<TDatabaseHandle> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: null });
  const scratch = await createScratchPostgres(serverUrl, 't');
  const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
};
