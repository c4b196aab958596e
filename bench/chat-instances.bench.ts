/**
 * The chat benchmark across instances: the same load (bench/chat-shared.ts: 2,000 sockets, 200 senders at 1 msg/s
 * into rooms of 2 to 20) on ONE scratch PostgreSQL database, in one run,
 *
 *   (a) on one platform instance (every socket on it), then
 *   (b) on two platform instances on that database, the senders connected to instance A and every other member of
 *       their rooms (the admins and the brokers) to instance B, the idle sockets spread so that each holds half:
 *       every measured delivery leaves A through pg_notify and reaches its socket through B's LISTEN.
 *
 * Target: p99 send → delivery with two instances <= 2x the one-instance p99, every message stored, acknowledged
 * and delivered. Exit code: 0 met, 1 the benchmark failed, 2 missed. See bench/README.md, "Chat across instances".
 *
 *   npm run bench:chat-instances
 *   CHAT_BENCH_SENDERS=50 CHAT_BENCH_DURATION=10 npm run bench:chat-instances   # lighter, shorter
 *   CHAT_BENCH_CPU_PROF=1 npm run bench:chat-instances                          # V8 CPU profiles of both instances
 */
import os from 'node:os';
import { fmt, isComplete, printTable, runClients, startChatServer, type TChatServer, type TMeasured } from './chat-director';
import { chatSettings, topology, type TSocketSpec } from './chat-shared';
import { openScratchPostgres, postgresBackendCpuSampler, redactUrl, runCleanups, settings } from './lib';
import { failureMessage, reportFailure, runBenchmark, writeReport } from './report';

const TARGET_RATIO = 2;

type TConfiguration = 'one instance' | 'two instances';
type TResult = TMeasured & { target: string; configuration: TConfiguration; socketsPerInstance: number[] };

/**
 * The sockets of (b): a sender's socket on A (0), every receiver — the admins and the brokers, the only members of
 * the senders' rooms besides the senders — on B (1), each idle corner on the instance holding fewer sockets so far.
 */
const splitOverTwo = (sockets: TSocketSpec[], senderSockets: Set<number>): TSocketSpec[] => {
  const { members } = topology(chatSettings.sockets, chatSettings.senders);
  const held = [0, 0];
  const server = sockets.map((_, index) => (senderSockets.has(index) ? 0 : members[index]!.kind !== 'corner' ? 1 : -1));
  for (const value of server) if (value >= 0) held[value]!++;
  return sockets.map((spec, index) => {
    let on = server[index]!;
    if (on < 0) {
      on = held[0]! <= held[1]! ? 0 : 1;
      held[on]!++;
    }
    return { ...spec, server: on };
  });
};

