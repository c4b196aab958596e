import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type TServerProcess = {
  child: ChildProcess;
  /** Everything it printed so far (the last 20,000 characters). */
  output: () => string;
  /** Resolves with its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  kill: (signal: NodeJS.Signals) => Promise<void>;
};

/**
 * The environment of a real server process for a test: production mode on 127.0.0.1:`port` (its PUBLIC_URL),
 * its own DATA_DIR, the embedded database unless `databaseUrl` is given, a first admin, no client build. `extra`
 * adds or overrides variables.
 */
export const serverProcessEnv = (
  options: { port: number; dataDir: string; databaseUrl?: string; admin: { email: string; password: string } },
  extra: Record<string, string> = {},
): Record<string, string> => ({
  NODE_ENV: 'production',
  PORT: String(options.port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${options.port}`,
  DATA_DIR: options.dataDir,
  DATABASE_URL: options.databaseUrl ?? '',
  TEST_DATABASE_URL: '',
  ADMIN_EMAIL: options.admin.email,
  ADMIN_PASSWORD: options.admin.password,
  LOG_LEVEL: 'warn',
  CLIENT_DIR: path.join(options.dataDir, 'no-client'),
  ...extra,
});

/** What the run's global setup (server/testing/global-setup.ts) provides, when this runs inside a test that has it. */
const provided = <K extends 'serverBundleDir' | 'pgliteTemplate' | 'postgresTemplate'>(key: K) => {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
};
const serverBundleDir = () => provided('serverBundleDir');

/**
 * A new DATA_DIR for a real server process (removed by `cleanup`). On PGlite it already holds the run's migrated
 * database (the template every test file copies, untarred into `<dir>/pglite`), so the first start opens it in about
 * a second instead of initdb and every migration (20 s and more on a loaded machine); the server still checks its
 * migrations at each start, as in production.
 */
export const newServerDataDir = async (prefix: string): Promise<string> => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const template = provided('pgliteTemplate');
  if (template) {
    await fs.mkdir(path.join(dataDir, 'pglite'), { recursive: true });
    execFileSync('tar', ['-xf', template, '-C', path.join(dataDir, 'pglite')], { stdio: 'ignore' });
  }
  return dataDir;
};

/** A scratch database for a real server process on TEST_DATABASE_URL's server: a copy of the run's migrated template. */
export const createProcessPostgres = (serverUrl: string) => createScratchPostgres(serverUrl, 't_proc', provided('postgresTemplate'));

/**
 * Runs an entry point of the repository (server/main.ts, server/demo.ts) as its own process: from the run's server
 * bundle (what `npm start` runs, built once by the global setup) when there is one, else from the sources through
 * tsx, which costs several seconds of transpiling at each start.
 */
export const spawnScript = (script: string, env: Record<string, string>): TServerProcess => {
  let output = '';
  const bundleDir = serverBundleDir();
  const args = bundleDir ? ['--enable-source-maps', path.join(bundleDir, `${path.basename(script, '.ts')}.js`)] : ['--import', 'tsx', script];
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
};

/** The real server (`server/main.ts`, one process: its pid is the server's), once /api/health answers. */
export const startServerProcess = async (env: Record<string, string>, base: string, timeoutMs = 120_000): Promise<TServerProcess> => {
  const server = spawnScript('server/main.ts', env);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`server exited at start (${server.child.exitCode ?? server.child.signalCode}):\n${server.output()}`);
    }
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return server;
    if (Date.now() > deadline) {
      await server.kill('SIGKILL');
      throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output()}`);
    }
    await sleep(100);
  }
};

/** The URL of database `name` on the PostgreSQL server of `serverUrl`. */
export const databaseUrlOf = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A scratch database on the PostgreSQL server `serverUrl`, and how to drop it: empty, or a copy of `template` (the
 * migrated template of the run, server/testing/database-templates.ts).
 */
export const createScratchPostgres = async (serverUrl: string, prefix = 't_proc', template?: string) => {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  await admin.end();
  return {
    url: databaseUrlOf(serverUrl, name),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
};
