/**
 * What the list benchmarks (clients-list, practices-list) share: settings from the environment, the app per size,
 * the alternating measurement of one case over the sizes, EXPLAIN of the statements a repository builds, the table,
 * the plans and the end of a run (report, cleanups, exit code).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type KyselyPlugin } from 'kysely';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { TDatabaseHandle } from '../../server/db/database';
import type { TRequestContext } from '../../server/platform/context';
import { insertUserFixture } from '../../server/testing/fixtures';
import { onCleanup, openBenchPglite, openScratchPostgres, runCleanups, settings } from '../lib';
import { failureMessage, reportFailure, writeReport } from '../report';

export const intFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export const fmt = (value: number, digits = 2) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const actorCtx = (userId: string, role: 'admin' | 'corner' | 'broker'): TRequestContext => ({
  actor: { userId, role, state: 'active', sessionId: 'bench', via: 'cookie', impersonatorId: null },
  ip: '127.0.0.1',
  userAgent: 'bench',
});

/** The app (buildApp, production config) on `handle`, its data in a temporary folder `<tmpPrefix>…`, and an admin. */
export const startBenchApp = async (handle: TDatabaseHandle, tmpPrefix: string) => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), tmpPrefix));
  onCleanup(() => fs.rm(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1' });
  const app = await buildApp({ config, database: handle, logger: false });
  onCleanup(() => app.close());
  const admin = await insertUserFixture(handle.db, { email: 'admin@bench.example.it', password: 'Bench-Admin-1', role: 'admin' });
  return { app, admin };
};

type TDb = TDatabaseHandle['db'];

/** The statements `run` issues on the spied database, with EXPLAIN's plan of each (parameters, if any, written in). */
export const explainStatements = async (handle: TDatabaseHandle, run: (db: TDb) => Promise<unknown>) => {
  const statements: { sql: string; parameters: readonly unknown[] }[] = [];
  const spy: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      const compiled = handle.db.getExecutor().compileQuery(node, queryId);
      statements.push({ sql: compiled.sql, parameters: compiled.parameters });
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await run(handle.db.withPlugin(spy));
  const plans: string[] = [];
  for (const statement of statements) {
    // Parameters (if any) written in, as the server plans a one-shot statement with its values.
    const text = statement.sql.replace(/\$(\d+)/g, (_, n: string) => {
      const value = statement.parameters[Number(n) - 1];
      return value instanceof Date ? `'${value.toISOString()}'` : typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
    });
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(text)}`.execute(handle.db);
    plans.push(...rows.map((row) => row['QUERY PLAN']), '');
  }
  return plans;
};

export type TListAnswer = { list: unknown[]; total: number };
export type TFigures = { p50: number; p99: number; mean: number; rows: number; total: number };

/**
 * One case on every size: `warmup + iterations` rounds, in each a call per size, the order alternating (a, b, b, a,
 * …) so that whatever else the machine does at a moment weighs on all alike; the warm-up calls are discarded.
 * Answers, by size label, the latency figures and the rows and total found per measured call.
 */
export const measureCase = async <TSetup extends { size: { label: string } }>(
  setups: readonly TSetup[],
  runs: { warmup: number; iterations: number },
  call: (setup: TSetup, i: number) => Promise<TListAnswer>,
) => {
  const timings = new Map<string, number[]>(setups.map((setup) => [setup.size.label, []]));
  const found = new Map<string, { rows: number; total: number }>(setups.map((setup) => [setup.size.label, { rows: 0, total: 0 }]));
  for (let i = 0; i < runs.warmup + runs.iterations; i++) {
    const order = i % 2 === 0 ? setups : [...setups].reverse();
    for (const setup of order) {
      const started = performance.now();
      const answer = await call(setup, i);
      const elapsed = performance.now() - started;
      if (i < runs.warmup) continue;
      timings.get(setup.size.label)!.push(elapsed);
      const sum = found.get(setup.size.label)!;
      sum.rows += answer.list.length;
      sum.total += answer.total;
    }
  }
  const figures = new Map<string, TFigures>();
  for (const setup of setups) {
    const label = setup.size.label;
    const sorted = timings.get(label)!.sort((a, b) => a - b);
    const sum = found.get(label)!;
    figures.set(label, {
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      mean: sorted.reduce((total, value) => total + value, 0) / sorted.length,
      rows: sum.rows / runs.iterations,
      total: sum.total / runs.iterations,
    });
  }
  return figures;
};

/** Every size on one engine, each in its own database from `open`; null when the engine is not there. */
export const openSizes = async <TSize, TSetup>(sizes: readonly TSize[], open: () => Promise<TDatabaseHandle | null>, setUp: (size: TSize, handle: TDatabaseHandle) => Promise<TSetup>) => {
  const setups: TSetup[] = [];
  for (const size of sizes) {
    const handle = await open();
    if (!handle) return null;
    setups.push(await setUp(size, handle));
  }
  return setups;
};

/** `measureEngine` on PGlite and on PostgreSQL (unless the settings skip one); a failure stops the runs and is kept. */
export const measureEngines = async <TResult>(measureEngine: (name: string, open: () => Promise<TDatabaseHandle | null>) => Promise<TResult | null>) => {
  const results: TResult[] = [];
  let failure: unknown = null;
  try {
    if (!settings.skipPglite) {
      const pglite = await measureEngine('PGlite', () => openBenchPglite());
      if (pglite) results.push(pglite);
    }
    if (!settings.skipPostgres) {
      const postgres = await measureEngine('PostgreSQL', () => openScratchPostgres(5));
      if (postgres) results.push(postgres);
    }
  } catch (error) {
    failure = error;
  }
  return { results, failure };
};

/**
 * The table of the p99 ratio, large size over small, by engine and case, with the header; and the cases in the
 * target (`inTarget`) whose ratio exceeds `targetRatio`. `smallRows`: a rows/total column for the small size too.
 */
export const ratioLines = (
  results: readonly { database: string; figures: Record<string, Record<string, TFigures>> }[],
  options: { small: string; large: string; targetRatio: number; inTarget: (key: string) => boolean; smallRows: boolean },
) => {
  const { small: smallLabel, large: largeLabel, targetRatio } = options;
  const rowsHeader = options.smallRows ? [`rows/total ${smallLabel}`, `rows/total ${largeLabel}`] : [`rows/total ${largeLabel}`];
  const header = ['database', 'query', `p50 ${smallLabel}`, `p99 ${smallLabel}`, `p50 ${largeLabel}`, `p99 ${largeLabel}`, 'p99 ratio', ...rowsHeader, ''];
  const lines: string[][] = [header];
  const missed: string[] = [];
  for (const result of results) {
    for (const [key, bySize] of Object.entries(result.figures)) {
      const small = bySize[smallLabel];
      const large = bySize[largeLabel];
      if (!small || !large) continue;
      const ratio = large.p99 / small.p99;
      const label = `${result.database} ${key}`;
      const inTarget = options.inTarget(key);
      if (inTarget && ratio > targetRatio) missed.push(`${label}: ${fmt(ratio)}×`);
      const rows = [...(options.smallRows ? [small] : []), large].map((figures) => `${fmt(figures.rows, 1)}/${fmt(figures.total, 0)}`);
      lines.push([
        result.database,
        key,
        fmt(small.p50),
        fmt(small.p99),
        fmt(large.p50),
        fmt(large.p99),
        `${fmt(ratio)}×`,
        ...rows,
        inTarget ? (ratio <= targetRatio ? 'ok' : 'MISSED') : 'info',
      ]);
    }
  }
  return { lines, missed };
};

/** The table (`lines[0]` is the header): the first two columns left-aligned, the others right-aligned. */
export const printTable = (title: string, lines: string[][]) => {
  if (lines.length <= 1) return;
  const widths = lines[0]!.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  console.log(title);
  for (const [index, line] of lines.entries()) {
    console.log(line.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '));
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  }
};

/** The PostgreSQL plans of each case, if PostgreSQL was measured. */
export const printPlans = (results: readonly { database: string; plans: Record<string, string[]> }[], sizeLabel: string) => {
  const postgresPlans = results.find((result) => result.database === 'PostgreSQL')?.plans;
  if (!postgresPlans) return;
  console.log(`\nPostgreSQL plans at ${sizeLabel} (EXPLAIN of the statements the repository builds):`);
  for (const [key, plan] of Object.entries(postgresPlans)) console.log(`\n[${key}]\n${plan.join('\n')}`);
};

/** Writes the report, runs the cleanups, answers the exit code: 0 ok, 1 failed, 2 a target missed. */
export const finishRun = async (file: string, report: Record<string, unknown>, failure: unknown, missed: string[]) => {
  const written = await writeReport(file, { ...report, missed, failure: failureMessage(failure) });
  console.log(`\nreport: ${written}`);
  await runCleanups();
  if (failure) return reportFailure(failure);
  if (missed.length > 0) {
    console.log(`\n!! target missed: ${missed.join(', ')}`);
    return 2;
  }
  return 0;
};
