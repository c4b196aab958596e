/**
 * The directing side of the chat benchmarks (bench/chat.bench.ts, bench/chat-instances.bench.ts): server children
 * (bench/chat-server.ts) and one clients child (bench/chat-clients.ts) per measured run, the CPU of the servers and
 * of PostgreSQL's backends over the run, the percentiles and the table.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chatSettings, type TClientsMessage, type TClientsPlan, type TClientsResult, type TServerCommand, type TServerKind, type TServerMessage, type TServerReady } from './chat-shared';
import { onCleanup } from './lib';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
export const resultsDir = here('./results/');

export type TPercentiles = { p50: number; p95: number; p99: number; max: number; count: number };

export const percentiles = (micros: number[]): TPercentiles => {
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

/** A server child, ready: what it answered, and how to stop it (also registered as a cleanup). */
export type TChatServer = { name: string; child: ChildProcess; ready: TServerReady; stop: () => Promise<void> };

/**
 * Starts `bench/chat-server.ts <kind> [...args]` and waits for its `ready`. CHAT_BENCH_CPU_PROF=1: a platform
 * server runs with --cpu-prof (its profile, of its whole life, in bench/results/chat-profiles/ when it stops).
 */
export const startChatServer = async (name: string, kind: TServerKind, env: Record<string, string> = {}, args: string[] = []): Promise<TChatServer> => {
  const profile = kind === 'platform' && process.env.CHAT_BENCH_CPU_PROF === '1';
  const profileDir = path.join(resultsDir, 'chat-profiles');
  if (profile) await fs.mkdir(profileDir, { recursive: true });
  const child = forkChild('./chat-server.ts', [kind, ...args], env, profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  const stop = onCleanup(() => stopChild(child, { type: 'stop' }));
  try {
    const ready = (await nextMessage<TServerMessage>(child, (message) => message.type === 'ready', `${name} server`, 600_000)) as TServerReady;
    return { name, child, ready, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};

const cpuOf = async (server: TChatServer) => {
  server.child.send({ type: 'cpu' } satisfies TServerCommand);
  const cpu = (await nextMessage<TServerMessage>(server.child, (message) => message.type === 'cpu', `${server.name} server`, 30_000)) as { userMicros: number; systemMicros: number };
  return cpu.userMicros + cpu.systemMicros;
};

/**
 * CPU milliseconds the whole machine has spent busy (every core, every process: /proc/stat's total less idle and
 * iowait), or null off Linux. Over a run, less ours, it is what other work took from the same cores.
 */
const machineBusyMs = async (): Promise<number | null> => {
  const stat = await fs.readFile('/proc/stat', 'utf8').catch(() => null);
  const fields = stat?.split('\n')[0]?.trim().split(/\s+/).slice(1, 9).map(Number);
  if (!fields || fields.length < 5 || fields.some((value) => !Number.isFinite(value))) return null;
  const total = fields.reduce((sum, value) => sum + value, 0);
  // user nice system idle iowait irq softirq steal (guest time is inside user and nice); ticks of 10 ms (USER_HZ 100).
  return (total - fields[3]! - fields[4]!) * 10;
};

/** Cumulative CPU milliseconds per PostgreSQL backend (bench/lib.ts postgresBackendCpuSampler). */
export type TDatabaseCpuSampler = () => Promise<Map<number, number> | null>;

export type TMeasured = {
  connectMs: number;
  clients: Omit<TClientsResult, 'ackMicros' | 'deliveryMicros' | 'afterAckMicros' | 'type'>;
  ackMs: TPercentiles;
  deliveryMs: TPercentiles;
  /** A delivery's arrival after its message's answer reached the sender (TClientsResult afterAckMicros). */
  afterAckMs: TPercentiles;
  /** CPU of the servers over the run (warm-up, measured seconds and the 3 s of last answers), % of one core, all together. */
  serverCpuPercent: number;
  /** The same per server, when there are several. */
  serverCpuPercents: number[];
  /** CPU of the PostgreSQL backends connected to the database, % of one core (null: not measured). */
  databaseCpuPercent: number | null;
  /** CPU of the whole machine over the run (every process, ours and others'), % of one core (null: unknown). */
  machineCpuPercent: number | null;
  loadAverage: number[];
};

/**
 * One measured run: a clients child connects every socket of `plan` (to the server of its spec), sends for the
 * warm-up and the measured seconds, and answers the latencies; the servers' CPU (and PostgreSQL's) is read around
 * it. `label` prefixes the progress line.
 */
export const runClients = async (label: string, plan: Omit<TClientsPlan, 'type' | 'warmupSeconds' | 'durationSeconds'>, servers: TChatServer[], sampleDatabaseCpu?: TDatabaseCpuSampler): Promise<TMeasured> => {
  const clients = forkChild('./chat-clients.ts', []);
  const stopClients = onCleanup(() => stopChild(clients));
  try {
    const connected = nextMessage<TClientsMessage>(clients, (message) => message.type === 'connected', `${label} clients`, 600_000);
    const resultPromise = nextMessage<TClientsMessage>(clients, (message) => message.type === 'result', `${label} clients`, 900_000);
    resultPromise.catch(() => undefined);
    clients.send({ type: 'run', ...plan, warmupSeconds: chatSettings.warmupSeconds, durationSeconds: chatSettings.durationSeconds } satisfies TClientsPlan);
    const connectedMessage = (await connected) as { sockets: number; ms: number };
    process.stdout.write(`${connectedMessage.sockets} connected in ${(connectedMessage.ms / 1000).toFixed(1)} s; ${chatSettings.warmupSeconds}s warm-up + ${chatSettings.durationSeconds}s measured… `);
    for (const server of servers) await cpuOf(server);
    const databaseBefore = (await sampleDatabaseCpu?.()) ?? null;
    const machineBefore = await machineBusyMs();
    const wallStart = performance.now();
    const result = (await resultPromise) as TClientsResult;
    const cpuMicros: number[] = [];
    for (const server of servers) cpuMicros.push(await cpuOf(server));
    const wallMs = performance.now() - wallStart;
    const machineAfter = await machineBusyMs();
    const databaseAfter = (await sampleDatabaseCpu?.()) ?? null;
    process.stdout.write('done\n');
    let databaseCpuPercent: number | null = null;
    if (databaseBefore && databaseAfter) {
      let databaseMs = 0;
      for (const [pid, ms] of databaseAfter) databaseMs += ms - (databaseBefore.get(pid) ?? 0);
      databaseCpuPercent = (databaseMs / wallMs) * 100;
    }
    const serverCpuPercents = cpuMicros.map((micros) => (micros / 1000 / wallMs) * 100);
    const { ackMicros, deliveryMicros, afterAckMicros, type: _type, ...counts } = result;
    return {
      connectMs: result.connectMs,
      clients: counts,
      ackMs: percentiles(ackMicros),
      deliveryMs: percentiles(deliveryMicros),
      afterAckMs: percentiles(afterAckMicros),
      serverCpuPercent: serverCpuPercents.reduce((sum, value) => sum + value, 0),
      serverCpuPercents,
      databaseCpuPercent,
      machineCpuPercent: machineBefore === null || machineAfter === null ? null : ((machineAfter - machineBefore) / wallMs) * 100,
      loadAverage: os.loadavg(),
    };
  } finally {
    await stopClients();
  }
};

/** Every measured send acknowledged with a stored message, every acknowledged one delivered to every other participant. */
export const isComplete = (measured: TMeasured) => measured.clients.failed === 0 && measured.clients.deliveriesReceived === measured.clients.deliveriesExpected;

export const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

export const printTable = (results: (TMeasured & { target: string })[]) => {
  const withDatabase = results.some((r) => r.databaseCpuPercent !== null);
  const rows = [
    [
      'target',
      'ack p50',
      'p95',
      'p99',
      'max',
      'delivery p50',
      'p95',
      'p99',
      'max',
      'sent',
      'acked',
      'failed (false)',
      'delivered/expected',
      'server CPU',
      ...(withDatabase ? ['PostgreSQL CPU'] : []),
      'clients CPU',
      'machine CPU',
      'load 1m',
    ],
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
      r.serverCpuPercents.length > 1 ? `${r.serverCpuPercents.map((value) => fmt(value, 0)).join('+')}%` : `${fmt(r.serverCpuPercent, 0)}%`,
      ...(withDatabase ? [r.databaseCpuPercent === null ? '–' : `${fmt(r.databaseCpuPercent, 0)}%`] : []),
      `${fmt(r.clients.clientCpuPercent, 0)}%`,
      r.machineCpuPercent === null ? '–' : `${fmt(r.machineCpuPercent, 0)}%`,
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
