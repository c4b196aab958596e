/**
 * One server of the files benchmarks, in its own process (forked by bench/files-shared.ts startServer with
 * `--import tsx --expose-gc`), so that its RSS, heap and CPU are its own:
 *
 *   app     the real app (buildApp, production config) on PGlite in a temp dir, one active user logged in once
 *           through POST /api/auth/login; the benchmark uploads through POST /api/docs/upload and downloads
 *   static  a bare Fastify with @fastify/static over FILES_STATIC_ROOT (the zip baseline), and GET /bare-zip: the
 *           app's createZipStream over the files of FILES_STATIC_PARTS without the app (a diagnostic)
 *   sharp   no HTTP: runs sharp resizes on command (the image baseline)
 *
 * Commands come over IPC (see TServerCommand in bench/files-shared.ts): gc, a 100 ms process.memoryUsage()
 * sampler (start/stop), clearing DATA_DIR/cache/images, resizing, close.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import inspector from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import sharp from 'sharp';
import type { TMemory, TReply, TResizeResult, TSampleResult, TServerCommand, TServerMode } from './files-shared';

const send = (message: TReply) => process.send?.(message);

const memory = (): TMemory => {
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, heapTotal, external, arrayBuffers };
};

const gc = () => {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('files-server needs --expose-gc');
  collect();
  collect();
};

const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const cleanups: (() => Promise<void>)[] = [];

// ---------------------------------------------------------------------------------------------------------------
// Servers

const startApp = async () => {
  // Imported here so that the baselines never load the app's modules.
  const { buildApp } = await import('../server/app');
  const { loadConfig } = await import('../server/config');
  const { openDatabase } = await import('../server/db/database');
  const { insertUserFixture } = await import('../server/testing/fixtures');

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-files-app-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const database = await openDatabase({ dataDir }); // DATA_DIR/pglite, as in production
  cleanups.push(() => database.close());
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1' });
  const app = await buildApp({ config, database, logger: false });
  cleanups.push(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = urlOf(app);

  const email = `bench-${randomBytes(4).toString('hex')}@example.it`;
  const password = `Bench-${randomBytes(12).toString('hex')}`;
  await insertUserFixture(database.db, { email, password });
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const loginBody = await login.text();
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${loginBody.slice(0, 300)}`);
  const sid = login.headers
    .getSetCookie()
    .map((header) => /^sid=([^;]*)/.exec(header)?.[1])
    .find((value) => value);
  if (!sid) throw new Error('login set no sid cookie');
  return { url, sid, dataDir };
};

const startStatic = async () => {
  const root = process.env.FILES_STATIC_ROOT;
  if (!root) throw new Error('static mode needs FILES_STATIC_ROOT');
  const app = Fastify();
  await app.register(fastifyStatic, { root });
  // The app's zip code alone (createZipStream over the same files, no app around it): splits what the zip costs
  // from what the app around it costs. FILES_STATIC_PARTS: the files' paths, one per line.
  const parts = (process.env.FILES_STATIC_PARTS ?? '').split('\n').filter(Boolean);
  const { createZipStream } = await import('../server/modules/files/download');
  app.get('/bare-zip', (_request, reply) =>
    reply
      .header('content-type', 'application/zip')
      .send(createZipStream(parts.map((part) => ({ name: path.basename(part), mime: 'application/pdf', open: () => createReadStream(part) })))),
  );
  cleanups.push(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: urlOf(app), sid: null, dataDir: null };
};

// ---------------------------------------------------------------------------------------------------------------
// Commands

let profiler: inspector.Session | null = null;
let sampler: { timer: NodeJS.Timeout; samples: number; peak: TMemory } | null = null;
let dataDir: string | null = null;

const takeSample = () => {
  if (!sampler) return;
  const now = memory();
  sampler.samples += 1;
  for (const key of Object.keys(now) as (keyof TMemory)[]) sampler.peak[key] = Math.max(sampler.peak[key], now[key]);
};

/**
 * The same work as the app's image renderer (server/modules/files/images.ts produce): auto-orient, resize to
 * `width` without enlarging, encode as WebP at `quality`; `concurrency` resizes at a time.
 */