const main = async (): Promise<number> => {
  const loadAverageAtStart = os.loadavg();
  console.log(
    `chat benchmark across instances — node ${process.version}, ${os.cpus().length} CPUs, load avg ${loadAverageAtStart.map((v) => v.toFixed(2)).join(' ')}; ` +
      `${chatSettings.sockets} sockets, ${chatSettings.senders} senders at 1 msg/s, ${chatSettings.warmupSeconds}s warm-up + ${chatSettings.durationSeconds}s measured per configuration; ` +
      `PostgreSQL ${redactUrl(settings.postgresServerUrl)}\n`,
  );
  const results: TResult[] = [];
  /** Events too large for a NOTIFY, stored in realtime_payloads and fetched by id (kept 5 minutes: the whole run). */
  let storedPayloads: number | null = null;
  let failure: unknown = null;
  try {
    const database = await openScratchPostgres(4);
    if (!database) throw new Error('this benchmark needs PostgreSQL (BENCH_DATABASE_URL)');
    const sampleDatabaseCpu = postgresBackendCpuSampler(database);
    const env = { CHAT_BENCH_DATABASE_URL: database.url };
    const servers: TChatServer[] = [];
    try {
      process.stdout.write(`  instance A: seeding ${chatSettings.sockets} users and sessions, ${chatSettings.senders} rooms… `);
      const a = await startChatServer('instance A', 'platform', env);
      servers.push(a);
      process.stdout.write(`ready in ${(a.ready.setupMs / 1000).toFixed(1)} s\n`);
      const { sockets, senderRooms } = a.ready;

      process.stdout.write('  (a) one instance: connecting… ');
      const one = await runClients('one instance', { url: a.ready.url, origin: a.ready.origin, sockets, senderRooms }, [a], sampleDatabaseCpu);
      results.push({ target: 'platform, one instance', configuration: 'one instance', socketsPerInstance: [sockets.length], ...one });

      process.stdout.write('  instance B: starting on the same database… ');
      const b = await startChatServer('instance B', 'platform', env, ['join']);
      servers.push(b);
      process.stdout.write(`ready in ${(b.ready.setupMs / 1000).toFixed(1)} s\n`);
      const split = splitOverTwo(sockets, new Set(senderRooms.map((room) => room.socket)));
      const socketsPerInstance = [0, 1].map((on) => split.filter((spec) => spec.server === on).length);
      process.stdout.write(`  (b) two instances (A ${socketsPerInstance[0]} sockets, the senders; B ${socketsPerInstance[1]}, every receiver): connecting… `);
      const two = await runClients(
        'two instances',
        { url: a.ready.url, origin: a.ready.origin, servers: [a.ready, b.ready].map(({ url, origin }) => ({ url, origin })), sockets: split, senderRooms },
        [a, b],
        sampleDatabaseCpu,
      );
      results.push({ target: 'platform, two instances (A → B)', configuration: 'two instances', socketsPerInstance, ...two });
      const row = await database.db.selectFrom('realtime_payloads').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
      storedPayloads = Number(row.count);
    } finally {
      for (const server of servers.reverse()) await server.stop();
      await database.close();
    }
  } catch (error) {
    failure = error;
  } finally {
    await runCleanups();
  }

  console.log('');
  if (results.length > 0) printTable(results);
  for (const result of results) {
    const { p50, p95, p99, max } = result.afterAckMs;
    console.log(`${result.target}: a delivery after its message's answer at the sender, p50 ${fmt(p50)}, p95 ${fmt(p95)}, p99 ${fmt(p99)}, max ${fmt(max)} ms`);
  }
  if (storedPayloads !== null) console.log(`events too large for NOTIFY (stored in realtime_payloads, fetched by id) during the run: ${storedPayloads}`);
  const one = results.find((result) => result.configuration === 'one instance');
  const two = results.find((result) => result.configuration === 'two instances');
  let verdict: { deliveryRatio: number; ackRatio: number; complete: boolean; pass: boolean } | null = null;
  if (one && two) {
    const deliveryRatio = two.deliveryMs.p99 / one.deliveryMs.p99;
    const ackRatio = two.ackMs.p99 / one.ackMs.p99;
    const complete = isComplete(one) && isComplete(two);
    const pass = complete && deliveryRatio <= TARGET_RATIO;
    console.log(
      `\np99 send → delivery: two instances ${fmt(two.deliveryMs.p99)} ms, one instance ${fmt(one.deliveryMs.p99)} ms: ${fmt(deliveryRatio, 2)}x` +
        ` (p50 ${fmt(two.deliveryMs.p50)} vs ${fmt(one.deliveryMs.p50)} ms; p99 send → ack ${fmt(two.ackMs.p99)} vs ${fmt(one.ackMs.p99)} ms, ${fmt(ackRatio, 2)}x)` +
        `${complete ? '' : `; incomplete: ${one.clients.failed + two.clients.failed} failed sends, ${one.clients.deliveriesExpected - one.clients.deliveriesReceived + two.clients.deliveriesExpected - two.clients.deliveriesReceived} missing deliveries`}` +
        ` — target p99 (two instances) <= ${TARGET_RATIO}x p99 (one instance): ${pass ? 'PASS' : 'FAIL'}`,
    );
    verdict = { deliveryRatio, ackRatio, complete, pass };
  }

  const reportFile = await writeReport('chat-instances-latest.json', {
    loadAverageAtStart,
    settings: { ...chatSettings, postgres: redactUrl(settings.postgresServerUrl) },
    results,
    storedPayloads,
    verdict,
    error: failureMessage(failure),
  });
  console.log(`\nresults written to ${reportFile}`);
  if (failure !== null) return reportFailure(failure);
  return verdict?.pass ? 0 : 2;
};

void runBenchmark(main, runCleanups);
