import { contractRouteDocs, openApiRest } from './platform/openapi/openapi.rest';
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { MSG } from '../shared/messages';
import type { TConfig } from './config';
import { openDatabase, type TDatabaseHandle } from './db/database';
import { migrateToLatest } from './db/migrate';
import { modules } from './composition/modules';
import { AppError, ERROR_MAP, toErrorBody } from './platform/errors';
import './platform/fastify-types';
import { clearSessionCookie, contextFromIncoming, contextFromRequest, setSessionCookie } from './platform/http-context';
import { requireRole } from './platform/context';
import { createMailer } from './platform/mail';
import { createEmailOutbox } from './modules/notifications/email-outbox';
import type { TPushTransport } from './modules/notifications/web-push';
import { createJobRunner, PRUNE_JOBS_JOB } from './platform/jobs';
import { isAllowedOrigin } from './platform/origin';
import { createMetrics, registerMetrics } from './platform/metrics';
import { requestIdGenerator, requestIdLogMixin, runAsRequest } from './platform/request-context';
import { createAuthLimits, createSharedLimiter } from './platform/rate-limit';
import { computeSecurityHeaders } from './platform/security-headers';
import { buildServices } from './platform/services';
import { createSessionCache } from './platform/session-cache';
import { createEventBus } from './realtime/event-bus';
import { createTrpcSocketSessions, isClosableSocket } from './realtime/trpc-ws-sessions';
import { dropEndedSessionsFromCache } from './realtime/session-events';
import { createSocketServer } from './realtime/socket-server';
import { type AppRouter, appRouter } from './trpc/app-router';
import type { TTrpcContext } from './trpc/trpc';

export type TBuildAppOptions = {
  config: TConfig;
  /** An open database to use (tests share one); otherwise one is opened from the config and closed with the app. */
  database?: TDatabaseHandle;
  logger?: boolean;
  /**
   * E-mail delivery knobs: a hook run before each delivery (throwing fails it), how often the job runner looks for
   * due work (`outboxPollMs`, as `jobs.pollMs`), and the first retry delay of a failed e-mail.
   */
  mail?: { beforeDeliver?: TMailerOptions['beforeDeliver']; outboxPollMs?: number; outboxRetryBaseMs?: number };
  /** The job runner: how often it looks for due jobs (5 s by default), and whether the modules' schedules run. */
  jobs?: { pollMs?: number; schedules?: boolean };
  /** How web pushes leave (tests record them instead of calling the browsers' push services). */
  push?: { transport?: TPushTransport };
};

const isApiPath = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/trpc');
/** Built files live under /assets/ or carry an extension; client routes never do (`/clienti`, `/rca/123`). */
const isFilePath = (url: string) => url.startsWith('/assets/') || /\.[A-Za-z0-9]{1,10}$/.test(url);

type TMailerOptions = Parameters<typeof createMailer>[0];

