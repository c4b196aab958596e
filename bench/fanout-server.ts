/**
 * One server of the fan-out benchmark, in its own process (forked by bench/fanout.bench.ts with --expose-gc), so
 * that its CPU and heap are its own:
 *
 *   bare      a plain `ws` WebSocketServer that sends one JSON text frame to every client
 *   platform  the real app (buildApp, production config) on PGlite in a temp dir, or on the PostgreSQL database
 *             of FANOUT_DATABASE_URL; the event is an admin's one-time message to everyone
 *             (services.admin.sendOneTimeMessage, the service behind POST /api/admin/onetime-message), which
 *             socket.io sends as `onetimemessage` to the `all` room
 *
 * Usage (by the benchmark): node --expose-gc --import tsx bench/fanout-server.ts bare|platform
 * Environment: FANOUT_SESSIONS (sockets to prepare sessions for), FANOUT_USERS (users they belong to),
 * FANOUT_DATABASE_URL (platform on PostgreSQL instead of PGlite).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import inspector from 'node:inspector/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { WebSocketServer } from 'ws';
import { eventText, FANOUT_EVENT, monotonicMicros, type TServerCommand, type TServerMessage } from './fanout-shared';
import { freePort } from '../server/testing/free-port';

const send = (message: TServerMessage) => process.send?.(message);

const gc = () => {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('fanout-server needs --expose-gc');
  collect();
  collect();
};


type TServer = {
  url: string;
  origin: string;
  sessions: string[] | null;
  users: number;
  /** Sends one event carrying `text`; resolves when the send is done (the service call returned). */
  sendEvent: (text: string) => Promise<void>;
  socketCount: () => number;
  close: () => Promise<void>;
};

// ---------------------------------------------------------------------------------------------------------------
// Bare ws broadcast server

const startBare = async (): Promise<TServer> => {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  const { port } = wss.address() as AddressInfo;
  const url = `ws://127.0.0.1:${port}`;
  return {
    url,
    origin: `http://127.0.0.1:${port}`,
    sessions: null,
    users: 0,
    // The same JSON the platform puts on the wire (minus socket.io's "42" packet prefix), serialised once.
    sendEvent: async (text) => {
      const frame = JSON.stringify([FANOUT_EVENT, { type: 'info', text }]);
      for (const client of wss.clients) client.send(frame);
    },
    socketCount: () => wss.clients.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
};

// ---------------------------------------------------------------------------------------------------------------
// The platform

const intFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};

