/**
 * Chat latency (issue 5): 2,000 connected sockets, 10% sending one message per second into rooms of 2 to 20;
 * p99 from send to acknowledgement and from send to delivery on the platform, against a bare socket.io
 * echo-with-ack server in the same run. Target: platform p99 <= 2x the bare server's and <= 50 ms.
 *
 *   npm run bench:chat
 *   CHAT_BENCH_DURATION=10 CHAT_BENCH_WARMUP=3 npm run bench:chat         # quicker
 *   CHAT_BENCH_POSTGRES=1 npm run bench:chat                              # also on PostgreSQL (BENCH_DATABASE_URL)
 *   CHAT_BENCH_POSTGRES=1 CHAT_BENCH_SKIP_PGLITE=1 npm run bench:chat     # bare and PostgreSQL only
 *   CHAT_BENCH_SKIP_FLOOR=1 npm run bench:chat                            # without the "bare + durable insert" floors
 *   CHAT_BENCH_CPU_PROF=1 npm run bench:chat                              # V8 CPU profile of the platform server
 *
 * One server child (bench/chat-server.ts) and one clients child (bench/chat-clients.ts) at a time. Exit code: 0
 * target met, 1 the benchmark failed, 2 the target was missed. See bench/README.md, "Chat".
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chatSettings, type TClientsMessage, type TClientsPlan, type TClientsResult, type TServerCommand, type TServerKind, type TServerMessage, type TServerReady } from './chat-shared';
import { onCleanup, openScratchPostgres, redactUrl, runCleanups, settings } from './lib';
import { failureMessage, reportFailure, runBenchmark, writeReport } from './report';

const TARGET_RATIO = 2;
const TARGET_P99_MS = 50;
/**
 * The floor targets (bench/chat-server.ts `durable`): the bare server storing each message before acknowledging
 * it, on each database measured. Reference figures, not held to the target. CHAT_BENCH_SKIP_FLOOR=1 leaves them out.
 */
const withFloor = process.env.CHAT_BENCH_SKIP_FLOOR !== '1';

type TDatabaseName = 'PGlite' | 'PostgreSQL';
/** A target's name in the output, from what runs and on which database. */
const targetName = (kind: TServerKind, database: TDatabaseName | null) =>
  kind === 'bare' ? 'bare socket.io' : `${kind === 'durable' ? 'bare + durable insert' : 'platform'} (${database})`;
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const resultsDir = here('./results/');

type TTargetResult = {
  target: string;
  kind: TServerKind;
  database: TDatabaseName | null;
  setupMs: number;
  connectMs: number;
  clients: Omit<TClientsResult, 'ackMicros' | 'deliveryMicros' | 'type'>;
  ackMs: TPercentiles;
  deliveryMs: TPercentiles;
  serverCpuPercent: number;
  loadAverage: number[];
};
type TPercentiles = { p50: number; p95: number; p99: number; max: number; count: number };

const percentiles = (micros: number[]): TPercentiles => {
  const sorted = Float64Array.from(micros).sort();
  const at = (q: number) => (sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! / 1000);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1), count: sorted.length };
};

const forkChild = (file: string, args: string[], env: Record<string, string> = {}, execArgv: string[] = []) =>
  fork(here(file), args, { execArgv: ['--import', 'tsx', ...execArgv], env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });

const nextMessage = <T>(child: ChildProcess, accept: (message: T) => boolean, what: string, timeoutMs: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`${what}: no answer after ${timeoutMs / 1000} s`)), timeoutMs);
    const onMessage = (message: T) => {
      const error = (message as { type?: string; message?: string }).type === 'error' ? new Error(`${what}: ${(message as { message: string }).message}`) : null;
      if (error) finish(error);
      else if (accept(message)) finish(null, message);
    };
    const onExit = (code: number | null, signal: string | null) => finish(new Error(`${what}: process exited (code ${code}, signal ${signal})`));
    const finish = (error: Error | null, message?: T) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(message!);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });

const stopChild = async (child: ChildProcess, command?: TServerCommand) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (command && child.connected) child.send(command);
  else child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
};

