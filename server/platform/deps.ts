import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config';
import type { TDb } from '../db/database';
import type { TEventBus } from '../realtime/event-bus';
import type { TJobRunner } from './jobs';
import type { TMailer } from './mail';
import type { TAuthLimits } from './rate-limit';
import type { TSessionCache } from './session-cache';

/** What services need of the e-mail outbox: a nudge after a commit, and work that queues e-mails after the answer. */
export type TEmailQueue = {
  /** Asks for a run soon (after a new e-mail was committed). */
  kick: () => void;
  /**
   * Runs `work` (which queues e-mails in its own transaction) without making the caller wait, then kicks; failures
   * are logged. Draining and closing the app wait for this work first.
   */
  later: (work: () => Promise<void>) => void;
};

/** What services are built from; adapters never reach these directly. */
export type TServiceDeps = {
  db: TDb;
  config: TConfig;
  mailer: TMailer;
  /** The durable e-mail outbox (rows written with `queueEmail`, each sent and retried as a job). */
  emailOutbox: TEmailQueue;
  /** The app's job runner (jobs enqueued in the caller's transaction with `enqueue`, then `kick`). */
  jobs: TJobRunner;
  limits: TAuthLimits;
  logger: FastifyBaseLogger;
  sessionCache: TSessionCache;
  /** Realtime events between services, socket.io and tRPC subscriptions, across instances. */
  bus: TEventBus;
};
