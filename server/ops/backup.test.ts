import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { TDatabaseHandle } from '../db/database';
import { createLocalStorage } from '../modules/files/storage';
import { EXAMPLE, PASSWORD, practicesFixtures } from '../modules/practices/testing/practices.fixtures';
import { CodiceFiscale } from '../../shared/validation/codice-fiscale';
import { MARIO } from '../modules/clients/clients.fixtures';
import { checkContract } from '../testing/contract/contract-proxy';
import { createTestDatabase } from '../testing/test-database';
import { useTestApp } from '../testing/test-app';
import { createBackup, restoreBackup } from './backup';

// Issue 30: a backup of the database and the files, restored into an empty database and store, gives back every
// table row for row and every file byte for byte; the restored platform signs in and serves the files.
const t = useTestApp();
const LUISA_CF = CodiceFiscale.compute({ name: 'Luisa', surname: 'Neri', gender: 'F', day: 4, month: 5, year: 1990, birthplace: 'Torino', birthplaceProvincia: 'TO' });
const { call, people, createPractice, uploadDocs } = practicesFixtures(t, 'Mozilla/5.0 (Test) Backup');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const tempDir = async (prefix: string) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
};

const freshDatabase = async (): Promise<TDatabaseHandle> => {
  const database = await createTestDatabase();
  cleanups.push(() => database.close());
  return database;
};

/** Every table's rows as sorted JSON text, and every sequence's position: what a restore must give back. */
const contentsOf = async (db: Kysely<unknown>) => {
  const { rows: tables } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public' and tablename not like 'kysely_%' order by 1`.execute(db);
  const contents: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await sql.raw<{ row: string }>(`select to_jsonb(t)::text as row from "${name}" as t order by 1`).execute(db);
    contents[name] = rows.map((row) => row.row);
  }
  const { rows: sequences } = await sql<{ name: string; value: string | null }>`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`.execute(db);
  return { contents, sequences };
};

/** Sequences but the jobs' (see the comparisons below). */
const notJobs = <T extends { name: string }>(sequences: T[]): T[] => sequences.filter((sequence) => !sequence.name.startsWith('jobs'));

const sha256 = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');

/** Some of everything: accounts, clients, a practice with its documents and history, a chat message, a deleted file. */
const seed = async () => {
  const { a, admin, clientA } = await people();
  const practice = await createPractice(a, clientA, EXAMPLE);
  await uploadDocs(a, practice.id);
  const client = await call('POST', '/api/clients', a.cookie, { ...MARIO, notes: 'Cliente dal 2019 — «preferisce la PEC»' });
  expect(client.statusCode, client.body).toBe(201);
  const room = (await call('POST', '/api/chat/staff/open', a.cookie)).json() as { id: string };
  await t.app.services.notifications.notify('other', [a.id], { title: 'Avviso', text: 'Un avviso con accenti: è già così' });
  const files = await t.database.db.selectFrom('files').select(['id', 'storage_key']).where('deleted_at', 'is', null).orderBy('id').execute();
  expect(files.length).toBeGreaterThan(1);
  // One file deleted: its row stays (deleted), its content is not needed.
  await t.database.db.updateTable('files').set({ deleted_at: new Date() }).where('id', '=', files[0]!.id).execute();
  return { a, admin, practice, room };
};

