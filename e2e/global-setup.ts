import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { isBuildCurrent } from '../scripts/build-state.mjs';
import { buildAll } from '../scripts/build.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Vitest sets NODE_ENV=test, which would give a development build of React; test what users get. */
const asProduction = async (work: () => Promise<void>): Promise<void> => {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await work();
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
};

/**
 * Builds once per run what the browser tests load, before any of them starts: the client they open and the server
 * bundle `npm start` runs (e2e/npm-start.e2e.test.ts), with the same rule as `npm start` (scripts/build-state.mjs),
 * so no test rebuilds dist/ while another serves it. E2E_CLIENT_DIR builds only the client, into that folder, so
 * two people can run browser tests side by side without rebuilding each other's client.
 */
const setup = async (): Promise<void> => {
  const clientDir = process.env.E2E_CLIENT_DIR;
  if (clientDir) {
    await asProduction(() =>
      build({ configFile: path.join(repoRoot, 'vite.config.ts'), mode: 'production', logLevel: 'warn', build: { outDir: path.resolve(repoRoot, clientDir) } }).then(() => undefined),
    );
    return;
  }
  if (isBuildCurrent()) return;
  await asProduction(buildAll);
};

export default setup;
