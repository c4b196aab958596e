import path from 'node:path';
import { loadConfig } from './config';
import { DatabaseInUseError } from './db/data-dir-lock';
import { openDatabase } from './db/database';
import { createS3Storage } from './modules/files/s3-storage';
import { createLocalStorage } from './modules/files/storage';
import { migrateStorage } from './modules/files/storage-migrate';

/**
 * `npm run storage:migrate`: copies the contents of every file from DATA_DIR/files to the bucket configured by
 * STORAGE=s3 and S3_* (same keys), each checked by its sha256; files already copied are skipped, nothing on disk
 * is removed. Run it again until it reports nothing missing or failed, then start the platform with STORAGE=s3.
 */
const run = async () => {
  const config = loadConfig();
  if (config.storage.kind !== 's3') throw new Error('Indica il bucket di destinazione: STORAGE=s3 con S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (e S3_ENDPOINT per un server compatibile con S3).');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch((error: unknown) => {
    if (error instanceof DatabaseInUseError) throw error;
    throw new Error(`Impossibile aprire il database (se il server è avviato sul database integrato, fermalo prima): ${String(error)}`);
  });
  try {
    const source = path.join(config.dataDir, 'files');
    const { bucket, prefix } = config.storage;
    console.log(`Copia dei file da ${source} al bucket ${bucket}${prefix ? ` (prefisso ${prefix})` : ''}...`);
    const target = createS3Storage(config.storage);
    await target.checkBucket().catch((error: unknown) => {
      const reason = error instanceof Error ? (error.name === 'NotFound' ? 'il bucket non esiste' : `${error.name}: ${error.message}`) : String(error);
      throw new Error(`Bucket ${bucket} non raggiungibile (controlla S3_ENDPOINT, S3_BUCKET e le credenziali): ${reason}`);
    });
    const report = await migrateStorage({
      db: database.db,
      source: createLocalStorage(source),
      target,
      onProgress: (done) => console.log(`  ${done.copied + done.present + done.missing.length + done.failed.length} di ${done.total}...`),
    });
    console.log(`File: ${report.total}. Copiati e verificati: ${report.copied}. Già presenti: ${report.present}. Mancanti su disco: ${report.missing.length}. Non copiati: ${report.failed.length}.`);
    for (const key of report.missing) console.log(`  mancante su disco: ${key}`);
    for (const { key, reason } of report.failed) console.log(`  non copiato: ${key}: ${reason}`);
    const complete = report.missing.length === 0 && report.failed.length === 0;
    if (complete) console.log('Tutti i file sono nel bucket: avvia la piattaforma con STORAGE=s3. I file su disco non sono stati toccati.');
    return complete;
  } finally {
    await database.close();
  }
};

// The exit code is set once the database is closed (closing the embedded one resets it).
run().then((complete) => {
  if (!complete) process.exitCode = 1;
}, (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