describe('npm run backup / npm run restore', () => {
  it('round trip: every table row for row, every live file byte for byte, sequences where they were; the restored platform works', async () => {
    const { a, practice } = await seed();
    const source = createLocalStorage(path.join(t.config.dataDir, 'files'));
    const dir = path.join(await tempDir('backup-'), 'backup');

    const { manifest } = await createBackup({ db: t.database.db, kind: t.database.kind, storage: source, dir });
    const live = await t.database.db.selectFrom('files').select(['storage_key', 'sha256', 'size']).where('deleted_at', 'is', null).execute();
    expect(manifest.files.count).toBe(live.length);
    expect(manifest.tables.practices!.rows).toBe(1);
    expect(manifest.tables.users!.rows).toBe(6);

    const targetDataDir = await tempDir('restored-');
    const target = await freshDatabase();
    const targetStorage = createLocalStorage(path.join(targetDataDir, 'files'));
    await restoreBackup({ db: target.db, storage: targetStorage, dir });

    const before = await contentsOf(t.database.db as unknown as Kysely<unknown>);
    const after = await contentsOf(target.db as unknown as Kysely<unknown>);
    expect(Object.keys(after.contents)).toEqual(Object.keys(before.contents));
    // The running app's scheduler may queue its periodic jobs at any moment: `jobs` is compared with the backup's
    // own lines (and its sequence left out), every other table with the source.
    for (const table of Object.keys(before.contents).filter((name) => name !== 'jobs')) expect(after.contents[table], table).toEqual(before.contents[table]);
    const backedUpJobs = (await fs.readFile(path.join(dir, 'tables', 'jobs.ndjson'), 'utf8')).split('\n').filter(Boolean);
    const byId = (lines: string[]) => lines.map((line) => JSON.parse(line) as { id: number }).sort((x, y) => Number(x.id) - Number(y.id));
    expect(byId(after.contents.jobs!)).toEqual(byId(backedUpJobs));
    expect(notJobs(after.sequences)).toEqual(notJobs(before.sequences));
    for (const file of live) {
      const chunks: Buffer[] = [];
      for await (const chunk of targetStorage.get(file.storage_key)) chunks.push(chunk as Buffer);
      const content = Buffer.concat(chunks);
      expect(sha256(content)).toBe(file.sha256);
      expect(content.length).toBe(Number(file.size));
    }

    // The restored platform: the corner signs in with its password and reads its practice and a document.
    const restored = await buildApp({ config: { ...t.config, dataDir: targetDataDir }, database: { ...target, close: async () => undefined }, logger: false });
    cleanups.push(() => restored.close());
    checkContract(restored);
    const login = await restored.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.email, password: PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = login.cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
    const read = await restored.inject({ method: 'GET', url: `/api/practices/rca/${practice.id}`, headers: { cookie } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual((await call('GET', `/api/practices/rca/${practice.id}`, a.cookie)).json().data);
    const documents = await restored.inject({ method: 'GET', url: `/api/practices/rca/${practice.id}/documents`, headers: { cookie } });
    expect(documents.statusCode, documents.body).toBe(200);
    const filePath = /"path":"([^"]+)"/.exec(documents.body)?.[1];
    expect(filePath).toBeDefined();
    const download = `/api/docs/download?path_0=${encodeURIComponent(filePath!)}`;
    const restoredBytes = await restored.inject({ method: 'GET', url: download, headers: { cookie } });
    expect(restoredBytes.statusCode).toBe(200);
    expect(restoredBytes.rawPayload.equals((await call('GET', download, a.cookie)).rawPayload)).toBe(true);
    // A new row after the restore takes the next id of its sequence, not one already used.
    const client = await restored.inject({ method: 'POST', url: '/api/clients', headers: { cookie }, payload: { kind: 'persona', name: 'Luisa', surname: 'Neri', cf: LUISA_CF } });
    expect(client.statusCode, client.body).toBe(201);
  });

  it('refuses a target that already has accounts (unless told to overwrite), a damaged table file and a folder without manifest, writing nothing', async () => {
    await seed();
    const source = createLocalStorage(path.join(t.config.dataDir, 'files'));
    const dir = path.join(await tempDir('backup-'), 'backup');
    await createBackup({ db: t.database.db, kind: t.database.kind, storage: source, dir });
    await expect(createBackup({ db: t.database.db, kind: t.database.kind, storage: source, dir })).rejects.toThrow(/non è vuota/);

    // The source itself holds accounts: refused, and nothing changes.
    const beforeRefusal = await contentsOf(t.database.db as unknown as Kysely<unknown>);
    await expect(restoreBackup({ db: t.database.db, storage: source, dir })).rejects.toThrow(/contiene già degli account/);
    // (The running app's scheduler may queue its periodic jobs at any moment: `jobs` is the one table it writes alone.)
    const withoutJobs = ({ contents, sequences }: Awaited<ReturnType<typeof contentsOf>>): Awaited<ReturnType<typeof contentsOf>> => ({ contents: { ...contents, jobs: [] }, sequences: notJobs(sequences) });
    expect(withoutJobs(await contentsOf(t.database.db as unknown as Kysely<unknown>))).toEqual(withoutJobs(beforeRefusal));
    // A stored file damaged since, to the same size: the restore does not take it for the backup's.
    const live = await t.database.db.selectFrom('files').select(['storage_key', 'sha256']).where('deleted_at', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    const damagedPath = path.join(t.config.dataDir, 'files', ...live.storage_key.split('/'));
    const intact = await fs.readFile(damagedPath);
    await fs.writeFile(damagedPath, Buffer.alloc(intact.length, 0x78));
    // Told to overwrite, it gives back the same.
    await restoreBackup({ db: t.database.db, storage: source, dir, overwrite: true });
    expect(sha256(await fs.readFile(damagedPath))).toBe(live.sha256);
    const overwritten = withoutJobs(await contentsOf(t.database.db as unknown as Kysely<unknown>));
    for (const table of Object.keys(beforeRefusal.contents)) expect(overwritten.contents[table], table).toEqual(withoutJobs(beforeRefusal).contents[table]);
    expect(overwritten.sequences).toEqual(notJobs(beforeRefusal.sequences));

    const target = await freshDatabase();
    const empty = await contentsOf(target.db as unknown as Kysely<unknown>);
    const clients = path.join(dir, 'tables', 'clients.ndjson');
    const original = await fs.readFile(clients, 'utf8');
    await fs.writeFile(clients, original.replace('Cliente dal 2019', 'Cliente dal 2020'));
    await expect(restoreBackup({ db: target.db, storage: createLocalStorage(await tempDir('store-')), dir })).rejects.toThrow(/clients è mancante o alterato/);
    await fs.writeFile(clients, original);
    await fs.rm(path.join(dir, 'manifest.json'));
    await expect(restoreBackup({ db: target.db, storage: createLocalStorage(await tempDir('store-')), dir })).rejects.toThrow(/manca manifest.json/);
    expect(await contentsOf(target.db as unknown as Kysely<unknown>)).toEqual(empty);
  });
});