/** Builds the whole server: database (migrated), services, REST, tRPC over HTTP and WebSocket, and the client. */
export const buildApp = async ({ config, database, logger = true, mail, push, jobs: jobOptions }: TBuildAppOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: logger ? { level: config.logLevel, mixin: requestIdLogMixin } : false,
    genReqId: requestIdGenerator(config.trustProxy),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { maxParamLength: 5000 },
  });

  const db = database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, onIdleError: (error) => app.log.warn({ err: error }, 'connessione al database persa') }));
  await migrateToLatest(db.db);
  // Only when /metrics is on (METRICS_TOKEN): otherwise nothing is measured.
  const metrics = config.metricsToken ? createMetrics({ database: db, logger: app.log }) : null;
  const busOfDatabase = await createEventBus(db, app.log, { onDeliveryLag: metrics?.observeBusDeliveryLag });
  const bus = metrics ? metrics.instrumentBus(busOfDatabase) : busOfDatabase;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    logger: app.log,
    beforeDeliver: mail?.beforeDeliver,
    sendTimeoutSeconds: config.mailSendTimeoutSeconds,
  });
  // One job runner for the whole app; every e-mail is a job of it (the email_outbox row is its durable record).
  const jobs = createJobRunner({ db: db.db, logger: app.log, pollMs: jobOptions?.pollMs ?? mail?.outboxPollMs });
  const emailOutbox = createEmailOutbox({
    db: db.db,
    runner: jobs,
    mailer,
    logger: app.log,
    retryBaseMs: mail?.outboxRetryBaseMs,
    leaseSeconds: config.mailSendTimeoutSeconds,
    // The embedded database is held by this process alone (server/db/data-dir-lock.ts); PostgreSQL may have peers.
    soleSender: db.kind === 'pglite',
  });
  // Pushes being sent when the app closes (set once the services exist).
  let pendingPushes = async () => {};
  // One hook, so the bus (which may still be fetching from the database) is closed before the database.
  app.addHook('onClose', async () => {
    await pendingPushes();
    await emailOutbox.stop();
    await jobs.stop();
    await bus.close();
    if (!database) await db.close();
  });

  app.addHook('onClose', () => mailer.idle());
  // Lock-outs live in the database: they survive a restart and hold across instances.
  const limits = createAuthLimits(db.db);
  const sessionCache = createSessionCache();
  dropEndedSessionsFromCache(bus, sessionCache);
  const deps = { db: db.db, config, mailer, emailOutbox, jobs, limits, logger: app.log, sessionCache, bus, options: { pushTransport: push?.transport } };
  const services = buildServices(modules, deps);
  for (const job of [PRUNE_JOBS_JOB, ...modules.flatMap((module) => module.jobs?.({ deps, services }) ?? [])]) {
    jobs.defineJob(job.name, job.handler, 'options' in job ? job.options : undefined);
    if (job.schedule && jobOptions?.schedules !== false) jobs.schedule(job.name, job.schedule);
  }
  pendingPushes = services.notifications.idle;
  app.decorate('authLimits', limits);
  app.decorate('services', services);
  app.decorate('mailer', mailer);
  app.decorate('bus', bus);
  const trpcSocketSessions = createTrpcSocketSessions(bus);
  app.addHook('onClose', async () => trpcSocketSessions.close());
  app.decorate('emailOutbox', emailOutbox);
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => {
    await emailOutbox.start().catch((error: unknown) => app.log.warn({ err: error }, 'coda e-mail non riattivata'));
    jobs.start();
  });

  // Every client event of a user, over all its connections on every instance (rate_limits); the chat's own message
  // budget comes on top.
  const eventLimit = createSharedLimiter(db.db, config.socketEventsPerMinute, 60, 'socket-events');
  const sockets = createSocketServer({ httpServer: app.server, services, bus, config, eventLimit, logger: app.log, features: modules.flatMap((module) => module.sockets ?? []) });
  // Before Fastify closes the HTTP server, which would otherwise wait for the open sockets.
  app.addHook('preClose', (done) => {
    sockets.close();
    done();
  });

  // Before every other route, so that its hook times them all.
  registerMetrics(app, {
    token: config.metricsToken,
    metrics,
    openSockets: () => ({ 'socket.io': sockets.io.of('/').sockets.size, trpc: app.websocketServer.clients.size }),
  });
  // The request id, told to the client and carried on into the jobs and e-mails the request enqueues.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  app.addHook('preValidation', (request, _reply, done) => runAsRequest(request.id, done));
  await app.register(fastifyCookie);
  const securityHeaders = computeSecurityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  // Upgrades to /ws/ belong to socket.io; @fastify/websocket (tRPC at /trpc) hears all the others.
  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 * 1024, server: sockets.otherUpgrades as unknown as http.Server } });

  app.decorateRequest('ctx', null as never);
  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url)) return;
    if (!isAllowedOrigin(request, config.publicUrl)) throw new AppError('FORBIDDEN', { userMessage: MSG.badOrigin });
    request.ctx = await contextFromRequest(services.auth, request);
    // Every /api/admin/ route checks the role before the input (the admin's, or the route's `config.roles`), so a
    // corner gets 403 (or 401 without a session), never a 400 about its body. An impersonated session is left to the
    // service, which names why (no nested impersonation).
    if (request.url.startsWith('/api/admin/') && !request.ctx.actor?.impersonatorId) requireRole(request.ctx, request.routeOptions.config.roles ?? ['admin']);
  });
  // Everything an admin does as someone else is written down, with the admin's id, before the answer leaves.
  // tRPC calls are written by the tRPC middleware (trpc.ts), which sees HTTP and WebSocket calls alike.
  app.addHook('onSend', async (request, reply, payload) => {
    const actor = request.ctx?.actor;
    if (!actor?.impersonatorId || request.url.startsWith('/trpc')) return payload;
    await services.auth
      .recordImpersonatedRequest(actor, { method: request.method, path: request.url.split('?')[0] ?? '', statusCode: reply.statusCode, ip: request.ip })
      .catch((error: unknown) => request.log.error({ err: error }, 'audit log write failed'));
    return payload;
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfter) reply.header('Retry-After', String(error.retryAfter));
      if (error.code === 'INTERNAL') request.log.error({ err: error.cause ?? error }, error.message);
      return reply.status(ERROR_MAP[error.code].status).send(toErrorBody(error));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = status === 413 ? 'Il contenuto inviato è troppo grande.' : status === 415 ? 'Formato della richiesta non supportato.' : MSG.malformedBody;
      return reply.status(status).send({ message, type: 'default', code: 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(toErrorBody(new AppError('INTERNAL')));
  });

  for (const module of modules) for (const plugin of module.rest ?? []) await app.register(plugin);
  app.get('/api/health', async () => ({ status: 'ok', database: db.kind }));
  // The published contract of every REST route (issue 30): the modules' entries and the platform's own.
  await app.register(openApiRest(contractRouteDocs(modules), { version: process.env.npm_package_version ?? '0.0.0', serverUrl: config.publicUrl }));

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    useWSS: true,
    trpcOptions: {
      // A ping every 30 s: a quiet subscription's connection is not taken for dead by a proxy (the compose file's
      // keeps one an hour), and a client gone without closing is dropped after 10 s without its pong.
      keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 10_000 },
      router: appRouter,
      createContext: async ({ req, res, info }): Promise<TTrpcContext> => {
        if ('raw' in req) {
          return {
            ctx: req.ctx,
            services,
            isProduction: config.isProduction,
            onAuditError: (error) => req.log.error({ err: error }, 'audit log write failed'),
            cookies: { set: (token) => setSessionCookie(req, res, token), clear: () => clearSessionCookie(req, res) },
          };
        }
        // WebSocket: the raw upgrade request; impersonation tokens travel as connection params.
        const token = typeof info.connectionParams?.token === 'string' ? info.connectionParams.token : null;
        const ctx = await contextFromIncoming(services.auth, req, token, config.trustProxy);
        // For WebSocket connections tRPC hands over the socket itself as `res`.
        if (ctx.actor && isClosableSocket(res)) trpcSocketSessions.track(res, ctx.actor);
        return { ctx, services, isProduction: config.isProduction, onAuditError: (error) => app.log.error({ err: error }, 'audit log write failed') };
      },
      onError: ({ error, path: procedure }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, procedure }, 'trpc error');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  const indexFile = path.join(config.clientDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (isApiPath(url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: 'Risorsa non trovata.', type: 'default', code: 'NOT_FOUND' });
    }
    if (!hasClient) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Client non compilato: esegui `npm run build`.');
    }
    // A missing file (an old hashed asset, a script, an image) is not a page: the HTML would run as nothing or,
    // cached under the asset's name, break the next load.
    if (isFilePath(url)) return reply.status(404).type('text/plain; charset=utf-8').send(MSG.notFound);
    // Client routes (SPA fallback): the app decides what to show.
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });

  return app;
};
