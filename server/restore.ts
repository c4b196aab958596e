import path from 'node:path';
import { loadConfig } from './config';
import { DatabaseInUseError } from './db/data-dir-lock';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createConfiguredStorage } from './modules/files/configured-storage';
import { restoreBackup } from './ops/backup';

/**
 * `npm run restore -- <cartella> [--sovrascrivi]`: puts a backup (`npm run backup`) back into the configured
 * database and file store, with the server stopped. The database is first migrated to this version's schema, which
 * must be the backup's; one that already holds accounts is refused unless `--sovrascrivi` is given.
 */
const run = async () => {
  const args = process.argv.slice(2);
  const overwrite = args.includes('--sovrascrivi');
  const folder = args.find((arg) => !arg.startsWith('--'));
  if (!folder) throw new Error('Indica la cartella del backup: npm run restore -- <cartella> [--sovrascrivi]');
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((error: unknown) => {
    if (error instanceof DatabaseInUseError) throw error;
    throw new Error(`Impossibile aprire il database: ${String(error)}`);
  });
  try {
    await migrateToLatest(database.db);
    const dir = path.resolve(folder);
    console.log(`Ripristino da ${dir}...`);
    const { manifest, ms } = await restoreBackup({ db: database.db, storage: createConfiguredStorage(config), dir, overwrite });
    console.log(`Ripristino completato in ${(ms / 1000).toFixed(1)} s: il backup del ${manifest.createdAt}, ${manifest.files.count} file.`);
  } finally {
    await database.close();
  }
};

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
