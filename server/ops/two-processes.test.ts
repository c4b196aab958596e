/**
 * Several instances (issue 30): two real server processes (`server/main.ts`, as `npm start` runs it) on one
 * PostgreSQL database and one S3-compatible bucket (s3rver, started here), as behind a load balancer. Users are
 * connected to both. A chat message, a notification, a settings sync, a session end, a scheduled job and an upload
 * each happen once (one row, one object, one run) and reach the users on both instances.
 *
 * PostgreSQL only (TEST_DATABASE_URL): the embedded database is one process by design.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TJson } from '../../shared/realtime';
import type { TNewMessageEvent } from '../../shared/schemas/chat';
import type { TNotification } from '../../shared/schemas/notifications';
import { openDatabase, type TDatabaseHandle } from '../db/database';
import { multipart, pdfOf } from '../modules/files/files.fixtures';
import { NEWS_SCHEDULE_JOB } from '../modules/news/news.service';
import { insertUserFixture } from '../testing/fixtures';
import { freePort } from '../testing/free-port';
import { connectSocket, createTrpcWsClient, type TTestSocket } from '../testing/realtime-clients';
import { startS3Server, type TTestS3Server } from '../testing/s3-server';
import { createProcessPostgres, serverProcessEnv, startServerProcess, type TServerProcess } from '../testing/server-process';

const POSTGRES_SERVER_URL = process.env.TEST_DATABASE_URL || '';
const ADMIN = { email: 'admin@example.it', password: 'Istanze-Due-12345' };
const PASSWORD = 'Segreta123';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!POSTGRES_SERVER_URL)('two server processes on one PostgreSQL database and one S3 bucket', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  let s3: TTestS3Server;
  let database: TDatabaseHandle;
  let processes: TServerProcess[] = [];
  /** The two instances' base URLs: A and B. */
  let urlA = '';
  let urlB = '';
  /** Each process's DATA_DIR. */
  const dataDirs: string[] = [];

  beforeAll(async () => {
    s3 = await startS3Server();
    cleanups.push(() => s3.close());
    const scratch = await createProcessPostgres(POSTGRES_SERVER_URL);
    cleanups.push(scratch.drop);
    const [portA, portB] = [await freePort(), await freePort()];
    urlA = `http://127.0.0.1:${portA}`;
    urlB = `http://127.0.0.1:${portB}`;
    const start = async (port: number, base: string) => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'two-processes-'));
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      dataDirs.push(dataDir);
      // One public address for both, as behind a proxy; each its own DATA_DIR (nothing shared on disk).
      // Debug logs: the socket events' lines, which name the request behind them.
      const env = serverProcessEnv({ port, dataDir, databaseUrl: scratch.url, admin: ADMIN }, { ...s3.env, PUBLIC_URL: urlA, LOG_LEVEL: 'debug' });
      const server = await startServerProcess(env, base);
      processes.push(server);
      return server;
    };
    // One after the other: the first migrates and creates the admin, the second finds them done.
    await start(portA, urlA);
    await start(portB, urlB);
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 2 });
  });

  afterAll(async () => {
    await database?.close();
    for (const server of processes) await server.kill('SIGTERM');
    processes = [];
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const sockets: TTestSocket[] = [];
  const closers: (() => void)[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.close();
    for (const close of closers) close();
  });
  const connect = async (base: string, cookie: string) => {
    const socket = await connectSocket(base, { cookie });
    sockets.push(socket);
    await socket.waitFor('online');
    return socket;
  };

  const login = async (base: string, email: string, password = PASSWORD): Promise<string> => {
    const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(response.status, await response.clone().text()).toBe(200);
    const sid = response.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));
    return sid!.split(';')[0]!;
  };
  const createUser = async (email: string, role: 'admin' | 'corner' = 'corner') => {
    const { id } = await insertUserFixture(database.db, { email, password: PASSWORD, role });
    return id;
  };
  const call = (base: string, cookie: string, method: string, url: string, body?: unknown) =>
    fetch(`${base}${url}`, { method, headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  /** Events named `event` a socket received so far (after a pause, so that a duplicate would have arrived). */
  const countOf = (socket: TTestSocket, event: string) => socket.events.filter((entry) => entry.event === event).length;

  it('both processes serve on one database: a session opened on A is valid on B', async () => {
    const cookie = await login(urlA, ADMIN.email, ADMIN.password);
    const me = await call(urlB, cookie, 'GET', '/api/auth/me');
    expect(me.status).toBe(200);
    // The first admin was created once, by whichever process got there first.
    const admins = await database.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).execute();
    expect(admins).toHaveLength(1);
    expect(await me.json()).toMatchObject({ id: admins[0]!.id, role: 'admin' });
  });

  it('a chat message sent on A is stored once and reaches the staff on A and on B once each', async () => {
    await createUser('corner.chat@example.it');
    await createUser('staff.chat@example.it', 'admin');
    const cornerCookie = await login(urlA, 'corner.chat@example.it');
    const staffOnA = await connect(urlA, await login(urlA, ADMIN.email, ADMIN.password));
    const staffOnB = await connect(urlB, await login(urlB, 'staff.chat@example.it'));
    const corner = await connect(urlA, cornerCookie);
    const opened = await call(urlA, cornerCookie, 'POST', '/api/chat/staff/open');
    const roomId = ((await opened.json()) as { id: string }).id;

    const clientId = `two-proc-${randomBytes(4).toString('hex')}`;
    const stored = await new Promise<{ id: string } | false>((resolve) => corner.socket.emit('message', { roomId, text: 'Buongiorno da A', clientId }, resolve as never));
    expect(stored).not.toBe(false);
    const [onA, onB] = await Promise.all(
      [staffOnA, staffOnB].map((socket) => socket.waitFor<TJson<TNewMessageEvent>>('newMessage', (event) => event.message.text === 'Buongiorno da A')),
    );
    expect(onA!.message.id).toBe((stored as { id: string }).id);
    expect(onB!.message.id).toBe((stored as { id: string }).id);
    await sleep(500);
    expect(countOf(staffOnA, 'newMessage')).toBe(1);
    expect(countOf(staffOnB, 'newMessage')).toBe(1);
    const rows = await database.db.withTables<{ chat_messages: { id: string; client_id: string | null } }>().selectFrom('chat_messages').select('id').where('client_id', '=', clientId).execute();
    expect(rows).toEqual([{ id: (stored as { id: string }).id }]);
  });

  it('a registration on B notifies the admins on A and on B once each, with one row per admin', async () => {
    const secondAdminId = await createUser('admin.due@example.it', 'admin');
    const adminOnA = await connect(urlA, await login(urlA, ADMIN.email, ADMIN.password));
    const adminOnB = await connect(urlB, await login(urlB, 'admin.due@example.it'));
    const response = await fetch(`${urlB}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'persona', name: 'Giulia', surname: 'Bianchi', email: 'giulia.bianchi@example.it', phone: '+39 333 1234567', password: PASSWORD, confirmPassword: PASSWORD, privacy: true }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const isThisOne = (event: TJson<TNotification>) => event.data.link === '/admin/gestione-utenti?q=giulia.bianchi%40example.it';
    await Promise.all([adminOnA, adminOnB].map((socket) => socket.waitFor<TJson<TNotification>>('notification', isThisOne, 10_000)));
    await sleep(500);
    for (const socket of [adminOnA, adminOnB]) expect(socket.events.filter((entry) => entry.event === 'notification' && isThisOne(entry.args[0] as never))).toHaveLength(1);
    const rows = await database.db.selectFrom('notifications').select('user_id').where('user_id', '=', secondAdminId).execute();
    expect(rows).toHaveLength(1);
  });

  it('a settings change on A syncs the users on A and on B once each, and B serves the new value', async () => {
    await createUser('corner.sync@example.it');
    const cornerCookie = await login(urlB, 'corner.sync@example.it');
    const [onA, onB] = [await connect(urlA, cornerCookie), await connect(urlB, cornerCookie)];
    const adminCookie = await login(urlA, ADMIN.email, ADMIN.password);
    const value = [{ docType: 'libretto', label: 'Libretto di circolazione', required: true }];
    const changed = await call(urlA, adminCookie, 'PATCH', '/api/admin/settings', { key: 'rcaDocs', value });
    expect(changed.status, await changed.clone().text()).toBe(200);
    await Promise.all([onA.waitFor('syncSettings'), onB.waitFor('syncSettings')]);
    // B's log of the socket event names the request made on A.
    const requestId = changed.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    const logLines = (server: TServerProcess) =>
      server
        .output()
        .split('\n')
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        });
    // (Written just after the event, and read through the process's stdout pipe: waited for.)
    await vi.waitFor(() => {
      for (const server of processes) {
        expect(logLines(server)).toContainEqual(expect.objectContaining({ msg: 'evento realtime inviato', event: 'syncSettings', reqId: requestId }));
      }
    });
    await sleep(500);
    expect(countOf(onA, 'syncSettings')).toBe(1);
    expect(countOf(onB, 'syncSettings')).toBe(1);
    const served = await call(urlB, cornerCookie, 'GET', '/api/settings');
    expect((await served.json()).rcaDocs).toEqual(value);
  });

  it('a logout on A ends the session on both: the sockets on A and B are disconnected and B refuses the cookie at once', async () => {
    await createUser('corner.logout@example.it');
    const cookie = await login(urlA, 'corner.logout@example.it');
    const [onA, onB] = [await connect(urlA, cookie), await connect(urlB, cookie)];
    expect((await call(urlB, cookie, 'GET', '/api/auth/me')).status).toBe(200); // now in B's session cache
    const loggedOutAt = Date.now();
    expect((await call(urlA, cookie, 'POST', '/api/auth/logout')).status).toBe(200);
    expect(await onA.disconnected).toBe('io server disconnect');
    expect(await onB.disconnected).toBe('io server disconnect');
    await vi.waitFor(async () => expect((await call(urlB, cookie, 'GET', '/api/auth/me')).status).toBe(401), { timeout: 2_000, interval: 20 });
    expect(Date.now() - loggedOutAt).toBeLessThan(2_000);
    await expect(connectSocket(urlB, { cookie })).rejects.toThrow();
  });

  it('a news item scheduled on A goes live through one run of its job, announced to the users on A and on B', async () => {
    await createUser('corner.news@example.it');
    const cornerCookie = await login(urlA, 'corner.news@example.it');
    const watchers = [urlA, urlB].map((base) => {
      const trpc = createTrpcWsClient(base, { cookie: cornerCookie });
      closers.push(trpc.close);
      const received: unknown[] = [];
      const started = new Promise<void>((resolve) => {
        const subscription = trpc.client.news.onChange.subscribe(undefined, { onStarted: () => resolve(), onData: (event) => received.push(event) });
        closers.push(() => subscription.unsubscribe());
      });
      return { received, started };
    });
    await Promise.all(watchers.map((watcher) => watcher.started));

    const adminCookie = await login(urlA, ADMIN.email, ADMIN.password);
    const publishFrom = new Date(Date.now() + 3_000);
    const created = await call(urlA, adminCookie, 'POST', '/api/admin/news', { title: 'Nuove tariffe RC Auto', text: 'Dal mese prossimo.', publishFrom: publishFrom.toISOString() });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // The save is announced at once (the admins' lists); the start, later, by the job.
    await vi.waitFor(() => expect(watchers.map((watcher) => watcher.received.length)).toEqual([1, 1]), { timeout: 5_000 });
    const live = async () => ((await (await call(urlB, cornerCookie, 'GET', '/api/news')).json()) as { id: string }[]).map((news) => news.id);

    await vi.waitFor(() => expect(watchers.map((watcher) => watcher.received.length)).toEqual([2, 2]), { timeout: 20_000, interval: 100 });
    expect(await live()).toContain(id);
    await sleep(1_000);
    expect(watchers.map((watcher) => watcher.received.length)).toEqual([2, 2]);
    const runs = await database.db.selectFrom('jobs').select(['state', 'attempts']).where('name', '=', NEWS_SCHEDULE_JOB).where('run_at', '=', publishFrom).execute();
    expect(runs).toEqual([{ state: 'done', attempts: 1 }]);
    // Both processes enqueue the every-minute occurrence: its singleton key keeps one row per minute.
    const occurrences = await database.db
      .selectFrom('jobs')
      .select((eb) => ['singleton_key', eb.fn.countAll<string>().as('rows')])
      .where('name', '=', NEWS_SCHEDULE_JOB)
      .where('singleton_key', 'is not', null)
      .groupBy('singleton_key')
      .execute();
    expect(occurrences.length).toBeGreaterThan(0);
    for (const occurrence of occurrences) expect(Number(occurrence.rows)).toBe(1);
  });

  it('a file uploaded on A is stored once in the bucket, listed and served whole and by range on B', async () => {
    await createUser('corner.files@example.it');
    const cookie = await login(urlA, 'corner.files@example.it');
    const pdf = Buffer.concat([await pdfOf('Polizza'), randomBytes(64 * 1024)]);
    const body = multipart([{ kind: 'file', field: 'file0', filename: 'polizza.pdf', content: pdf, contentType: 'application/pdf' }]);
    const uploaded = await fetch(`${urlA}/api/docs/upload`, { method: 'POST', headers: { ...body.headers, cookie }, body: body.payload });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const { path: filePath } = ((await uploaded.json()) as { files: { path: string }[] }).files[0]!;

    const listed = (await (await call(urlB, cookie, 'GET', '/api/docs')).json()) as unknown;
    expect(JSON.stringify(listed)).toContain(filePath);
    const whole = await call(urlB, cookie, 'GET', `/api/docs/file?path=${encodeURIComponent(filePath)}`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(pdf)).toBe(true);
    const ranged = await fetch(`${urlB}/api/docs/file?path=${encodeURIComponent(filePath)}`, { headers: { cookie, range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(pdf.subarray(100, 200))).toBe(true);

    const client = new S3Client({ ...s3.options, credentials: s3.options });
    const objects = (await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? [];
    client.destroy();
    const rows = await database.db.withTables<{ files: { storage_key: string } }>().selectFrom('files').select('storage_key').execute();
    expect(objects.map((object) => object.Key).sort()).toEqual(rows.map((row) => row.storage_key).sort());
    expect(rows).toHaveLength(1);
    expect(objects[0]!.Size).toBe(pdf.length);
    // Nothing on either process's disk: the file lives in the bucket.
    for (const dataDir of dataDirs) expect(await fs.readdir(path.join(dataDir, 'files')).catch(() => [])).toEqual([]);
  });
});