const measureTarget = async (kind: TServerKind, database: TDatabaseName | null, env: Record<string, string> = {}): Promise<TTargetResult> => {
  const target = targetName(kind, database);
  const profile = kind === 'platform' && process.env.CHAT_BENCH_CPU_PROF === '1';
  const profileDir = path.join(resultsDir, 'chat-profiles');
  if (profile) await fs.mkdir(profileDir, { recursive: true });
  process.stdout.write(`  ${target}: preparing ${chatSettings.sockets} sockets… `);
  const server = forkChild('./chat-server.ts', [kind], env, profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  const stopServer = onCleanup(() => stopChild(server, { type: 'stop' }));
  let clients: ChildProcess | null = null;
  try {
    const ready = await nextMessage<TServerMessage>(server, (message) => message.type === 'ready', `${target} server`, 600_000) as TServerReady;
    process.stdout.write(`ready in ${(ready.setupMs / 1000).toFixed(1)} s; connecting… `);
    clients = forkChild('./chat-clients.ts', []);
    const child = clients;
    onCleanup(() => stopChild(child));
    const plan: TClientsPlan = {
      type: 'run',
      url: ready.url,
      origin: ready.origin,
      sockets: ready.sockets,
      senderRooms: ready.senderRooms,
      warmupSeconds: chatSettings.warmupSeconds,
      durationSeconds: chatSettings.durationSeconds,
    };
    const connected = nextMessage<TClientsMessage>(clients, (message) => message.type === 'connected', `${target} clients`, 600_000);
    const resultPromise = nextMessage<TClientsMessage>(clients, (message) => message.type === 'result', `${target} clients`, 900_000);
    resultPromise.catch(() => undefined);
    clients.send(plan);
    const connectedMessage = (await connected) as { sockets: number; ms: number };
    process.stdout.write(`${connectedMessage.sockets} connected in ${(connectedMessage.ms / 1000).toFixed(1)} s; ${chatSettings.warmupSeconds}s warm-up + ${chatSettings.durationSeconds}s measured… `);
    server.send({ type: 'cpu' } satisfies TServerCommand);
    await nextMessage<TServerMessage>(server, (message) => message.type === 'cpu', `${target} server`, 30_000);
    const wallStart = performance.now();
    const result = (await resultPromise) as TClientsResult;
    server.send({ type: 'cpu' } satisfies TServerCommand);
    const cpu = (await nextMessage<TServerMessage>(server, (message) => message.type === 'cpu', `${target} server`, 30_000)) as { userMicros: number; systemMicros: number };
    const serverCpuPercent = ((cpu.userMicros + cpu.systemMicros) / 1000 / (performance.now() - wallStart)) * 100;
    process.stdout.write('done\n');
    const { ackMicros, deliveryMicros, type: _type, ...counts } = result;
    return {
      target,
      kind,
      database,
      setupMs: ready.setupMs,
      connectMs: result.connectMs,
      clients: counts,
      ackMs: percentiles(ackMicros),
      deliveryMs: percentiles(deliveryMicros),
      serverCpuPercent,
      loadAverage: os.loadavg(),
    };
  } finally {
    if (clients) await stopChild(clients);
    await stopServer();
  }
};

const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

const printTable = (results: TTargetResult[]) => {
  const rows = [
    ['target', 'ack p50', 'p95', 'p99', 'max', 'delivery p50', 'p95', 'p99', 'max', 'sent', 'acked', 'failed (false)', 'delivered/expected', 'server CPU', 'clients CPU', 'load 1m'],
    ...results.map((r) => [
      r.target,
      fmt(r.ackMs.p50),
      fmt(r.ackMs.p95),
      fmt(r.ackMs.p99),
      fmt(r.ackMs.max),
      fmt(r.deliveryMs.p50),
      fmt(r.deliveryMs.p95),
      fmt(r.deliveryMs.p99),
      fmt(r.deliveryMs.max),
      String(r.clients.sent),
      String(r.clients.acked),
      `${r.clients.failed} (${r.clients.refused})`,
      `${r.clients.deliveriesReceived}/${r.clients.deliveriesExpected}`,
      `${fmt(r.serverCpuPercent, 0)}%`,
      `${fmt(r.clients.clientCpuPercent, 0)}%`,
      fmt(r.loadAverage[0] ?? Number.NaN, 2),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log('latencies in ms');
  console.log(line(rows[0]!));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
};

const main = async (): Promise<number> => {
  const loadAverageAtStart = os.loadavg();
  console.log(
    `chat benchmark — node ${process.version}, ${os.cpus().length} CPUs, load avg ${loadAverageAtStart.map((v) => v.toFixed(2)).join(' ')}; ` +
      `${chatSettings.sockets} sockets, ${chatSettings.senders} senders at 1 msg/s, ${chatSettings.warmupSeconds}s warm-up + ${chatSettings.durationSeconds}s measured per target\n`,
  );
  const results: TTargetResult[] = [];
  let failure: unknown = null;
  try {
    const kinds: TServerKind[] = withFloor ? ['durable', 'platform'] : ['platform'];
    results.push(await measureTarget('bare', null));
    if (process.env.CHAT_BENCH_SKIP_PGLITE !== '1') {
      for (const kind of kinds) results.push(await measureTarget(kind, 'PGlite'));
    }
    if (process.env.CHAT_BENCH_POSTGRES === '1') {
      for (const kind of kinds) {
        const database = await openScratchPostgres(4);
        if (!database) break;
        try {
          results.push(await measureTarget(kind, 'PostgreSQL', { CHAT_BENCH_DATABASE_URL: database.url }));
        } finally {
          await database.close();
        }
      }
    }
  } catch (error) {
    failure = error;
  } finally {
    await runCleanups();
  }

  console.log('');
  if (results.length > 0) printTable(results);
  const bare = results.find((result) => result.kind === 'bare');
  for (const floor of results.filter((result) => result.kind === 'durable')) {
    const platform = results.find((result) => result.kind === 'platform' && result.database === floor.database);
    console.log(
      `\n${floor.target} (reference, no target): p99 ack ${fmt(floor.ackMs.p99)} ms (${fmt(bare ? floor.ackMs.p99 / bare.ackMs.p99 : Number.NaN, 2)}x bare), ` +
        `p99 delivery ${fmt(floor.deliveryMs.p99)} ms (${fmt(bare ? floor.deliveryMs.p99 / bare.deliveryMs.p99 : Number.NaN, 2)}x bare)` +
        (platform ? `; the platform's p99 is ${fmt(platform.ackMs.p99 / floor.ackMs.p99, 2)}x / ${fmt(platform.deliveryMs.p99 / floor.deliveryMs.p99, 2)}x this floor's` : ''),
    );
  }
  const verdicts = results
    .filter((result) => result.kind === 'platform')
    .map((result) => {
      const ackRatio = bare ? result.ackMs.p99 / bare.ackMs.p99 : Number.NaN;
      const deliveryRatio = bare ? result.deliveryMs.p99 / bare.deliveryMs.p99 : Number.NaN;
      const complete = result.clients.failed === 0 && result.clients.deliveriesReceived === result.clients.deliveriesExpected;
      const pass = complete && ackRatio <= TARGET_RATIO && deliveryRatio <= TARGET_RATIO && result.ackMs.p99 <= TARGET_P99_MS && result.deliveryMs.p99 <= TARGET_P99_MS;
      console.log(
        `\n${result.target}: p99 ack ${fmt(result.ackMs.p99)} ms (${fmt(ackRatio, 2)}x bare), p99 delivery ${fmt(result.deliveryMs.p99)} ms (${fmt(deliveryRatio, 2)}x bare)` +
          `${complete ? '' : `, ${result.clients.failed} failed sends, ${result.clients.deliveriesExpected - result.clients.deliveriesReceived} missing deliveries`}` +
          ` — target p99 <= ${TARGET_RATIO}x bare and <= ${TARGET_P99_MS} ms: ${pass ? 'PASS' : 'FAIL'}`,
      );
      return { target: result.target, ackRatio, deliveryRatio, complete, pass };
    });

  const reportFile = await writeReport('chat-latest.json', {
    loadAverageAtStart,
    settings: { ...chatSettings, postgres: process.env.CHAT_BENCH_POSTGRES === '1' ? redactUrl(settings.postgresServerUrl) : null },
    results,
    verdicts,
    error: failureMessage(failure),
  });
  console.log(`\nresults written to ${reportFile}`);
  if (failure !== null) return reportFailure(failure);
  return verdicts.every((verdict) => verdict.pass) ? 0 : 2;
};

void runBenchmark(main, runCleanups);
