/**
 * Fan-out of one event per second to 2,000 connected sockets: the platform (buildApp, an admin's one-time message
 * to everyone, socket.io `onetimemessage` at /ws/) against a bare `ws` broadcast server, in the same run. Delivery
 * latency p50/p95/p99/max, server CPU, server heap per socket; targets: p99 platform ÷ p99 bare <= 1.5 and
 * heap <= 15 KB per socket.
 *
 * Every server runs alone in its own process (bench/fanout-server.ts, --expose-gc); the sockets live in
 * BENCH_FANOUT_CLIENTS other processes (bench/fanout-clients.ts). This process only directs and counts.
 *
 *   npm run bench:fanout
 *   BENCH_SOCKETS=500 BENCH_DURATION=5 BENCH_WARMUP=2 npm run bench:fanout     # quick run
 *
 * Exit code: 0 ok, 1 the benchmark failed (a lost delivery, a socket that did not connect or dropped, a crash),
 * 2 a target was missed. See bench/README.md.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { failureMessage, reportFailure, runBenchmark, writeReport } from './report';
import type { TClientCommand, TClientMessage, TClientReport, THeapSample, TServerCommand, TServerKind, TServerMessage, TServerReady, TServerRunDone } from './fanout-shared';

const MAX_P99_RATIO = 1.5;
const MAX_HEAP_KB_PER_SOCKET = 15;

const intFromEnv = (name: string, fallback: number, min: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min} (got "${raw}")`);
  return value;
};

const sockets = intFromEnv('BENCH_SOCKETS', 2000, 1);
const settings = {
  sockets,
  durationSeconds: intFromEnv('BENCH_DURATION', 30, 1),
  warmupSeconds: intFromEnv('BENCH_WARMUP', 5, 0),
  /** Users the platform's sockets belong to (socket i → user i mod users); default one socket per user. */
  users: Math.min(sockets, intFromEnv('BENCH_FANOUT_USERS', sockets, 1)),
  clientProcesses: intFromEnv('BENCH_FANOUT_CLIENTS', 2, 1),
  connectConcurrency: intFromEnv('BENCH_FANOUT_CONNECT_CONCURRENCY', 50, 1),
  intervalMs: intFromEnv('BENCH_FANOUT_INTERVAL_MS', 1000, 10),
  postgresServerUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  skipPostgres: process.env.BENCH_SKIP_POSTGRES === '1',
  skipPglite: process.env.BENCH_SKIP_PGLITE === '1',
  /** A directory: each server writes there a V8 CPU profile of its measured window (open it in Chrome DevTools). */
  profileDir: process.env.BENCH_FANOUT_PROFILE || null,
  /** An existing directory: each server writes there a heap snapshot before and after the sockets connect. */
  heapSnapshotDir: process.env.BENCH_FANOUT_HEAP_SNAPSHOTS || null,
};

const redactUrl = (raw: string) => {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '<invalid url>';
  }
};

// ---------------------------------------------------------------------------------------------------------------
// Children

const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];
const runCleanups = async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  children.clear();
  while (cleanups.length > 0) await cleanups.pop()?.().catch((error: unknown) => console.error('cleanup failed:', error));
};
let interrupted = false;
process.on('SIGINT', () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  console.error('\ninterrupted: cleaning up (children, scratch database)…');
  void runCleanups().finally(() => process.exit(130));
});

type TChild<TIn, TOut extends { type: string }> = {
  process: ChildProcess;
  send: (message: TIn) => void;
  next: <K extends TOut['type']>(type: K, timeoutMs: number) => Promise<Extract<TOut, { type: K }>>;
};

