/**
 * Diagnostics for the auth/me benchmark: the same measurement (same autocannon settings, load in a child
 * process) over variants that take one cost away at a time, to see where the time of GET /api/auth/me goes.
 * Nothing here changes server code: the "what if" variants swap `app.services.auth.resolveSession` on the
 * running app instance only.
 *
 *   npx tsx bench/profile-auth-me.ts                       # every variant
 *   npx tsx bench/profile-auth-me.ts hello health me-pg    # some of them, in this order (repeats allowed)
 *
 * Variants:
 *   hello             bare Fastify hello-world (the baseline)
 *   hello-plugins     bare Fastify + @fastify/cookie + @fastify/helmet (same CSP as the app) + hello-world
 *   hello-helmet-once the same, but the helmet headers computed once and set by one sync onRequest hook
 *   health            full app, GET /api/health without cookie: every hook and header, no session query
 *   me-pg             full app, GET /api/auth/me on PostgreSQL (as in the benchmark; BENCH_PG_POOL_SIZE applies)
 *   me-pg-pool2|5|20  the same with a pg pool of 2, 5 or 20 connections
 *   me-pg-raw         session lookup straight on pg (no Kysely), unnamed statement like Kysely's
 *   me-pg-prepared    session lookup straight on pg as one named (prepared) statement
 *   me-pg-cached      session lookup cached in memory for 5 s: the ceiling with no database round-trip
 *   me-pglite         full app, GET /api/auth/me on PGlite
 *   me-pglite-cached  the same with the 5 s cache
 */
import os from 'node:os';
import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { TAccountState, TRole } from '../shared/constants';
import type { TDatabaseHandle } from '../server/db/database';
import type { TActor } from '../server/platform/context';
import { hashToken } from '../server/platform/tokens';
import {
  describeSettings,
  measure,
  onCleanup,
  openBenchPglite,
  openScratchPostgres,
  printTable,
  runCleanups,
  startAuthMeServer,
  startHelloServer,
  startLoadGenerator,
  type TLoadClient,
  type TTarget,
  type TTargetResult,
} from './lib';

type TAuthMeTarget = Awaited<ReturnType<typeof startAuthMeServer>>;
type TResolveSession = TAuthMeTarget['app']['services']['auth']['resolveSession'];

const CACHE_TTL_MS = 5000;

/** What-if: resolveSession answered from memory for a few seconds (per token); the original is called on a miss. */
const withSessionCache = (target: TAuthMeTarget) => {
  const auth = target.app.services.auth;
  const original: TResolveSession = auth.resolveSession.bind(auth);
  const cache = new Map<string, { actor: TActor | null; expiresAt: number }>();
  auth.resolveSession = async (token, via) => {
    const key = `${via}:${token}`;
    const hit = cache.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.actor;
    const actor = await original(token, via);
    cache.set(key, { actor, expiresAt: Date.now() + CACHE_TTL_MS });
    return actor;
  };
  target.name += ' +5s cache';
};

const SESSION_QUERY = `select s.kind, s.impersonator_id, u.id as user_id, u.role, u.state
  from sessions s join users u on u.id = s.user_id
  where s.id = $1 and s.expires_at > now()`;

/**
 * What-if: the same lookup straight on a pg pool, no Kysely; `prepared` makes it one named statement (parsed and
 * planned once per connection) instead of an unnamed one (parsed and planned on every call, as Kysely does).
 */
const withRawLookup = (target: TAuthMeTarget, databaseUrl: string, poolSize: number, prepared: boolean) => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  pool.on('error', () => undefined);
  // Ended with the app, before the scratch database is dropped.
  const endPool = onCleanup(() => pool.end());
  const closeApp = target.close;
  target.close = async () => {
    await closeApp();
    await endPool();
  };
  target.app.services.auth.resolveSession = async (token, via): Promise<TActor | null> => {
    if (!token || token.length > 100) return null;
    const sessionId = hashToken(token);
    const { rows } = await pool.query<{ kind: string; impersonator_id: string | null; user_id: string; role: string; state: string }>(
      prepared ? { name: 'find_active_session', text: SESSION_QUERY, values: [sessionId] } : { text: SESSION_QUERY, values: [sessionId] },
    );
    const row = rows[0];
    if (!row || row.state !== 'active' || row.kind !== via) return null;
    return {
      userId: row.user_id,
      role: row.role as TRole,
      state: row.state as TAccountState,
      sessionId,
      via,
      impersonatorId: row.impersonator_id,
    };
  };
  target.name += prepared ? ' +raw pg, prepared' : ' +raw pg, unnamed';
};

const HELMET_OPTIONS = {
  contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        'worker-src': ["'self'", 'blob:'],
        'frame-ancestors': ["'none'"],
      'upgrade-insecure-requests': null,
    },
  },
  hsts: false,
} satisfies HelmetOptions;

/** The headers helmet would set, computed once (they do not depend on the request without CSP nonces). */
const helmetHeadersOnce = (): Record<string, string> => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name] = value),
    removeHeader: (name: string) => void delete headers[name],
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
};