const resizeAll = async (inputs: readonly string[], width: number, quality: number, concurrency: number): Promise<TResizeResult> => {
  let next = 0;
  let outputBytes = 0;
  const startedAt = performance.now();
  const worker = async () => {
    while (next < inputs.length) {
      const input = inputs[next++]!;
      const output = await sharp(input, { limitInputPixels: 50_000_000, animated: true })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .toFormat('webp', { quality })
        .toBuffer();
      outputBytes += output.length;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { count: inputs.length, elapsedMs: performance.now() - startedAt, outputBytes };
};

const countRenditions = async (cacheDir: string): Promise<number> => {
  const entries = await fs.readdir(cacheDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile() && !entry.name.includes('.tmp-')).length;
};

/** `expect`: the app writes renditions to its cache after answering; wait (up to 2 s) until they are all there. */
const clearImageCache = async (cacheDir: string, expect = 0): Promise<number> => {
  const deadline = Date.now() + 2_000;
  let renditions = await countRenditions(cacheDir);
  while (renditions < expect && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    renditions = await countRenditions(cacheDir);
  }
  // Renditions may still be landing (the app writes them after answering): retry until the directory is gone.
  await fs.rm(cacheDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 20 });
  return renditions;
};

const handle = async (command: TServerCommand): Promise<unknown> => {
  switch (command.type) {
    case 'gc':
      gc();
      return memory();
    case 'sample-start':
      if (sampler) clearInterval(sampler.timer);
      sampler = { timer: setInterval(takeSample, command.intervalMs), samples: 0, peak: memory() };
      return memory();
    case 'sample-stop': {
      if (!sampler) throw new Error('no sampler running');
      takeSample();
      clearInterval(sampler.timer);
      const result: TSampleResult = { samples: sampler.samples, peak: sampler.peak, last: memory() };
      sampler = null;
      return result;
    }
    case 'clear-image-cache':
      if (!dataDir) throw new Error('no DATA_DIR in this mode');
      // Answers how many renditions were cached (one per cache miss since the last clear).
      return clearImageCache(path.join(dataDir, 'cache', 'images'), command.expect);
    case 'resize':
      return resizeAll(command.inputs, command.width, command.quality, command.concurrency);
    case 'profile-start':
      profiler = new inspector.Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
      await profiler.post('Profiler.start');
      return null;
    case 'profile-stop': {
      if (!profiler) throw new Error('no profile running');
      const { profile } = await profiler.post('Profiler.stop');
      profiler.disconnect();
      profiler = null;
      await fs.writeFile(command.file, JSON.stringify(profile));
      return command.file;
    }
    case 'close':
      setImmediate(() => void shutdown(0));
      return null;
  }
};

const shutdown = async (code: number) => {
  while (cleanups.length > 0) await cleanups.pop()!().catch((error: unknown) => console.error('files-server cleanup failed:', error));
  process.exit(code);
};

process.on('SIGINT', () => void shutdown(130));
process.on('disconnect', () => void shutdown(0));

const main = async () => {
  const mode = process.argv[2] as TServerMode;
  process.on('message', (command: TServerCommand) => {
    handle(command).then(
      (result) => send({ type: 'ok', id: command.id, result }),
      (error: unknown) => send({ type: 'error', id: command.id, message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
  const started = mode === 'app' ? await startApp() : mode === 'static' ? await startStatic() : mode === 'sharp' ? { url: null, sid: null, dataDir: null } : null;
  if (!started) throw new Error(`unknown mode ${JSON.stringify(mode)} (app | static | sharp)`);
  dataDir = started.dataDir;
  send({ type: 'ready', url: started.url, sid: started.sid, dataDir: started.dataDir, pid: process.pid });
};

main().catch((error: unknown) => {
  send({ type: 'error', id: null, message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  void shutdown(1);
});
