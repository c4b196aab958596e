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
import os from 'node:os';
import { fmt, isComplete, printTable, runClients, startChatServer, type TMeasured } from './chat-director';
import { chatSettings, type TServerKind } from './chat-shared';
import { openScratchPostgres, postgresBackendCpuSampler, redactUrl, runCleanups, settings } from './lib';
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

type TTargetResult = TMeasured & {
  target: string;
  kind: TServerKind;
  database: TDatabaseName | null;
  setupMs: number;
};

/** One target: its server child, then a clients child with every socket on it. */
const measureTarget = async (
  kind: TServerKind,
  database: TDatabaseName | null,
  env: Record<string, string> = {},
  sampleDatabaseCpu?: () => Promise<Map<number, number> | null>,
): Promise<TTargetResult> => {
  const target = targetName(kind, database);
  process.stdout.write(`  ${target}: preparing ${chatSettings.sockets} sockets… `);
  const server = await startChatServer(target, kind, env);
  try {
    const { ready } = server;
    process.stdout.write(`ready in ${(ready.setupMs / 1000).toFixed(1)} s; connecting… `);
    const measured = await runClients(target, { url: ready.url, origin: ready.origin, sockets: ready.sockets, senderRooms: ready.senderRooms }, [server], sampleDatabaseCpu);
    return { target, kind, database, setupMs: ready.setupMs, ...measured };
  } finally {
    await server.stop();
  }
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
          results.push(await measureTarget(kind, 'PostgreSQL', { CHAT_BENCH_DATABASE_URL: database.url }, postgresBackendCpuSampler(database)));
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
      const complete = isComplete(result);
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