const startHelloWithPlugins = async (helmetMode: 'plugin' | 'once'): Promise<TTarget> => {
  const app = Fastify();
  await app.register(fastifyCookie);
  if (helmetMode === 'plugin') await app.register(fastifyHelmet, HELMET_OPTIONS);
  else {
    const headers = helmetHeadersOnce();
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  }
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const close = onCleanup(() => app.close());
  const { port } = app.server.address() as AddressInfo;
  return {
    name: helmetMode === 'plugin' ? 'hello +cookie +@fastify/helmet' : 'hello +cookie +helmet headers once',
    database: 'none',
    url: `http://127.0.0.1:${port}/hello`,
    headers: {},
    checkBody: (body) => ((body as { hello?: unknown }).hello === 'world' ? null : 'no hello'),
    app,
    close,
  };
};

const withDatabase = async <T>(
  open: () => Promise<(TDatabaseHandle & { url?: string }) | null>,
  run: (database: TDatabaseHandle & { url?: string }) => Promise<T>,
): Promise<T | null> => {
  const database = await open();
  if (!database) return null;
  try {
    return await run(database);
  } finally {
    await database.close();
  }
};

const measureAndClose = async (load: TLoadClient, target: TTarget) => {
  try {
    return await measure(load, target);
  } finally {
    await target.close();
  }
};

const VARIANTS: Record<string, (load: TLoadClient) => Promise<TTargetResult | null>> = {
  hello: async (load) => measureAndClose(load, await startHelloServer()),
  'hello-plugins': async (load) => measureAndClose(load, await startHelloWithPlugins('plugin')),
  'hello-helmet-once': async (load) => measureAndClose(load, await startHelloWithPlugins('once')),
  health: (load) =>
    withDatabase(
      () => openScratchPostgres(),
      async (database) => {
        const target = await startAuthMeServer('full app /api/health (no session)', database);
        target.url = target.url.replace('/api/auth/me', '/api/health');
        target.headers = {};
        target.checkBody = (body) => ((body as { status?: unknown }).status === 'ok' ? null : 'status not ok');
        return measureAndClose(load, target);
      },
    ),
  'me-pg': (load) =>
    withDatabase(
      () => openScratchPostgres(),
      async (database) => measureAndClose(load, await startAuthMeServer('auth/me (PostgreSQL)', database)),
    ),
  ...Object.fromEntries(
    [2, 5, 20].map((size) => [
      `me-pg-pool${size}`,
      (load: TLoadClient) =>
        withDatabase(
          () => openScratchPostgres(size),
          async (database) => measureAndClose(load, await startAuthMeServer(`auth/me (PostgreSQL, pool ${size})`, database)),
        ),
    ]),
  ),
  'me-pg-prepared': (load) =>
    withDatabase(
      () => openScratchPostgres(),
      async (database) => {
        const target = await startAuthMeServer('auth/me (PostgreSQL)', database);
        withRawLookup(target, database.url!, 10, true);
        return measureAndClose(load, target);
      },
    ),
  'me-pg-raw': (load) =>
    withDatabase(
      () => openScratchPostgres(),
      async (database) => {
        const target = await startAuthMeServer('auth/me (PostgreSQL)', database);
        withRawLookup(target, database.url!, 10, false);
        return measureAndClose(load, target);
      },
    ),
  'me-pg-cached': (load) =>
    withDatabase(
      () => openScratchPostgres(),
      async (database) => {
        const target = await startAuthMeServer('auth/me (PostgreSQL)', database);
        withSessionCache(target);
        return measureAndClose(load, target);
      },
    ),
  'me-pglite': (load) =>
    withDatabase(openBenchPglite, async (database) => measureAndClose(load, await startAuthMeServer('auth/me (PGlite)', database))),
  'me-pglite-cached': (load) =>
    withDatabase(openBenchPglite, async (database) => {
      const target = await startAuthMeServer('auth/me (PGlite)', database);
      withSessionCache(target);
      return measureAndClose(load, target);
    }),
};

const main = async () => {
  const requested = process.argv.slice(2);
  const names = requested.length > 0 ? requested : Object.keys(VARIANTS);
  const unknown = names.filter((name) => !VARIANTS[name]);
  if (unknown.length > 0) throw new Error(`unknown variant(s) ${unknown.join(', ')}; known: ${Object.keys(VARIANTS).join(', ')}`);

  console.log(`auth/me diagnostics — ${describeSettings()}\n`);
  const load = startLoadGenerator();
  const results: TTargetResult[] = [];
  try {
    for (const name of names) {
      const result = await VARIANTS[name]!(load);
      if (result) results.push(result);
    }
  } finally {
    await runCleanups();
  }

  console.log('');
  printTable(results);
  const hellos = results.filter((result) => result.target === 'hello-world');
  if (hellos.length > 0) {
    const hello = hellos.reduce((sum, result) => sum + result.summary.requestsPerSecond.mean, 0) / hellos.length;
    console.log(`\nratio to hello-world (${Math.round(hello)} req/s, mean of ${hellos.length} run(s)):`);
    for (const result of results) console.log(`  ${result.target.padEnd(48)} ${(result.summary.requestsPerSecond.mean / hello).toFixed(3)}`);
  }
  console.log(`load avg at the end: ${os.loadavg()[0]?.toFixed(2)}`);
};

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    console.error(error);
    await runCleanups();
    process.exit(1);
  },
);