/** A forked TypeScript child with a queue of its messages; an `error` message or an early exit rejects. */
const forkChild = <TIn, TOut extends { type: string }>(
  file: string,
  args: string[],
  options: { execArgv?: string[]; env?: Record<string, string> } = {},
): TChild<TIn, TOut> => {
  const child = fork(fileURLToPath(new URL(file, import.meta.url)), args, {
    execArgv: [...(options.execArgv ?? []), '--import', 'tsx'],
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  const queue: TOut[] = [];
  const waiters: { type: string; resolve: (message: TOut) => void; reject: (error: Error) => void }[] = [];
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    for (const waiter of waiters.splice(0)) waiter.reject(error);
  };
  child.on('message', (message: TOut) => {
    if (message.type === 'error') return fail(new Error(`${file}: ${(message as unknown as { message: string }).message}`));
    const index = waiters.findIndex((waiter) => waiter.type === message.type);
    if (index >= 0) waiters.splice(index, 1)[0]!.resolve(message);
    else queue.push(message);
  });
  child.on('exit', (code, signal) => {
    children.delete(child);
    fail(new Error(`${file} exited (code ${code}, signal ${signal})`));
  });
  return {
    process: child,
    send: (message) => {
      if (child.connected) child.send(message as never);
    },
    next: (type, timeoutMs) =>
      new Promise((resolve, reject) => {
        const queued = queue.findIndex((message) => message.type === type);
        if (queued >= 0) return resolve(queue.splice(queued, 1)[0] as never);
        if (failure) return reject(failure);
        const timer = setTimeout(() => {
          const index = waiters.indexOf(waiter);
          if (index >= 0) waiters.splice(index, 1);
          reject(new Error(`${file}: no "${type}" within ${Math.round(timeoutMs / 1000)} s`));
        }, timeoutMs);
        const waiter = {
          type,
          resolve: (message: TOut) => (clearTimeout(timer), resolve(message as never)),
          reject: (error: Error) => (clearTimeout(timer), reject(error)),
        };
        waiters.push(waiter);
      }),
  };
};

const stopChild = async (child: ChildProcess, stopMessage: unknown) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.connected) child.send(stopMessage as never);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
};

// ---------------------------------------------------------------------------------------------------------------
// Figures

const percentile = (sorted: number[], p: number) => {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
};
const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);

type TTargetResult = {
  target: string;
  kind: TServerKind;
  database: 'none' | 'pglite' | 'postgres';
  socketsConnected: number;
  socketsHeldAtEnd: number;
  users: number;
  events: number;
  deliveriesExpected: number;
  deliveriesReceived: number;
  lost: number;
  duplicates: number;
  disconnects: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Per event (round): its p99 and its last delivery; the median over the rounds. */
  perRoundMs: { medianP99: number; medianMax: number; worstP99: number };
  server: { cpuPercent: number; cpuMsPerEvent: number; sendMsMedian: number; sendMsMax: number; heapBeforeMB: number; heapAfterMB: number; heapKBPerSocket: number; rssKBPerSocket: number; setupMs: number };
  clients: { processes: number; cpuPercent: number; connectMs: number };
};

type TTargetSpec = { name: string; kind: TServerKind; database: TTargetResult['database']; databaseUrl?: string };

type TPrepared = {
  spec: TTargetSpec;
  server: TChild<TServerCommand, TServerMessage>;
  clients: TChild<TClientCommand, TClientMessage>[];
  ready: TServerReady;
  heapBefore: THeapSample;
  heapAfter: THeapSample;
  socketsConnected: number;
  connectMs: number;
};

const stopTarget = async (prepared: Pick<TPrepared, 'server' | 'clients'>) => {
  await Promise.all(prepared.clients.map((client) => stopChild(client.process, { type: 'close' })));
  await stopChild(prepared.server.process, { type: 'stop' });
};

