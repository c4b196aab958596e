/**
 * Shared pieces of the benchmarks: settings, the load generator in a child process, the servers under test and
 * the scratch databases. Servers always run in the calling process; load always comes from bench/load-worker.ts.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type TDatabaseHandle } from '../server/db/database';
import { insertUserFixture } from '../server/testing/fixtures';
import type { TLoadReply, TLoadRequest, TLoadSummary } from './load-worker';

// ---------------------------------------------------------------------------------------------------------------
// Settings

const intFromEnv = (name: string, fallback: number, min: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min} (got "${raw}")`);
  return value;
};

export const settings = {
  durationSeconds: intFromEnv('BENCH_DURATION', 10, 1),
  warmupSeconds: intFromEnv('BENCH_WARMUP', 3, 0),
  connections: intFromEnv('BENCH_CONNECTIONS', 50, 1),
  pipelining: intFromEnv('BENCH_PIPELINING', 1, 1),
  /** Unset: the pool size openDatabase() uses in production. */
  pgPoolSize: process.env.BENCH_PG_POOL_SIZE ? intFromEnv('BENCH_PG_POOL_SIZE', 10, 1) : undefined,
  postgresServerUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  skipPostgres: process.env.BENCH_SKIP_POSTGRES === '1',
  skipPglite: process.env.BENCH_SKIP_PGLITE === '1',
};

export const redactUrl = (raw: string) => {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '<invalid url>';
  }
};

export const describeSettings = () => {
  const [load1] = os.loadavg();
  return (
    `node ${process.version}, ${os.cpus().length} CPUs, load avg ${load1?.toFixed(2)}; ` +
    `autocannon: ${settings.connections} connections, pipelining ${settings.pipelining}, ` +
    `${settings.warmupSeconds}s warm-up (discarded) + ${settings.durationSeconds}s measured per target; ` +
    `pg pool ${settings.pgPoolSize ?? 'default (openDatabase)'}`
  );
};

// ---------------------------------------------------------------------------------------------------------------
// Cleanups (run in reverse order, also on Ctrl-C)

const cleanups: (() => Promise<void>)[] = [];

export const onCleanup = (cleanup: () => Promise<void>) => {
  cleanups.push(cleanup);
  return async () => {
    const index = cleanups.indexOf(cleanup);
    if (index >= 0) cleanups.splice(index, 1);
    await cleanup();
  };
};

export const runCleanups = async () => {
  while (cleanups.length > 0) {
    const cleanup = cleanups.pop();
    await cleanup?.().catch((error: unknown) => console.error('cleanup failed:', error));
  }
};

let interrupted = false;
process.on('SIGINT', () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  console.error('\ninterrupted: cleaning up (scratch database, temp dirs)… press Ctrl-C again to quit at once');
  void runCleanups().finally(() => process.exit(130));
});

// ---------------------------------------------------------------------------------------------------------------
// Load generator (child process)

export type TLoadClient = {
  run: (url: string, headers: Record<string, string>, durationSeconds: number) => Promise<TLoadSummary>;
  stop: () => void;
};

export const startLoadGenerator = (): TLoadClient => {
  const child: ChildProcess = fork(fileURLToPath(new URL('./load-worker.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (summary: TLoadSummary) => void; reject: (error: Error) => void }>();
  child.on('message', (message: TLoadReply) => {
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.type === 'result') waiter.resolve(message.summary);
    else waiter.reject(new Error(`load generator: ${message.message}`));
  });
  child.on('exit', (code, signal) => {
    for (const waiter of pending.values()) waiter.reject(new Error(`load generator exited (code ${code}, signal ${signal})`));
    pending.clear();
  });
  const client: TLoadClient = {
    run: (url, headers, durationSeconds) =>
      new Promise<TLoadSummary>((resolve, reject) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`load generator: no answer for ${url} after ${durationSeconds + 60}s`));
        }, (durationSeconds + 60) * 1000);
        pending.set(id, {
          resolve: (summary) => (clearTimeout(timer), resolve(summary)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        });
        const request: TLoadRequest = {
          type: 'run',
          id,
          url,
          headers,
          connections: settings.connections,
          pipelining: settings.pipelining,
          durationSeconds,
        };
        child.send(request);
      }),
    stop: () => {
      if (child.connected) child.disconnect();
      if (child.exitCode === null && child.signalCode === null) child.kill();
    },
  };
  onCleanup(async () => client.stop());
  return client;
};

// ---------------------------------------------------------------------------------------------------------------
// Targets and measurement

export type TTarget = {
  name: string;
  database: 'none' | 'pglite' | 'postgres';
  url: string;
  headers: Record<string, string>;
  /** Null when the body of a probe response is what it should be, otherwise what is wrong. */
  checkBody: (body: unknown) => string | null;
  app: FastifyInstance;
  close: () => Promise<void>;
  /** Cumulative CPU milliseconds per database server process (PostgreSQL backends), when they can be read. */
  sampleDatabaseCpu?: () => Promise<Map<number, number> | null>;
};

