import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { TDatabaseHandle } from '../db/database';
import { AppError, toErrorBody } from './errors';

/** Where Prometheus scrapes; outside /api, so no origin check, session or API rate limit applies. */
export const METRICS_PATH = '/metrics';

/** What the route label says for a request no route matched (its raw URL would be unbounded). */
export const UNMATCHED_ROUTE = 'unmatched';

export type TMetrics = ReturnType<typeof createMetrics>;

/**
 * Remembers a read for `ttlMs`, so the gauges of one scrape (collected together) share one query, and scrapes
 * from two Prometheus servers in the same second one result.
 */
const sharedRead = <T>(read: () => Promise<T>, ttlMs = 1000) => {
  let last: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (!last || Date.now() - last.at > ttlMs) last = { at: Date.now(), value: read() };
    return last.value;
  };
};

/**
 * The metrics of one app, in a registry of its own (tests build many apps in one process, and the default registry
 * is global). Created only when METRICS_TOKEN is set: with /metrics off nothing is measured.
 */
export const createMetrics = (options: { database: TDatabaseHandle; logger: FastifyBaseLogger }) => {
  const { database, logger } = options;
  const db = database.db;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status, with how long each took to answer',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const busPublish = new Histogram({
    name: 'realtime_bus_publish_duration_seconds',
    help: 'How long a realtime event took to publish (on PostgreSQL: until its NOTIFY was sent)',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  const busLag = new Histogram({
    name: 'realtime_bus_delivery_lag_seconds',
    help: 'From the publication of a realtime event on another instance to its delivery here (PostgreSQL only)',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  // Read at scrape time; a failed read leaves its gauges empty for that scrape rather than failing all of it.
  const readOrLog = async <T>(what: string, read: () => Promise<T>): Promise<T | null> => {
    try {
      return await read();
    } catch (error) {
      logger.warn({ err: error }, `metriche: lettura di ${what} non riuscita`);
      return null;
    }
  };
  // The due-index of email_outbox covers every unsent row.
  const readOutbox = sharedRead(() =>
    readOrLog('email_outbox', () =>
      db
        .selectFrom('email_outbox')
        .select(['status', sql<string>`count(*)`.as('count'), sql<number>`extract(epoch from now() - min(created_at))::float8`.as('oldest')])
        .where('status', '<>', 'sent')
        .groupBy('status')
        .execute(),
    ),
  );
  // Done rows are pruned after a week, failed ones after three months: the table stays small.
  const readJobs = sharedRead(() =>
    readOrLog('jobs', () =>
      db
        .selectFrom('jobs')
        .select([
          'name',
          sql<string>`count(*) filter (where state = 'pending' and run_at <= now())`.as('due'),
          sql<string>`count(*) filter (where state = 'pending' and run_at > now())`.as('delayed'),
          sql<string>`count(*) filter (where state = 'running')`.as('running'),
          sql<string>`count(*) filter (where state = 'failed')`.as('failed'),
        ])
        .where('state', '<>', 'done')
        .groupBy('name')
        .execute(),
    ),
  );

  new Gauge({
    name: 'email_outbox_depth',
    help: 'E-mails not sent yet, by status (pending: waiting for an attempt; sending: claimed by a worker)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await readOutbox();
      this.reset();
      // Both always present, so an empty outbox reads 0 rather than no series.
      for (const status of ['pending', 'sending']) this.set({ status }, Number(rows?.find((row) => row.status === status)?.count ?? 0));
    },
  });
  new Gauge({
    name: 'email_outbox_oldest_unsent_age_seconds',
    help: 'Age of the oldest e-mail not sent yet (0 when none waits)',
    registers: [registry],
    async collect() {
      const rows = await readOutbox();
      this.set(Math.max(0, ...(rows ?? []).map((row) => Number(row.oldest) || 0)));
    },
  });
  const jobGauge = (name: string, help: string, column: 'due' | 'delayed' | 'running' | 'failed') =>
    new Gauge({
      name,
      help,
      labelNames: ['name'] as const,
      registers: [registry],
      async collect() {
        const rows = await readJobs();
        // Reset, so a job name with no rows left drops out instead of repeating its last value.
        this.reset();
        for (const row of rows ?? []) this.set({ name: row.name }, Number(row[column]));
      },
    });
  jobGauge('jobs_queue_depth', 'Jobs due now and waiting for a worker, by job name', 'due');
  jobGauge('jobs_delayed', 'Jobs waiting for a later time (a retry after a failure, a scheduled run), by job name', 'delayed');
  jobGauge('jobs_running', 'Jobs claimed by a worker, by job name', 'running');
  jobGauge('jobs_failed', 'Jobs that used up their attempts (kept 90 days), by job name', 'failed');

  const { pool } = database;
  if (pool) {
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    poolGauge('db_pool_connections', 'Connections open in the PostgreSQL pool', () => pool.totalCount);
    poolGauge('db_pool_idle_connections', 'Open connections of the pool that no query holds', () => pool.idleCount);
    poolGauge('db_pool_waiting_queries', 'Queries waiting for a connection of the pool', () => pool.waitingCount);
    poolGauge('db_pool_max_connections', 'Most connections the pool may open', () => pool.options.max);
  }

  return {
    registry,
    /** For the bus (`createEventBus`'s `onDeliveryLag`). */
    observeBusDeliveryLag: (seconds: number) => busLag.observe(seconds),
    /** The same bus, its publications timed. */
    instrumentBus: <TBus extends { publish: (topic: string, payload: unknown) => Promise<void> }>(bus: TBus): TBus => ({
      ...bus,
      publish: async (topic: string, payload: unknown) => {
        const end = busPublish.startTimer();
        try {
          await bus.publish(topic, payload);
        } finally {
          end();
        }
      },
    }),
    httpDuration,
  };
};

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the Authorization header carries the token: compared in constant time (of equal-length digests). */
export const hasBearerToken = (header: string | undefined, token: string): boolean => {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
};

/**
 * `/metrics` in the Prometheus text format, behind `Authorization: Bearer <METRICS_TOKEN>`; answers 404 when no
 * token is configured (`metrics` null). Register it before the routes, so its hook times every one of them.
 * `openSockets` counts the live connections of each realtime transport at scrape time.
 */
export const registerMetrics = (
  app: FastifyInstance,
  options: { token: string | undefined; metrics: TMetrics | null; openSockets: () => Record<string, number> },
) => {
  const { token, metrics } = options;
  if (!token || !metrics) {
    // A route, not a miss: the not-found handler would serve the client's page for it.
    app.get(METRICS_PATH, async (_request, reply) => reply.status(404).send(toErrorBody(new AppError('NOT_FOUND'))));
    return;
  }
  const { registry, httpDuration } = metrics;

  new Gauge({
    name: 'realtime_open_sockets',
    help: 'Open realtime connections, by transport (socket.io, tRPC over WebSocket)',
    labelNames: ['transport'] as const,
    registers: [registry],
    collect() {
      for (const [transport, count] of Object.entries(options.openSockets())) this.set({ transport }, count);
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (`/api/clients/:id`), never the URL: one series per route, whatever the ids.
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  app.get(METRICS_PATH, async (request, reply) => {
    // Answered here, not thrown: this route is registered before the app's error handler.
    if (!hasBearerToken(request.headers.authorization, token)) {
      return reply.status(401).header('WWW-Authenticate', 'Bearer realm="metrics"').send(toErrorBody(new AppError('UNAUTHENTICATED')));
    }
    const body = await registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(body);
  });
};