/** Server up, heap sampled, every socket connected, heap sampled again. The target then idles until the run. */
const prepareTarget = async (spec: TTargetSpec): Promise<TPrepared> => {
  const log = (text: string) => process.stdout.write(`  ${spec.name}: ${text}`);
  log('starting server… ');
  const server = forkChild<TServerCommand, TServerMessage>('./fanout-server.ts', [spec.kind], {
    execArgv: ['--expose-gc'],
    env: {
      ...(settings.heapSnapshotDir ? { FANOUT_HEAP_SNAPSHOT_PREFIX: path.resolve(settings.heapSnapshotDir, spec.name.replace(/\W+/g, '-')) } : {}),
      ...(settings.profileDir ? { FANOUT_PROFILE_FILE: path.resolve(settings.profileDir, `${spec.name.replace(/\W+/g, '-')}-${Date.now()}.cpuprofile`) } : {}),
      FANOUT_SESSIONS: String(settings.sockets),
      FANOUT_USERS: String(settings.users),
      ...(spec.databaseUrl ? { FANOUT_DATABASE_URL: spec.databaseUrl } : {}),
    },
  });
  const clients: TChild<TClientCommand, TClientMessage>[] = [];
  try {
    const ready: TServerReady = await server.next('ready', 300_000);
    process.stdout.write(`ready in ${(ready.setupMs / 1000).toFixed(1)} s${ready.users ? ` (${ready.users} users with a session)` : ''}\n`);
    const heapBefore: THeapSample = (server.send({ type: 'heap' }), await server.next('heap', 60_000));

    log(`connecting ${settings.sockets} sockets from ${settings.clientProcesses} client process(es)… `);
    const connectStartedAt = performance.now();
    const perProcess = Math.ceil(settings.sockets / settings.clientProcesses);
    for (let index = 0; index < settings.clientProcesses; index++) {
      const first = index * perProcess;
      const count = Math.min(perProcess, settings.sockets - first);
      if (count <= 0) break;
      const client = forkChild<TClientCommand, TClientMessage>('./fanout-clients.ts', []);
      clients.push(client);
      client.send({
        type: 'connect',
        kind: spec.kind,
        url: ready.url,
        origin: ready.origin,
        sessions: ready.sessions ? ready.sessions.slice(first, first + count) : null,
        count,
        concurrency: Math.max(1, Math.floor(settings.connectConcurrency / settings.clientProcesses)),
      });
    }
    const connected = await Promise.all(clients.map((client) => client.next('connected', 300_000)));
    const socketsConnected = connected.reduce((sum, message) => sum + message.sockets, 0);
    const connectMs = Math.round(performance.now() - connectStartedAt);
    process.stdout.write(`${socketsConnected} in ${(connectMs / 1000).toFixed(1)} s\n`);
    if (socketsConnected !== settings.sockets) throw new Error(`${spec.name}: ${socketsConnected} of ${settings.sockets} sockets connected`);

    // Let the handshakes' garbage and timers settle before the second heap sample.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const heapAfter: THeapSample = (server.send({ type: 'heap' }), await server.next('heap', 60_000));
    if (heapAfter.sockets !== settings.sockets) throw new Error(`${spec.name}: the server holds ${heapAfter.sockets} sockets, expected ${settings.sockets}`);
    return { spec, server, clients, ready, heapBefore, heapAfter, socketsConnected, connectMs };
  } catch (error) {
    await stopTarget({ server, clients });
    throw error;
  }
};

const sleepUntil = async (at: number) => {
  const wait = at - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
};

/**
 * Every target gets one event per interval, in the same seconds: target i fires at i/n of each interval, so that
 * whatever else runs on the machine weighs on all of them alike. The measured window (CPU) opens just before the
 * first measured event and closes one interval after the last.
 */
