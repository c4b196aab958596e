import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type Kysely } from 'kysely';
import type { TDb } from '../db/database';
import { measuring, type TFileStorage } from '../modules/files/storage';

/**
 * Backups of the whole platform (issue 30): every table of the database and the content of every live file, read
 * in one consistent view, so that a restore has no file without its row and no row without its file.
 *
 * A backup is a folder:
 * - `tables/<table>.ndjson`: the table's rows, one JSON object per line (PostgreSQL's `to_jsonb`);
 * - `files/<yyyy>/<mm>/<uuid>`: the content of each live file, under its storage key, checked against its row's
 *   size and sha256 on the way;
 * - `manifest.json`, written last (a folder without it is an unfinished backup, and restore refuses it): the
 *   format, when, from which database, the migrations the schema is at, each table's row count and the sha256 of
 *   its file, the sequences' positions, the files' count and bytes.
 *
 * The rows are read in one REPEATABLE READ, READ ONLY transaction (one snapshot of the database, while the
 * platform keeps running on PostgreSQL); the files' list comes from the same snapshot. A file that is live in the
 * snapshot but gone from the store by the time it is copied (deleted meanwhile) makes the backup fail, to be run
 * again: never a backup with a row whose file is missing.
 */

export const BACKUP_FORMAT = 1;

/** Tables the schema's migrator keeps: the restore's own migrations write them. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** Rows read per round trip, and rows written per statement on restore. */
const FETCH_ROWS = 1000;
const INSERT_ROWS = 500;

export type TBackupManifest = {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: 'postgres' | 'pglite';
  /** The migrations applied, in order: a restore needs a database at exactly these. */
  migrations: string[];
  tables: Record<string, { rows: number; sha256: string }>;
  sequences: { name: string; value: string; called: boolean }[];
  files: { count: number; bytes: number };
};

export type TBackupReport = { dir: string; manifest: TBackupManifest; ms: number };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The platform's tables, by name (public schema, the migrator's own left out). */
const tablesOf = async (db: Kysely<unknown>): Promise<string[]> => {
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public' order by tablename`.execute(db);
  return rows.map((row) => row.name).filter((name) => !MIGRATOR_TABLES.has(name));
};

const migrationsOf = async (db: Kysely<unknown>): Promise<string[]> => {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
};

/** What a stream holds (size and sha256), through the stores' own measuring pass-through. */
const measureStream = async (source: NodeJS.ReadableStream) => {
  const measure = measuring();
  await pipeline(source, measure, new Writable({ write: (_chunk, _encoding, done) => done() }));
  return measure.result();
};

/** A file's sha256. */
const sha256File = async (file: string) => (await measureStream(fs.createReadStream(file))).sha256;

const filePathOf = (dir: string, key: string) => path.join(dir, 'files', ...key.split('/'));

/**
 * Writes a backup into `dir` (created; it must not exist or be empty). Answers the manifest. On any failure the
 * folder is left without its manifest and the error is thrown.
 */
