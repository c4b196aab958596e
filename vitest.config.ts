import { defineConfig } from 'vitest/config';

// Server suites run on embedded PGlite, and once more on PostgreSQL when TEST_DATABASE_URL is set (CI does).
const serverSuite = (name: string, databaseUrl: string) => ({
  test: {
    name,
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DATABASE_URL: databaseUrl, NODE_ENV: 'test' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      serverSuite('pglite', ''),
      ...(postgresUrl ? [serverSuite('postgres', postgresUrl)] : []),
      {
        test: { name: 'client', include: ['client/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          env: { TEST_DATABASE_URL: '', NODE_ENV: 'test' },
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