const runSchedule = async (targets: TPrepared[]): Promise<Map<TPrepared, TServerRunDone>> => {
  const total = settings.warmupSeconds + settings.durationSeconds;
  console.log(
    `\n  all targets: ${settings.warmupSeconds} warm-up + ${settings.durationSeconds} measured events each, one every ${settings.intervalMs} ms, ` +
      `interleaved (offsets ${targets.map((_, index) => `${Math.round((index * settings.intervalMs) / targets.length)} ms`).join(', ')})…`,
  );
  const firstAt = performance.now() + 200;
  for (let seq = 0; seq < total; seq++) {
    if (seq === settings.warmupSeconds) {
      await sleepUntil(firstAt + seq * settings.intervalMs - 20);
      for (const target of targets) target.server.send({ type: 'window-start' });
    }
    for (const [index, target] of targets.entries()) {
      await sleepUntil(firstAt + seq * settings.intervalMs + (index * settings.intervalMs) / targets.length);
      target.server.send({ type: 'fire', seq });
    }
  }
  await sleepUntil(firstAt + total * settings.intervalMs);
  const done = new Map<TPrepared, TServerRunDone>();
  for (const target of targets) {
    target.server.send({ type: 'window-end' });
    done.set(target, await target.server.next('done', 60_000));
  }
  return done;
};

const collect = async (target: TPrepared, done: TServerRunDone): Promise<TTargetResult> => {
  for (const client of target.clients) client.send({ type: 'report', firstMeasuredSeq: settings.warmupSeconds });
  const reports: TClientReport[] = await Promise.all(target.clients.map((client) => client.next('report', 60_000)));
  const { socketsConnected, heapBefore, heapAfter, ready } = target;

  const latencies = reports.flatMap((report) => report.latenciesMicros).sort((a, b) => a - b);
  const bySeq = new Map<number, number[]>();
  for (const report of reports) {
    for (const [seq, values] of Object.entries(report.latenciesBySeq)) {
      const list = bySeq.get(Number(seq)) ?? [];
      list.push(...values);
      bySeq.set(Number(seq), list);
    }
  }
  const roundP99 = [...bySeq.values()].map((values) => percentile(values.sort((a, b) => a - b), 99));
  const roundMax = [...bySeq.values()].map((values) => values[values.length - 1]!);
  const ms = (micros: number) => micros / 1000;
  const deliveriesExpected = socketsConnected * settings.durationSeconds;
  const cpuMicros = done.cpuUserMicros + done.cpuSystemMicros;
  const clientCpuMicros = reports.reduce((sum, report) => sum + report.cpuUserMicros + report.cpuSystemMicros, 0);
  const clientElapsed = Math.max(...reports.map((report) => report.elapsedMicros));
  return {
    target: target.spec.name,
    kind: target.spec.kind,
    database: target.spec.database,
    socketsConnected,
    socketsHeldAtEnd: done.socketsAtEnd,
    users: ready.users,
    events: done.events,
    deliveriesExpected,
    deliveriesReceived: latencies.length,
    lost: deliveriesExpected - latencies.length,
    duplicates: reports.reduce((sum, report) => sum + report.duplicates, 0),
    disconnects: reports.reduce((sum, report) => sum + report.disconnects, 0),
    latencyMs: { p50: ms(percentile(latencies, 50)), p95: ms(percentile(latencies, 95)), p99: ms(percentile(latencies, 99)), max: ms(latencies[latencies.length - 1] ?? NaN) },
    perRoundMs: { medianP99: ms(median(roundP99)), medianMax: ms(median(roundMax)), worstP99: ms(Math.max(...roundP99)) },
    server: {
      cpuPercent: (cpuMicros / done.elapsedMicros) * 100,
      cpuMsPerEvent: ms(cpuMicros / Math.max(1, done.events)),
      sendMsMedian: ms(median(done.sendMicros)),
      sendMsMax: ms(Math.max(...done.sendMicros)),
      heapBeforeMB: heapBefore.heapUsed / 1024 / 1024,
      heapAfterMB: heapAfter.heapUsed / 1024 / 1024,
      heapKBPerSocket: (heapAfter.heapUsed - heapBefore.heapUsed) / 1024 / socketsConnected,
      rssKBPerSocket: (heapAfter.rss - heapBefore.rss) / 1024 / socketsConnected,
      setupMs: ready.setupMs,
    },
    clients: { processes: target.clients.length, cpuPercent: (clientCpuMicros / clientElapsed) * 100, connectMs: target.connectMs },
  };
};

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL scratch database

