import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config';
import type { TDb } from '../db/database';
import type { TEmailQueue } from '../modules/notifications/email-outbox';
import type { TEventBus } from '../realtime/event-bus';
import type { TMailer } from './mail';
import type { TAuthLimits } from './rate-limit';
import type { TSessionCache } from './session-cache';

/** What services are built from; adapters never reach these directly. */
export type TServiceDeps = {
  db: TDb;
  config: TConfig;
  mailer: TMailer;
  /** The durable e-mail outbox (rows written with `queueEmail`, sent and retried by a worker). */
  emailOutbox: TEmailQueue;
  limits: TAuthLimits;
  logger: FastifyBaseLogger;
  sessionCache: TSessionCache;
  /** Realtime events between services, socket.io and tRPC subscriptions, across instances. */
  bus: TEventBus;
};
