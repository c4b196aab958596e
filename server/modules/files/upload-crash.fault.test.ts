/**
 * Fault test: the real server process (`server/main.ts`, from the run's bundle) is SIGKILLed while two uploads are under way:
 * one large file arriving slowly (its temporary file half written), and a request whose first file is already
 * stored under its key while its second still streams (its `files` row is written only when the request ends).
 * Restarted with a short FILES_ORPHAN_GRACE_SECONDS, the server removes both leftovers: afterwards the storage
 * holds exactly the contents that have a `files` row, those still download, and nothing is left pending.
 *
 * It runs once per vitest server project: on the embedded database in `pglite`, on a scratch PostgreSQL database
 * in `postgres` (TEST_DATABASE_URL set).
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { freePort } from '../../testing/free-port';
import { createProcessPostgres, newServerDataDir, serverProcessEnv, startServerProcess, type TServerProcess } from '../../testing/server-process';
import { multipart, pdfOf } from './files.fixtures';

const POSTGRES_SERVER_URL = process.env.TEST_DATABASE_URL || '';
const DATABASE = POSTGRES_SERVER_URL ? 'postgres' : 'pglite';
const ADMIN = { email: 'orphan-admin@example.it', password: 'Orphan-Test-12345' };

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch((error: unknown) => console.error('cleanup:', error));
});

/** What DATA_DIR/files holds: contents by key (yyyy/mm/uuid) and temporary files. */
const listStorage = async (root: string) => {
  const blobs: string[] = [];
  const temps: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name.startsWith('.tmp-')) temps.push(full);
      else blobs.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  await walk(root);
  return { blobs: blobs.sort(), temps };
};

/**
 * Starts a multipart upload that never ends: `complete` files are sent whole, then one more file's head and
 * 64 KiB of padding every 50 ms, until the connection breaks.
 */
const startSlowUpload = async (base: string, cookie: string, complete: Buffer[]) => {
  const boundary = 'slow-upload-boundary';
  const request = http.request(`${base}/api/docs/upload`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
  });
  let broken = false;
  request.on('error', () => (broken = true));
  request.on('response', (response) => response.resume());
  const partHead = (index: number) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file${index}"; filename="doc${index}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  for (const [index, content] of complete.entries()) request.write(Buffer.concat([partHead(index), content, Buffer.from('\r\n')]));
  request.write(Buffer.concat([partHead(complete.length), await pdfOf('lento')]));
  const padding = Buffer.alloc(64 * 1024, 0x20);
  void (async () => {
    while (!broken && !request.destroyed) {
      request.write(padding);
      await sleep(50);
    }
  })();
  return { stop: () => request.destroy() };
};

describe(`an upload cut short by SIGKILL leaves nothing behind (${DATABASE})`, () => {
  it('after a restart with a short grace period the storage holds exactly the contents with a files row', async () => {
    const dataDir = await newServerDataDir('upload-crash-');
    cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const storageRoot = path.join(dataDir, 'files');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let databaseUrl = '';
    if (POSTGRES_SERVER_URL) {
      const scratch = await createProcessPostgres(POSTGRES_SERVER_URL);
      cleanup.push(scratch.drop);
      databaseUrl = scratch.url;
    }
    const env = serverProcessEnv({ port, dataDir, databaseUrl, admin: ADMIN }, { UPLOAD_MAX_FILE_MB: '200', UPLOAD_MAX_TOTAL_MB: '400' });
    let server: TServerProcess = await startServerProcess(env, base);
    cleanup.push(() => server.kill('SIGKILL'));

    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(ADMIN) });
    expect(login.status).toBe(200);
    const cookie = `sid=${login.headers.getSetCookie().map((header) => /^sid=([^;]*)/.exec(header)?.[1]).find(Boolean)}`;

    // Two files uploaded completely: they must survive everything below.
    const kept = [await pdfOf('primo'), await pdfOf('secondo')];
    const body = multipart(kept.map((content, index) => ({ kind: 'file' as const, field: `file${index}`, filename: `kept${index}.pdf`, content, contentType: 'application/pdf' })));
    const uploaded = await fetch(`${base}/api/docs/upload`, { method: 'POST', headers: { ...body.headers, cookie, origin: base }, body: body.payload });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const keptPaths = ((await uploaded.json()) as { files: { path: string }[] }).files.map((file) => file.path);
    const committed = await listStorage(storageRoot);
    expect(committed.blobs).toHaveLength(2);

    // A large file arriving slowly, and a request whose first file is stored while its second still arrives.
    const slow = await startSlowUpload(base, cookie, []);
    const halfDone = await startSlowUpload(base, cookie, [await pdfOf('senza riga')]);
    cleanup.push(async () => {
      slow.stop();
      halfDone.stop();
    });
    const deadline = Date.now() + 30_000;
    let before = await listStorage(storageRoot);
    while (before.blobs.length < 3 || before.temps.length < 2) {
      if (Date.now() > deadline) throw new Error(`uploads not under way: ${JSON.stringify(before)}\n${server.output()}`);
      await sleep(50);
      before = await listStorage(storageRoot);
    }
    await server.kill('SIGKILL');
    slow.stop();
    halfDone.stop();
    // What the crash left: a content no row knows about, and the temporary files of both uploads.
    before = await listStorage(storageRoot);
    expect(before.blobs).toHaveLength(3);
    expect(before.temps.length).toBeGreaterThanOrEqual(2);

    server = await startServerProcess({ ...env, FILES_ORPHAN_GRACE_SECONDS: '1' }, base);
    let after = await listStorage(storageRoot);
    const sweepDeadline = Date.now() + 30_000;
    while (after.blobs.length !== 2 || after.temps.length !== 0) {
      if (Date.now() > sweepDeadline) break;
      await sleep(200);
      after = await listStorage(storageRoot);
    }
    expect(after).toEqual({ blobs: committed.blobs, temps: [] });
    for (const [index, filePath] of keptPaths.entries()) {
      const download = await fetch(`${base}/api/docs/file?path=${encodeURIComponent(filePath)}&download`, { headers: { cookie } });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(kept[index]!)).toBe(true);
    }

    // Read the database once the server has stopped: the storage holds exactly the contents with a files row.
    await server.kill('SIGTERM');
    const database = await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir });
    try {
      const rows = await database.db.withTables<{ files: { storage_key: string } }>().selectFrom('files').select('storage_key').execute();
      expect(rows.map((row) => row.storage_key).sort()).toEqual((await listStorage(storageRoot)).blobs);
      expect(await database.db.selectFrom('pending_blobs').selectAll().execute()).toEqual([]);
    } finally {
      await database.close();
    }
  }, 300_000);
});
