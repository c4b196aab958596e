/**
 * Throughput of `GET /api/auth/me` with a real logged-in session, against a bare Fastify hello-world, on PGlite
 * and on PostgreSQL; prints the ratios auth/me ÷ hello. The servers run in this process, one at a time; the load
 * comes from bench/load-worker.ts in a child process.
 *
 *   npm run bench
 *   BENCH_DURATION=3 BENCH_WARMUP=1 npm run bench          # quick run
 *
 * Exit code: 0 ok, 1 the benchmark failed (non-2xx, errors…), 2 the PostgreSQL ratio is below the target.
 * See bench/README.md.
 */
import os from 'node:os';
import {
  describeSettings,
  measure,
  openBenchPglite,
  openScratchPostgres,
  printTable,
  redactUrl,
  runCleanups,
  settings,
  startAuthMeServer,
  startHelloServer,
  type TLoadClient,
  type TTarget,
  type TTargetResult,
  startLoadGenerator,
} from './lib';
import { failureMessage, reportFailure, runBenchmark, writeReport } from './report';

const MIN_POSTGRES_RATIO = 0.35;

const measureAndClose = async (load: TLoadClient, target: TTarget) => {
  try {
    return await measure(load, target);
  } finally {
    await target.close();
  }
};

const main = async (): Promise<number> => {
  console.log(`auth/me benchmark — ${describeSettings()}\n`);
  const loadAverageAtStart = os.loadavg()[0] ?? null;
  const load = startLoadGenerator();
  const results: TTargetResult[] = [];
  let failure: unknown = null;
  let postgresSkipped = settings.skipPostgres;
  try {
    results.push(await measureAndClose(load, await startHelloServer()));

    if (!settings.skipPglite) {
      const database = await openBenchPglite();
      try {
        results.push(await measureAndClose(load, await startAuthMeServer('auth/me (PGlite)', database)));
      } finally {
        await database.close();
      }
    }

    if (!settings.skipPostgres) {
      const database = await openScratchPostgres();
      if (!database) postgresSkipped = true;
      else {
        try {
          results.push(await measureAndClose(load, await startAuthMeServer('auth/me (PostgreSQL)', database)));
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

  const hello = results.find((result) => result.database === 'none');
  const ratioFor = (database: 'pglite' | 'postgres') => {
    const auth = results.find((result) => result.database === database);
    return hello && auth ? auth.summary.requestsPerSecond.mean / hello.summary.requestsPerSecond.mean : null;
  };
  const ratios = { pglite: ratioFor('pglite'), postgres: ratioFor('postgres') };
  const belowTarget = ratios.postgres !== null && ratios.postgres < MIN_POSTGRES_RATIO;

  console.log('');
  if (results.length > 0) printTable(results);
  console.log('');
  console.log(`ratio auth/me ÷ hello, PGlite:     ${ratios.pglite === null ? (settings.skipPglite ? 'skipped' : 'n/a') : ratios.pglite.toFixed(3)}`);
  console.log(
    `ratio auth/me ÷ hello, PostgreSQL: ${
      ratios.postgres === null
        ? postgresSkipped
          ? 'skipped'
          : 'n/a'
        : `${ratios.postgres.toFixed(3)} (target >= ${MIN_POSTGRES_RATIO}: ${belowTarget ? 'BELOW' : 'ok'})`
    }`,
  );

  const reportFile = await writeReport('latest.json', {
    loadAverageAtStart,
    settings: { ...settings, postgresServerUrl: redactUrl(settings.postgresServerUrl) },
    results,
    ratios,
    minPostgresRatio: MIN_POSTGRES_RATIO,
    postgresSkipped,
    ok: failure === null && !belowTarget,
    error: failureMessage(failure),
  });
  console.log(`\nresults written to ${reportFile}`);

  if (failure !== null) return reportFailure(failure);
  if (belowTarget) {
    console.error(`\n!! PostgreSQL ratio ${ratios.postgres?.toFixed(3)} is below the target ${MIN_POSTGRES_RATIO}`);
    return 2;
  }
  return 0;
};

void runBenchmark(main, runCleanups);