export const createBackup = async (options: { db: TDb; kind: 'postgres' | 'pglite'; storage: TFileStorage; dir: string }): Promise<TBackupReport> => {
  const started = Date.now();
  const { dir, storage } = options;
  const existing = await fsp.readdir(dir).catch(() => [] as string[]);
  if (existing.length > 0) throw new Error(`La cartella ${dir} non è vuota: scegli una cartella nuova per il backup.`);
  await fsp.mkdir(path.join(dir, 'tables'), { recursive: true });

  const manifest = await options.db.connection().execute(async (connection) => {
    const db = connection as unknown as Kysely<unknown>;
    await sql`begin isolation level repeatable read read only`.execute(db);
    try {
      const tables: TBackupManifest['tables'] = {};
      for (const table of await tablesOf(db)) {
        const file = path.join(dir, 'tables', `${table}.ndjson`);
        const out = fs.createWriteStream(file);
        const hash = createHash('sha256');
        let rows = 0;
        await sql.raw(`declare backup_rows no scroll cursor for select to_jsonb(t)::text as row from ${quote(table)} as t`).execute(db);
        for (;;) {
          const { rows: batch } = await sql.raw<{ row: string }>(`fetch ${FETCH_ROWS} from backup_rows`).execute(db);
          if (batch.length === 0) break;
          const text = `${batch.map((entry) => entry.row).join('\n')}\n`;
          hash.update(text);
          rows += batch.length;
          if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        }
        await sql`close backup_rows`.execute(db);
        await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
        tables[table] = { rows, sha256: hash.digest('hex') };
      }
      const { rows: sequences } = await sql<{ name: string; value: string | null; start: string }>`
        select sequencename as name, last_value::text as value, start_value::text as start from pg_sequences where schemaname = 'public' order by sequencename`.execute(db);
      const { rows: live } = await sql<{ key: string; size: string; sha256: string }>`
        select storage_key as key, size::text as size, sha256 from files where deleted_at is null order by storage_key`.execute(db);
      const migrations = await migrationsOf(db);
      await sql`commit`.execute(db);

      // The contents of the snapshot's live files, each checked against its row on the way.
      let bytes = 0;
      for (const file of live) {
        const target = filePathOf(dir, file.key);
        await fsp.mkdir(path.dirname(target), { recursive: true });
        if (!(await storage.stat(file.key))) throw new Error(`Il file ${file.key} non è più nell'archivio dei file (eliminato durante il backup?): ripeti il backup.`);
        const measure = measuring();
        await pipeline(storage.get(file.key, undefined, { chunkSize: 1024 * 1024 }), measure, fs.createWriteStream(target));
        const { size, sha256 } = measure.result();
        if (size !== Number(file.size) || sha256 !== file.sha256) throw new Error(`Il contenuto del file ${file.key} non corrisponde alla sua impronta registrata: backup interrotto.`);
        bytes += size;
      }
      return {
        format: BACKUP_FORMAT,
        createdAt: new Date().toISOString(),
        database: options.kind,
        migrations,
        tables,
        sequences: sequences.map((sequence) => ({ name: sequence.name, value: sequence.value ?? sequence.start, called: sequence.value !== null })),
        files: { count: live.length, bytes },
      } satisfies TBackupManifest;
    } catch (error) {
      await sql`rollback`.execute(db).catch(() => undefined);
      throw error;
    }
  });
  await fsp.writeFile(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { dir, manifest, ms: Date.now() - started };
};

/** Reads and checks a backup's manifest and table files (their sha256), before anything is written. */
export const readBackup = async (dir: string): Promise<TBackupManifest> => {
  const text = await fsp.readFile(path.join(dir, 'manifest.json'), 'utf8').catch(() => {
    throw new Error(`${dir} non contiene un backup completo (manca manifest.json).`);
  });
  const manifest = JSON.parse(text) as TBackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`Formato di backup ${String(manifest.format)} non supportato (atteso ${BACKUP_FORMAT}).`);
  for (const [table, entry] of Object.entries(manifest.tables)) {
    const sha256 = await sha256File(path.join(dir, 'tables', `${table}.ndjson`)).catch(() => null);
    if (sha256 !== entry.sha256) throw new Error(`Il file della tabella ${table} è mancante o alterato: backup non utilizzabile.`);
  }
  return manifest;
};

/**
 * Restores a backup into `db` (already migrated by the caller to the backup's migrations) and `storage`. The
 * target must hold no account unless `overwrite`: its tables are emptied and refilled in one transaction, with
 * triggers and foreign keys held off meanwhile (`session_replication_role = replica`: the rows come from one
 * consistent snapshot), and the sequences set where they were. The files are written first, under their keys, each
 * checked against its row, so a restore that fails midway leaves the database as it was.
 */
