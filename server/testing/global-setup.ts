import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../../scripts/build.mjs';
import { createPostgresTemplate, ensurePgliteTemplate } from './database-templates';
import { REPO_ROOT } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite data directory (a tar) that each test file loads. */
    pgliteTemplate: string | undefined;
    /** Name of the migrated template database each test file copies on TEST_DATABASE_URL's server. */
    postgresTemplate: string | undefined;
    /** A folder for this run and suite (server/testing/isolation/), removed at the end of the run. */
    isolationRunDir: string | undefined;
    /** This run's server bundle (main.js, demo.js...) for the tests that start real server processes. */
    serverBundleDir: string | undefined;
  }
}

/**
 * Global setup of the projects whose tests open databases: migrates once per run what every file then copies.
 * PGlite: a dumped data directory, cached under node_modules/.cache until a migration changes. PostgreSQL: a
 * template database for this run, dropped at its end. And the server bundled once (esbuild, about a second) for the
 * tests that start real server processes (server/testing/server-process.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runDir = await fs.mkdtemp(path.join(os.tmpdir(), `platform-run-${project.name}-`));
  project.provide('isolationRunDir', runDir);
  // Inside the repository's node_modules, so the bundle's packages resolve as dist/server's do.
  const bundleDir = path.join(REPO_ROOT, 'node_modules/.cache/platform-tests', `server-${project.name}`);
  await bundleServer(bundleDir);
  project.provide('serverBundleDir', bundleDir);
  const removeRunDir = () => fs.rm(runDir, { recursive: true, force: true });
  const serverUrl = project.config.env?.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide('pgliteTemplate', await ensurePgliteTemplate());
    project.provide('postgresTemplate', undefined);
    return removeRunDir;
  }
  const template = await createPostgresTemplate(serverUrl);
  project.provide('pgliteTemplate', undefined);
  project.provide('postgresTemplate', template.name);
  return async () => {
    await template.drop();
    await removeRunDir();
  };
}
