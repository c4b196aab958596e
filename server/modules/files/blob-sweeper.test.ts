import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TTestApp, useTestApp } from '../../testing/test-app';
import { multipart, pdfOf } from './files.fixtures';

// The sweeps here are called by the tests; the app's own schedule (tested at the end) stays off.
const t = useTestApp({ FILES_ORPHAN_GRACE_SECONDS: '1' }, { jobs: { schedules: false } });
const PASSWORD = 'Segreta123';
let baseUrl = '';

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
beforeEach(async () => {
  await t.database.db.deleteFrom('pending_blobs').execute();
  await fs.rm(path.join(t.config.dataDir, 'files'), { recursive: true, force: true });
});

const signIn = async () => {
  await t.createUser({ email: 'corner@example.it', password: PASSWORD });
  return t.login('corner@example.it', PASSWORD);
};

/** Every file under DATA_DIR/files, temp files included. */
const leftovers = async () => {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (entry.isDirectory()) await walk(path.join(dir, entry.name));
      else found.push(entry.name);
    }
  };
  await walk(path.join(t.config.dataDir, 'files'));
  return found;
};

const fileRows = async () => (await t.database.db.withTables<{ files: { id: string } }>().selectFrom('files').select('id').execute()).length;
const pendingKeys = async (on: TTestApp = t) => (await on.database.db.selectFrom('pending_blobs').select('storage_key').execute()).map((row) => row.storage_key);

/** A content stored the way an interrupted upload leaves it: under its key, recorded as pending, with no row. */
const storeOrphan = async (on: TTestApp = t) => {
  const pdf = await pdfOf('orfano');
  const { storage } = on.app.services.files;
  return storage.put(Readable.from([pdf]), { beforeStore: (key) => on.database.db.insertInto('pending_blobs').values({ storage_key: key }).execute().then(() => undefined) });
};

describe('orphan sweeper', () => {
  it('an upload that outlasts the grace period, its first file swept meanwhile, fails with nothing recorded or left', async () => {
    const cookie = await signIn();
    const body = multipart([
      { kind: 'file', field: 'file0', filename: 'primo.pdf', content: await pdfOf('primo') },
      { kind: 'file', field: 'file1', filename: 'secondo.pdf', content: await pdfOf('secondo') },
    ]);
    // Up to the second file's part headers: the first file is complete, the second not begun.
    const splitAt = body.payload.indexOf('Content-Disposition: form-data; name="file1"');
    const answer = new Promise<number>((resolve, reject) => {
      const request = http.request(`${baseUrl}/api/docs/upload`, { method: 'POST', headers: { ...body.headers, cookie, 'content-length': String(body.payload.length) } });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.write(body.payload.subarray(0, splitAt));
      void (async () => {
        // The first file is stored under its key (pending) while the request waits; past the grace period the sweeper takes it.
        for (let i = 0; i < 100 && (await pendingKeys()).length === 0; i += 1) await sleep(20);
        await sleep(1200);
        expect(await t.app.services.files.sweepOrphans()).toMatchObject({ blobs: 1 });
        request.end(body.payload.subarray(splitAt));
      })().catch(reject);
    });
    expect(await answer).toBe(500);
    expect(await fileRows()).toBe(0);
    for (let i = 0; i < 50 && (await leftovers()).length > 0; i += 1) await sleep(50);
    expect(await leftovers()).toEqual([]);
    expect(await pendingKeys()).toEqual([]);
  });

  it('removes pending contents older than the grace period, once, even from two sweeps at a time; recorded and younger ones stay', async () => {
    const cookie = await signIn();
    const body = multipart([{ kind: 'file', field: 'file0', filename: 'tenuto.pdf', content: await pdfOf('tenuto') }]);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/docs/upload', payload: body.payload, headers: { ...body.headers, cookie } });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const old = await Promise.all(Array.from({ length: 6 }, () => storeOrphan()));
    await t.database.db.updateTable('pending_blobs').set({ created_at: sql<Date>`now() - interval '1 hour'` }).execute();
    const young = await storeOrphan();

    const results = await Promise.all([t.app.services.files.sweepOrphans(), t.app.services.files.sweepOrphans()]);
    expect(results[0]!.blobs + results[1]!.blobs).toBe(old.length);
    expect(await pendingKeys()).toEqual([young.key]);
    expect((await leftovers()).sort()).toEqual([young.key.split('/').pop(), (await t.database.db.withTables<{ files: { storage_key: string } }>().selectFrom('files').select('storage_key').executeTakeFirstOrThrow()).storage_key.split('/').pop()].sort());
    const download = await t.app.inject({ method: 'GET', url: `/api/docs/file?path=${encodeURIComponent(uploaded.json().files[0].path)}`, headers: { cookie } });
    expect(download.statusCode).toBe(200);
  });
});

describe('orphan sweep as a job of the app', () => {
  const s = useTestApp({ FILES_ORPHAN_GRACE_SECONDS: '1' }, { jobs: { pollMs: 60_000 } });

  it('runs through the job runner on the files module schedule, one job per period', async () => {
    const orphan = await storeOrphan(s);
    await s.database.db.updateTable('pending_blobs').set({ created_at: sql<Date>`now() - interval '1 hour'` }).execute();
    // The schedule is every second here (the grace period): the next period's occurrence is due after this.
    await sleep(1100);
    await Promise.all([s.app.jobs.drain(), s.app.jobs.drain()]);
    expect(await pendingKeys(s)).toEqual([]);
    expect(await s.app.services.files.storage.stat(orphan.key)).toBeNull();
    const sweeps = await s.database.db.selectFrom('jobs').select(['singleton_key', 'state']).where('name', '=', 'files.sweep-orphans').execute();
    expect(sweeps.length).toBeGreaterThan(0);
    expect(sweeps.every((job) => job.state === 'done')).toBe(true);
    expect(new Set(sweeps.map((job) => job.singleton_key)).size).toBe(sweeps.length);
  });
});