const startPlatform = async (): Promise<TServer> => {
  // Imported here so the bare server never loads the app.
  const [{ buildApp }, { loadConfig }, { openDatabase }, { insertUserFixture }, { hashPassword }, { createSecretToken, hashToken }, repo] = await Promise.all([
    import('../server/app'),
    import('../server/config'),
    import('../server/db/database'),
    import('../server/testing/fixtures'),
    import('../server/platform/passwords'),
    import('../server/platform/tokens'),
    import('../server/modules/auth/auth.repository'),
  ]);
  const socketsWanted = intFromEnv('FANOUT_SESSIONS', 2000);
  const usersWanted = Math.min(socketsWanted, intFromEnv('FANOUT_USERS', socketsWanted));
  const databaseUrl = process.env.FANOUT_DATABASE_URL || undefined;

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-fanout-'));
  const database = await openDatabase(databaseUrl ? { databaseUrl, dataDir: null } : { dataDir: path.join(dataDir, 'pglite') });
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: publicUrl, PORT: String(port) });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port, host: '127.0.0.1' });

  // The admin who sends the messages: a real account, logged in through the auth service (argon2 and all).
  const adminEmail = `bench-admin-${randomBytes(4).toString('hex')}@example.it`;
  const adminPassword = `Bench-${randomBytes(12).toString('hex')}`;
  await insertUserFixture(database.db, { email: adminEmail, password: adminPassword, role: 'admin' });
  const adminCtx = { actor: null, ip: '127.0.0.1', userAgent: 'bench/fanout' };
  const { token: adminToken } = await app.services.auth.login(adminCtx, { email: adminEmail, password: adminPassword });
  const adminActor = await app.services.auth.resolveSession(adminToken, 'cookie');
  if (!adminActor || adminActor.role !== 'admin') throw new Error('the admin session does not resolve to an admin');
  const ctx = { actor: adminActor, ip: '127.0.0.1', userAgent: 'bench/fanout' };

  // The connected users: active corners, written in batches with one shared argon2 hash (2,000 hashes would
  // take minutes and measure nothing), each with a cookie session written as login writes it (startSession:
  // a random 256-bit token, its SHA-256 in `sessions`). Each socket's handshake then resolves its session for
  // real (database, then the session cache).
  const passwordHash = await hashPassword(`Bench-${randomBytes(12).toString('hex')}`);
  const runId = randomBytes(4).toString('hex');
  const userIds: string[] = [];
  for (let start = 0; start < usersWanted; start += 500) {
    const rows = Array.from({ length: Math.min(500, usersWanted - start) }, (_, index) => ({
      email: `bench-${runId}-${start + index}@example.it`,
      password_hash: passwordHash,
      role: 'corner',
      state: 'active',
      type: 'persona',
      name: 'Mario',
      surname: `Rossi ${start + index}`,
      email_verified_at: new Date(),
    }));
    const inserted = await database.db.insertInto('users').values(rows).returning('id').execute();
    userIds.push(...inserted.map((row) => row.id));
  }
  const userTokens: string[] = [];
  for (const userId of userIds) {
    const token = createSecretToken();
    await repo.insertSession(database.db, {
      id: hashToken(token),
      userId,
      kind: 'cookie',
      impersonatorId: null,
      ip: '127.0.0.1',
      userAgent: 'bench/fanout',
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    });
    userTokens.push(token);
  }
  // Socket i belongs to user i mod users.
  const sessions = Array.from({ length: socketsWanted }, (_, index) => userTokens[index % userTokens.length]!);

  // socket.io itself is not exposed by the app: count the open WebSocket connections upgraded at /ws/.
  let openSockets = 0;
  app.server.on('upgrade', (request: { url?: string }, socket: net.Socket) => {
    if (!request.url?.startsWith('/ws/')) return;
    openSockets++;
    socket.once('close', () => openSockets--);
  });
  return {
    url: publicUrl,
    origin: publicUrl,
    sessions,
    users: userIds.length,
    sendEvent: async (text) => {
      await app.services.admin.sendOneTimeMessage(ctx, { type: 'info', text });
    },
    socketCount: () => openSockets,
    close: async () => {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
};

// ---------------------------------------------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const main = async () => {
  const kind = process.argv[2];
  if (kind !== 'bare' && kind !== 'platform') throw new Error('usage: fanout-server.ts bare|platform');
  const startedAt = performance.now();
  const server = kind === 'bare' ? await startBare() : await startPlatform();

  /** The measured window: CPU and wall clock at its start, and the events fired in it. */
  let window: { cpu: NodeJS.CpuUsage; wall: number; sendMicros: number[]; events: number } | null = null;
  let heapSamples = 0;
  const inFlight = new Set<Promise<void>>();
  // BENCH_FANOUT_PROFILE: a CPU profile of the measured window only (not the setup nor the handshakes).
  const profiler = process.env.FANOUT_PROFILE_FILE ? new inspector.Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
  }
  process.on('message', (command: TServerCommand) => {
    void (async () => {
      try {
        if (command.type === 'heap') {
          gc();
          await sleep(50);
          gc();
          const memory = process.memoryUsage();
          // BENCH_FANOUT_HEAP_SNAPSHOTS: a heap snapshot at each sample (before and after the sockets connect).
          if (process.env.FANOUT_HEAP_SNAPSHOT_PREFIX) writeHeapSnapshot(`${process.env.FANOUT_HEAP_SNAPSHOT_PREFIX}-${++heapSamples}.heapsnapshot`);
          send({ type: 'heap', heapUsed: memory.heapUsed, external: memory.external, arrayBuffers: memory.arrayBuffers, rss: memory.rss, sockets: server.socketCount() });
        } else if (command.type === 'fire') {
          // One event, now (the benchmark process keeps the schedule, so that every server fires in the same
          // seconds); the send time travels in the event.
          const current = window;
          const sentAt = monotonicMicros();
          const sending = server.sendEvent(eventText(command.seq, sentAt));
          inFlight.add(sending);
          try {
            await sending;
          } finally {
            inFlight.delete(sending);
          }
          if (current) {
            current.sendMicros.push(monotonicMicros() - sentAt);
            current.events++;
          }
        } else if (command.type === 'window-start') {
          // Set before any await: the next `fire` may be handled in this same tick.
          window = { cpu: process.cpuUsage(), wall: monotonicMicros(), sendMicros: [], events: 0 };
          if (profiler) {
            await profiler.post('Profiler.start');
            window.cpu = process.cpuUsage();
          }
        } else if (command.type === 'window-end') {
          if (!window) throw new Error('window-end without window-start');
          await Promise.all(inFlight);
          const cpu = process.cpuUsage(window.cpu);
          const elapsedMicros = monotonicMicros() - window.wall;
          if (profiler && process.env.FANOUT_PROFILE_FILE) {
            const { profile } = await profiler.post('Profiler.stop');
            await fs.mkdir(path.dirname(process.env.FANOUT_PROFILE_FILE), { recursive: true });
            await fs.writeFile(process.env.FANOUT_PROFILE_FILE, JSON.stringify(profile));
          }
          send({
            type: 'done',
            events: window.events,
            cpuUserMicros: cpu.user,
            cpuSystemMicros: cpu.system,
            elapsedMicros,
            sendMicros: window.sendMicros,
            socketsAtEnd: server.socketCount(),
          });
          window = null;
        } else if (command.type === 'stop') {
          await server.close();
          process.exit(0);
        }
      } catch (error) {
        send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      }
    })();
  });

  send({ type: 'ready', url: server.url, origin: server.origin, sessions: server.sessions, users: server.users, setupMs: Math.round(performance.now() - startedAt) });
};

main().catch((error: unknown) => {
  send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  setTimeout(() => process.exit(1), 100);
});
process.on('disconnect', () => process.exit(0));
