import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './scripts/test-sequencer';

/**
 * The suites, and where each test runs (README, "Tests"):
 * - unit: files that need no database (shared/**, server/**\/*.unit.test.ts), once;
 * - pglite, and postgres when TEST_DATABASE_URL is set (CI does): the server's database files, once per database,
 *   each file on a copy of a database migrated once per run (server/testing/global-setup.ts);
 * - client: the client's logic;
 * - e2e: the built app in Chromium, each file with its own server and data directory.
 * All of them share one pool, longest files first, so both cores stay busy to the end.
 */
const SERVER_ENV = { NODE_ENV: 'test', PASSWORD_HASH_COST: 'minimum' };

const ISOLATION_FILES = ['server/testing/isolation/*.test.ts'];

const databaseSuite = (name: string, databaseUrl: string) => ({
  test: {
    name,
    include: ['server/**/*.test.ts'],
    exclude: ['server/**/*.unit.test.ts', ...ISOLATION_FILES, '**/node_modules/**'],
    environment: 'node',
    globalSetup: ['server/testing/global-setup.ts'],
    env: { ...SERVER_ENV, TEST_DATABASE_URL: databaseUrl },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The files of a worker share its loaded modules (not their databases): importing the server for each file cost
    // as much as its tests. TEST_ISOLATE=1 gives each file a fresh process again, to chase a leak between files.
    isolate: process.env.TEST_ISOLATE === '1',
  },
});

/**
 * The isolation pair (server/testing/isolation/): the same database lifecycle, in one worker, after everything else,
 * so its two files surely run one after the other in the same worker.
 */
const isolationSuite = (name: string, databaseUrl: string) => {
  const suite = databaseSuite(`${name}-isolation`, databaseUrl);
  return { test: { ...suite.test, include: ISOLATION_FILES, exclude: [], maxWorkers: 1, sequence: { groupOrder: 1 } } };
};

/**
 * The contract check (README, «Every live call checked against the contract»): with CONTRACT_CHECK=1 (CI sets it;
 * `npm run test:contract` runs this suite alone) the PGlite suite is the REST suite's run through one Stoplight
 * Prism proxy, each `app.inject` also checked against the published OpenAPI document (server/testing/contract/), and
 * a file fails on a violation. Once per run, not a run of its own: PostgreSQL's suites repeat the same calls.
 */
const withContractCheck = (suite: ReturnType<typeof databaseSuite>) =>
  process.env.CONTRACT_CHECK === '1'
    ? {
        ...suite,
        test: {
          ...suite.test,
          globalSetup: [...suite.test.globalSetup, 'server/testing/contract/global-setup.ts'],
          setupFiles: ['server/testing/contract/contract-setup.ts'],
          env: { ...suite.test.env, CONTRACT_PROXY: '1' },
        },
      }
    : suite;

const postgresUrl = process.env.TEST_DATABASE_URL;

/** Workers in the shared pool: one per core and one more, since database and browser files wait on other processes. */
const workers = Number(process.env.TEST_WORKERS) || os.availableParallelism() + 1;

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    maxWorkers: workers,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'server/**/*.unit.test.ts'],
          environment: 'node',
          // A file here that opens a test database fails at once (server/testing/test-database.ts): name it *.test.ts.
          env: { ...SERVER_ENV, TEST_DATABASE_URL: '', TEST_SUITE: 'unit' },
          // Pure files share their worker's loaded modules too (TEST_ISOLATE=1 gives each its own again).
          isolate: process.env.TEST_ISOLATE === '1',
          testTimeout: 30_000,
          // A pure file may still boot an in-memory PGlite (the dialect's own tests): seconds on a loaded machine.
          hookTimeout: 60_000,
        },
      },
      withContractCheck(databaseSuite('pglite', '')),
      isolationSuite('pglite', ''),
      ...(postgresUrl ? [databaseSuite('postgres', postgresUrl), isolationSuite('postgres', postgresUrl)] : []),
      {
        // The client's logic: pure files, sharing their worker's loaded modules (a fresh module graph per file cost
        // four times their tests).
        test: { name: 'client', include: ['client/**/*.test.ts'], environment: 'node', isolate: process.env.TEST_ISOLATE === '1' },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts', 'server/testing/global-setup.ts'],
          env: { ...SERVER_ENV, TEST_DATABASE_URL: '' },
          // A browser journey is many steps; CI runs them on two cores beside lint and typecheck, where a journey that
          // takes 40 s alone has taken three times that.
          testTimeout: 180_000,
          // A page's first load (its lazy chunk and queries) may take longer than 5 s on a loaded CI machine.
          expect: { poll: { timeout: 15_000 } },
          hookTimeout: 180_000,
          isolate: process.env.TEST_ISOLATE === '1',
        },
      },
    ],
  },
});
