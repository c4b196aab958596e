import path from 'node:path';
import { loadConfig } from './config';
import { DatabaseInUseError } from './db/data-dir-lock';
import { openDatabase } from './db/database';
import { createConfiguredStorage } from './modules/files/configured-storage';
import { createBackup } from './ops/backup';

/**
 * `npm run backup -- [cartella]`: a consistent backup of the database (DATABASE_URL, or the embedded one, with the
 * server stopped) and of the files' contents (STORAGE) into a new folder, by default DATA_DIR/backups/<date-time>.
 * server/ops/backup.ts says what the folder holds; `npm run restore -- <cartella>` puts it back.
 */
const run = async () => {
  const config = loadConfig();
  const dir = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', new Date().toISOString().replace(/[:.]/g, '-')));
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((error: unknown) => {
    if (error instanceof DatabaseInUseError) throw error;
    throw new Error(`Impossibile aprire il database: ${String(error)}`);
  });
  try {
    console.log(`Backup in ${dir}...`);
    const { manifest, ms } = await createBackup({ db: database.db, kind: database.kind, storage: createConfiguredStorage(config), dir });
    const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
    console.log(`Backup completato in ${(ms / 1000).toFixed(1)} s: ${Object.keys(manifest.tables).length} tabelle, ${rows} righe, ${manifest.files.count} file (${(manifest.files.bytes / 1024 / 1024).toFixed(1)} MB).`);
  } finally {
    await database.close();
  }
};

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