const createScratchDatabase = async (): Promise<string | null> => {
  const serverUrl = settings.postgresServerUrl;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`\n!! PostgreSQL not reachable at ${redactUrl(serverUrl)} (${error instanceof Error ? error.message : String(error)}): skipping the PostgreSQL part.\n`);
    await admin.end().catch(() => undefined);
    return null;
  }
  const name = `bench_fanout_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
    await dropper.connect();
    try {
      await dropper.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await dropper.end();
    }
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

// ---------------------------------------------------------------------------------------------------------------
// Report

const fmt = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : '-';

const printTable = (results: TTargetResult[]) => {
  const rows = [
    ['target', 'sockets', 'events', 'received/expected', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'p99/round ms', 'last/round ms', 'send ms', 'srv CPU', 'CPU ms/event', 'heap KB/sock', 'client CPU'],
    ...results.map((result) => [
      result.target,
      fmt(result.socketsConnected),
      fmt(result.events),
      `${fmt(result.deliveriesReceived)}/${fmt(result.deliveriesExpected)}`,
      fmt(result.latencyMs.p50, 2),
      fmt(result.latencyMs.p95, 2),
      fmt(result.latencyMs.p99, 2),
      fmt(result.latencyMs.max, 2),
      fmt(result.perRoundMs.medianP99, 2),
      fmt(result.perRoundMs.medianMax, 2),
      fmt(result.server.sendMsMedian, 2),
      `${fmt(result.server.cpuPercent, 1)}%`,
      fmt(result.server.cpuMsPerEvent, 1),
      fmt(result.server.heapKBPerSocket, 1),
      `${fmt(result.clients.cpuPercent)}%`,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(line(rows[0]!));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
};

// ---------------------------------------------------------------------------------------------------------------

const main = async (): Promise<number> => {
  const loadAverageAtStart = os.loadavg();
  console.log(
    `fan-out benchmark — node ${process.version}, ${os.cpus().length} CPUs, load avg ${loadAverageAtStart.map((value) => value.toFixed(2)).join(' ')}; ` +
      `${settings.sockets} sockets (${settings.clientProcesses} client processes), platform sockets over ${settings.users} users; ` +
      `${settings.warmupSeconds} warm-up + ${settings.durationSeconds} measured events, one every ${settings.intervalMs} ms\n`,
  );
  const results: TTargetResult[] = [];
  let failure: unknown = null;
  let postgresSkipped = settings.skipPostgres;
  const prepared: TPrepared[] = [];
  try {
    const specs: TTargetSpec[] = [{ name: 'bare ws', kind: 'bare', database: 'none' }];
    if (!settings.skipPglite) specs.push({ name: 'platform (PGlite)', kind: 'platform', database: 'pglite' });
    if (!settings.skipPostgres) {
      const databaseUrl = await createScratchDatabase();
      if (!databaseUrl) postgresSkipped = true;
      else specs.push({ name: 'platform (PostgreSQL)', kind: 'platform', database: 'postgres', databaseUrl });
    }
    // One at a time, so that no setup or handshake storm overlaps another target's heap samples.
    for (const spec of specs) prepared.push(await prepareTarget(spec));
    const done = await runSchedule(prepared);
    // Stragglers: the schedule already waited one interval after the last event.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const target of prepared) results.push(await collect(target, done.get(target)!));
    console.log('  done');
  } catch (error) {
    failure = error;
  } finally {
    await Promise.all(prepared.map((target) => stopTarget(target)));
    await runCleanups();
  }
  const loadAverageAtEnd = os.loadavg();

  console.log('');
  if (results.length > 0) printTable(results);
  console.log(`\nload avg at start ${loadAverageAtStart.map((value) => value.toFixed(2)).join(' ')}, at end ${loadAverageAtEnd.map((value) => value.toFixed(2)).join(' ')}`);

  const problems: string[] = [];
  for (const result of results) {
    if (result.events !== settings.durationSeconds) problems.push(`${result.target}: ${result.events} events in the measured window, expected ${settings.durationSeconds}`);
    if (result.lost !== 0) problems.push(`${result.target}: ${result.lost} of ${result.deliveriesExpected} deliveries lost`);
    if (result.duplicates !== 0) problems.push(`${result.target}: ${result.duplicates} duplicate deliveries`);
    if (result.disconnects !== 0) problems.push(`${result.target}: ${result.disconnects} sockets disconnected during the run`);
    if (result.socketsHeldAtEnd !== result.socketsConnected) problems.push(`${result.target}: the server held ${result.socketsHeldAtEnd} of ${result.socketsConnected} sockets at the end`);
  }

  const bare = results.find((result) => result.kind === 'bare');
  const verdicts: { target: string; p99Ratio: number | null; ratioOk: boolean; heapOk: boolean }[] = [];
  for (const result of results.filter((entry) => entry.kind === 'platform')) {
    const p99Ratio = bare ? result.latencyMs.p99 / bare.latencyMs.p99 : null;
    const roundRatio = bare ? result.perRoundMs.medianP99 / bare.perRoundMs.medianP99 : null;
    const ratioOk = p99Ratio !== null && p99Ratio <= MAX_P99_RATIO;
    const heapOk = result.server.heapKBPerSocket <= MAX_HEAP_KB_PER_SOCKET;
    verdicts.push({ target: result.target, p99Ratio, ratioOk, heapOk });
    console.log(
      `${result.target}: p99 ${fmt(result.latencyMs.p99, 2)} ms vs bare ${bare ? fmt(bare.latencyMs.p99, 2) : '-'} ms → ratio ${p99Ratio === null ? '-' : p99Ratio.toFixed(2)} ` +
        `(target <= ${MAX_P99_RATIO}: ${ratioOk ? 'PASS' : 'FAIL'}; median of per-round p99: ${roundRatio === null ? '-' : roundRatio.toFixed(2)}; ` +
        `server CPU per event: ${bare ? (result.server.cpuMsPerEvent / bare.server.cpuMsPerEvent).toFixed(2) : '-'}×); ` +
        `heap ${fmt(result.server.heapKBPerSocket, 1)} KB/socket (target <= ${MAX_HEAP_KB_PER_SOCKET}: ${heapOk ? 'PASS' : 'FAIL'}; ` +
        `${fmt(result.server.heapBeforeMB, 1)} → ${fmt(result.server.heapAfterMB, 1)} MB, RSS ${fmt(result.server.rssKBPerSocket, 1)} KB/socket)`,
    );
  }
  if (bare) console.log(`bare ws: heap ${fmt(bare.server.heapKBPerSocket, 1)} KB/socket, RSS ${fmt(bare.server.rssKBPerSocket, 1)} KB/socket (reference)`);
  const missed = verdicts.some((verdict) => !verdict.ratioOk || !verdict.heapOk);

  const reportFile = await writeReport('fanout-latest.json', {
    loadAverageAtStart,
    loadAverageAtEnd,
    settings: { ...settings, postgresServerUrl: redactUrl(settings.postgresServerUrl) },
    targets: { maxP99Ratio: MAX_P99_RATIO, maxHeapKBPerSocket: MAX_HEAP_KB_PER_SOCKET },
    results,
    verdicts,
    postgresSkipped,
    problems,
    ok: failure === null && problems.length === 0 && !missed,
    error: failureMessage(failure),
  });
  console.log(`\nresults written to ${reportFile}`);

  if (failure !== null || problems.length > 0) {
    for (const problem of problems) console.error(`!! ${problem}`);
    if (failure !== null) reportFailure(failure);
    return 1;
  }
  if (missed) {
    console.error('\n!! a fan-out target was missed (see the PASS/FAIL lines above)');
    return 2;
  }
  return 0;
};

void runBenchmark(main, runCleanups);