export type TCpuFigures = {
  /** CPU of this (server) process during the measured run, % of one core. */
  serverPercent: number;
  serverMicrosPerRequest: number;
  /** CPU of the PostgreSQL backends serving this app's pool (null for PGlite, which runs inside the server). */
  databaseMicrosPerRequest: number | null;
  loadGeneratorPercent: number;
};

export type TTargetResult = {
  target: string;
  url: string;
  database: TTarget['database'];
  summary: TLoadSummary;
  cpu: TCpuFigures;
};

const urlOf = (app: FastifyInstance, pathname: string) => {
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}${pathname}`;
};

/**
 * One request by hand first (a broken target fails fast and clearly), then the warm-up run (discarded), then
 * the measured run. Any non-2xx, error or timeout fails: a benchmark of 401s is worthless.
 */
export const measure = async (load: TLoadClient, target: TTarget, options: { allowNon2xx?: boolean } = {}): Promise<TTargetResult> => {
  const probe = await fetch(target.url, { headers: target.headers });
  const text = await probe.text();
  if (!options.allowNon2xx) {
    if (probe.status !== 200) throw new Error(`${target.name}: probe request answered ${probe.status}, expected 200: ${text.slice(0, 300)}`);
    const problem = target.checkBody(JSON.parse(text) as unknown);
    if (problem) throw new Error(`${target.name}: unexpected probe body (${problem}): ${text.slice(0, 300)}`);
  }

  if (settings.warmupSeconds > 0) {
    process.stdout.write(`  ${target.name}: warm-up ${settings.warmupSeconds}s… `);
    const warm = await load.run(target.url, target.headers, settings.warmupSeconds);
    process.stdout.write(`${Math.round(warm.requestsPerSecond.mean)} req/s (discarded)\n`);
  }
  process.stdout.write(`  ${target.name}: measuring ${settings.durationSeconds}s… `);
  const databaseCpuBefore = (await target.sampleDatabaseCpu?.()) ?? null;
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  const summary = await load.run(target.url, target.headers, settings.durationSeconds);
  const serverCpu = process.cpuUsage(cpuBefore);
  const elapsedMs = performance.now() - startedAt;
  const databaseCpuAfter = (await target.sampleDatabaseCpu?.()) ?? null;
  process.stdout.write(`${Math.round(summary.requestsPerSecond.mean)} req/s\n`);

  const serverCpuMicros = serverCpu.user + serverCpu.system;
  let databaseMicrosPerRequest: number | null = null;
  if (databaseCpuBefore && databaseCpuAfter) {
    let databaseMs = 0;
    for (const [pid, ms] of databaseCpuAfter) databaseMs += ms - (databaseCpuBefore.get(pid) ?? 0);
    databaseMicrosPerRequest = (databaseMs * 1000) / Math.max(1, summary.totalRequests);
  }
  const cpu: TCpuFigures = {
    serverPercent: (serverCpuMicros / 1000 / elapsedMs) * 100,
    serverMicrosPerRequest: serverCpuMicros / Math.max(1, summary.totalRequests),
    databaseMicrosPerRequest,
    loadGeneratorPercent: summary.loadGeneratorCpuPercent,
  };

  if (summary.totalRequests === 0) throw new Error(`${target.name}: no response at all`);
  const broken = summary.errors > 0 || summary.timeouts > 0 || (!options.allowNon2xx && (summary.non2xx > 0 || summary.status2xx === 0));
  if (broken) {
    throw new Error(
      `${target.name}: ${summary.non2xx} non-2xx responses (4xx ${summary.status4xx}, 5xx ${summary.status5xx}), ` +
        `${summary.errors} errors, ${summary.timeouts} timeouts out of ${summary.totalRequests} requests — the figures are worthless`,
    );
  }
  return { target: target.name, url: target.url, database: target.database, summary, cpu };
};

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU time of the PostgreSQL backends connected to the current database, read from /proc (Linux, server on
 * this machine); null when that is not possible. Backends that end during a run are missed: an estimate.
 */
export const postgresBackendCpuSampler = (database: TDatabaseHandle) => async (): Promise<Map<number, number> | null> => {
  if (process.platform !== 'linux') return null;
  try {
    const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(database.db);
    const figures = new Map<number, number>();
    for (const { pid } of rows) {
      const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
      if (!stat) continue;
      // Fields after the ")" of the command name: state is field 3, utime 14, stime 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      if (Number.isFinite(ticks)) figures.set(pid, (ticks * 1000) / CLOCK_TICKS_PER_SECOND);
    }
    return figures.size > 0 ? figures : null;
  } catch {
    return null;
  }
};

/** The baseline: a bare Fastify with one JSON route. */
export const startHelloServer = async (name = 'hello-world'): Promise<TTarget> => {
  const app = Fastify();
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const close = onCleanup(() => app.close());
  return {
    name,
    database: 'none',
    url: urlOf(app, '/hello'),
    headers: {},
    checkBody: (body) => ((body as { hello?: unknown }).hello === 'world' ? null : 'no hello'),
    app,
    close,
  };
};

/**
 * The full app (buildApp, production config) on `database`, one active user logged in once through the public
 * API (login is rate-limited per IP), and GET /api/auth/me with that session cookie.
 */
export const startAuthMeServer = async (name: string, database: TDatabaseHandle): Promise<TTarget & { sid: string }> => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-auth-me-'));
  const removeDataDir = onCleanup(() => fs.rm(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1' });
  const app = await buildApp({ config, database, logger: false });
  const closeApp = onCleanup(() => app.close());
  const close = async () => {
    await closeApp();
    await removeDataDir();
  };
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const email = `bench-${randomBytes(4).toString('hex')}@example.it`;
    const password = `Bench-${randomBytes(12).toString('hex')}`;
    const user = await insertUserFixture(database.db, { email, password });

    const login = await fetch(urlOf(app, '/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const loginBody = await login.text();
    if (login.status !== 200) throw new Error(`${name}: login answered ${login.status}: ${loginBody.slice(0, 300)}`);
    const sid = login.headers
      .getSetCookie()
      .map((header) => /^sid=([^;]*)/.exec(header)?.[1])
      .find((value) => value);
    if (!sid) throw new Error(`${name}: login set no sid cookie (set-cookie: ${JSON.stringify(login.headers.getSetCookie())})`);

    return {
      name,
      database: database.kind,
      url: urlOf(app, '/api/auth/me'),
      headers: { cookie: `sid=${sid}` },
      checkBody: (body) => ((body as { id?: unknown }).id === user.id ? null : `expected user id ${user.id}`),
      app,
      close,
      sid,
      sampleDatabaseCpu: database.kind === 'postgres' ? postgresBackendCpuSampler(database) : undefined,
    };
  } catch (error) {
    await close();
    throw error;
  }
};

// ---------------------------------------------------------------------------------------------------------------
// Databases

/** PGlite on disk in a temp dir, as in production (DATA_DIR/pglite); removed on close. */
export const openBenchPglite = async (): Promise<TDatabaseHandle> => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-pglite-'));
  const removeDataDir = onCleanup(() => fs.rm(dataDir, { recursive: true, force: true }));
  const handle = await openDatabase({ dataDir });
  const closeHandle = onCleanup(() => handle.close());
  return {
    ...handle,
    close: async () => {
      await closeHandle();
      await removeDataDir();
    },
  };
};

/**
 * A scratch database `bench_<random>` on the PostgreSQL server of BENCH_DATABASE_URL, dropped on close (and on
 * Ctrl-C). Null, with a clear line printed, when the server cannot be reached: that part is skipped, not failed.
 */
export const openScratchPostgres = async (poolSize = settings.pgPoolSize): Promise<(TDatabaseHandle & { url: string }) | null> => {
  const serverUrl = settings.postgresServerUrl;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(
      `\n!! PostgreSQL not reachable at ${redactUrl(serverUrl)} (${error instanceof Error ? error.message : String(error)}): ` +
        'skipping the PostgreSQL part. Set BENCH_DATABASE_URL to a server URL to measure it.\n',
    );
    await admin.end().catch(() => undefined);
    return null;
  }
  const name = `bench_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const drop = onCleanup(async () => {
    const dropper = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
    await dropper.connect();
    try {
      // The pool's connections close asynchronously after pool.end(); killing one still closing (with force)
      // would surface as an unhandled pool 'error'. Give them a moment to go first.
      for (let attempt = 0; attempt < 30; attempt++) {
        const { rows } = await dropper.query<{ count: number }>('select count(*)::int as count from pg_stat_activity where datname = $1', [name]);
        if (!rows[0]?.count) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await dropper.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await dropper.end();
    }
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: null, poolSize });
  const closeHandle = onCleanup(() => handle.close());
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await closeHandle();
      await drop();
    },
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Report

const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const printTable = (results: TTargetResult[]) => {
  const rows = [
    ['target', 'req/s (mean)', '± stddev', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'server CPU', 'µs/req', 'PG µs/req', 'load CPU'],
    ...results.map(({ target, summary, cpu }) => [
      target,
      fmt(summary.requestsPerSecond.mean),
      fmt(summary.requestsPerSecond.stddev),
      fmt(summary.latencyMs.p50, 1),
      fmt(summary.latencyMs.p99, 1),
      fmt(summary.totalRequests),
      fmt(summary.non2xx),
      `${fmt(cpu.serverPercent)}%`,
      fmt(cpu.serverMicrosPerRequest),
      cpu.databaseMicrosPerRequest === null ? '-' : fmt(cpu.databaseMicrosPerRequest),
      `${fmt(cpu.loadGeneratorPercent)}%`,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(line(rows[0]!));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
};
