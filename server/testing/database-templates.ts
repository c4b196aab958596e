import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase, PGLITE_EXTENSIONS } from '../db/database';
import { FastPGliteDialect } from '../db/pglite-dialect';
import type { Database } from '../db/types';
import { migrateToLatest } from '../db/migrate';
import { REPO_ROOT, databaseUrlOf } from './server-process';

/**
 * Migrated databases that each test file copies instead of building its own: the fixed cost of a database test
 * file was booting PGlite from scratch (initdb, 3-5 s) and running every migration; copying a migrated one costs
 * well under a second. Every file still gets a database of its own, so no file ever sees another file's rows.
 */

/** What the migrated schema depends on: the migrations, the migrator and the packages they load data from. */
const schemaSources = async (): Promise<string[]> => {
  const migrationsDir = path.join(REPO_ROOT, 'migrations');
  const names = (await fs.readdir(migrationsDir)).filter((name) => name.endsWith('.ts')).sort();
  return [
    ...names.map((name) => path.join(migrationsDir, name)),
    path.join(REPO_ROOT, 'server/db/migrate.ts'),
    path.join(REPO_ROOT, 'package-lock.json'),
  ];
};

/** A short hash of every file the migrated schema is made from: a template is reused only while it matches. */
export const schemaFingerprint = async (): Promise<string> => {
  const hash = createHash('sha256');
  for (const file of await schemaSources()) {
    hash.update(path.relative(REPO_ROOT, file));
    hash.update(await fs.readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
};

const pgliteCacheDir = () => path.join(REPO_ROOT, 'node_modules', '.cache', 'platform-tests');

/**
 * The migrated PGlite data directory as a tar file, made once and kept under node_modules/.cache (keyed by the
 * schema's fingerprint, so a new migration makes a new one). Returns its path.
 */
export const ensurePgliteTemplate = async (): Promise<string> => {
  const dir = pgliteCacheDir();
  const file = path.join(dir, `pglite-${await schemaFingerprint()}.tar`);
  try {
    await fs.access(file);
    return file;
  } catch {
    // not made yet
  }
  await fs.mkdir(dir, { recursive: true });
  for (const stale of (await fs.readdir(dir)).filter((name) => name.startsWith('pglite-'))) {
    await fs.rm(path.join(dir, stale), { force: true });
  }
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const db = new Kysely<Database>({ dialect: new FastPGliteDialect(pglite) });
  try {
    await migrateToLatest(db);
    const dump = await pglite.dumpDataDir('none');
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await fs.rename(partial, file); // whole or absent: a run cut short never leaves half a template
  } finally {
    await db.destroy();
    if (!pglite.closed) await pglite.close();
  }
  return file;
};

const withClient = async <T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/**
 * A migrated database on the PostgreSQL server of `serverUrl`, marked as a template, for this run only.
 * Returns its name and how to drop it.
 */
export const createPostgresTemplate = async (serverUrl: string): Promise<{ name: string; drop: () => Promise<void> }> => {
  const name = `tpl_${await schemaFingerprint()}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`create database "${name}"`));
  const handle = await openDatabase({ databaseUrl: databaseUrlOf(serverUrl, name), dataDir: null, poolSize: 1 });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close(); // CREATE DATABASE ... TEMPLATE refuses while anyone is connected to the template
  }
  await withClient(serverUrl, (client) => client.query(`alter database "${name}" is_template true`));
  return {
    name,
    drop: () =>
      withClient(serverUrl, async (client) => {
        await client.query(`alter database "${name}" is_template false`);
        await client.query(`drop database if exists "${name}" with (force)`);
      }),
  };
};