export const restoreBackup = async (options: { db: TDb; storage: TFileStorage; dir: string; overwrite?: boolean }): Promise<{ manifest: TBackupManifest; ms: number }> => {
  const started = Date.now();
  const { dir, storage } = options;
  const manifest = await readBackup(dir);
  const db = options.db as unknown as Kysely<unknown>;
  const migrations = await migrationsOf(db);
  if (migrations.join('\n') !== manifest.migrations.join('\n')) {
    throw new Error(`Il database di destinazione è alla migrazione ${migrations.at(-1) ?? '(nessuna)'}, il backup alla ${manifest.migrations.at(-1) ?? '(nessuna)'}: usa la versione della piattaforma che ha fatto il backup.`);
  }
  const tables = await tablesOf(db);
  const missing = Object.keys(manifest.tables).filter((table) => !tables.includes(table));
  if (missing.length > 0) throw new Error(`Tabelle del backup assenti nel database di destinazione: ${missing.join(', ')}.`);
  if (!options.overwrite) {
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from users`.execute(db);
    if (Number(rows[0]?.n ?? 0) > 0) throw new Error('Il database di destinazione contiene già degli account: ripristina in un database nuovo, o conferma la sovrascrittura (--sovrascrivi).');
  }

  // Files first: a key already there with the same content (size and sha256) is kept, any other is replaced.
  const fileRows = await readRows<{ storage_key: string; size: number | string; sha256: string; deleted_at: string | null }>(dir, 'files');
  for (const row of fileRows) {
    if (row.deleted_at !== null) continue;
    const source = filePathOf(dir, row.storage_key);
    const present = await storage.stat(row.storage_key);
    if (present && present.size === Number(row.size)) {
      const stored = await measureStream(storage.get(row.storage_key, undefined, { chunkSize: 1024 * 1024 }));
      if (stored.sha256 === row.sha256) continue;
    }
    await storage.importObject(row.storage_key, fs.createReadStream(source), (measured) => {
      if (measured.size !== Number(row.size) || measured.sha256 !== row.sha256) throw new Error(`Il file ${row.storage_key} del backup non corrisponde alla sua impronta.`);
    });
  }

  await options.db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Kysely<unknown>;
    await sql`set local session_replication_role = replica`.execute(tx);
    for (const table of tables) await sql.raw(`truncate table ${quote(table)} restart identity cascade`).execute(tx);
    for (const table of Object.keys(manifest.tables)) {
      const { rows: columns } = await sql<{ name: string }>`
        select column_name as name from information_schema.columns where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`.execute(tx);
      const list = columns.map((column) => quote(column.name)).join(', ');
      await forEachBatch(dir, table, async (batch) => {
        await insertBatch(tx, table, list, batch).catch((error: unknown) => {
          throw new Error(`Ripristino della tabella ${table} non riuscito: ${error instanceof Error ? error.message : String(error)}`);
        });
      });
    }
    for (const sequence of manifest.sequences) {
      await sql`select setval(${`public.${quote(sequence.name)}`}::regclass, ${sequence.value}::bigint, ${sequence.called})`.execute(tx);
    }
  });
  return { manifest, ms: Date.now() - started };
};

/** One batch of rows (JSON lines) into `table`, through jsonb_populate_recordset (types come from the table). */
const insertBatch = async (tx: Kysely<unknown>, table: string, columns: string, batch: string[]) => {
  const json = `[${batch.join(',')}]`;
  await sql`${sql.raw(`insert into ${quote(table)} (${columns}) overriding system value select ${columns} from jsonb_populate_recordset(null::${quote(table)}, `)}${json}::jsonb)`.execute(tx);
};

/** Calls `work` with the table's rows, INSERT_ROWS lines at a time. */
const forEachBatch = async (dir: string, table: string, work: (batch: string[]) => Promise<void>) => {
  const lines = readline.createInterface({ input: fs.createReadStream(path.join(dir, 'tables', `${table}.ndjson`)), crlfDelay: Infinity });
  let batch: string[] = [];
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length >= INSERT_ROWS) {
      await work(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await work(batch);
};

/** Every row of a backed-up table, parsed (for the small ones the restore reads itself: `files`). */
const readRows = async <T>(dir: string, table: string): Promise<T[]> => {
  const rows: T[] = [];
  await forEachBatch(dir, table, async (batch) => {
    for (const line of batch) rows.push(JSON.parse(line) as T);
  });
  return rows;
};
