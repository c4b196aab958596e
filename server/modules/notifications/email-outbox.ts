import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/database';
import type { TEmailQueue } from '../../platform/deps';
import { enqueue, exponentialBackoff, makeJobsDueNow, releaseRunningJobs, type TJobRunner } from '../../platform/jobs';
import type { TMail, TMailer } from '../../platform/mail';
import * as repo from './email-outbox.repository';

export type { TEmailQueue } from '../../platform/deps';

/** The job that sends one e-mail of the outbox (payload: its row id). */
export const EMAIL_SEND_JOB = 'email.send';
/** How long a send stays with its worker before another may take it (a crash mid-send), by default. */
const LEASE_SECONDS = 300;
/** Backoff cap: a failing transport delays mail, never drops it. */
const MAX_RETRY_MS = 60 * 60 * 1000;
/** Never reached in practice (years of hourly attempts): an e-mail is delayed, not dropped. */
const MAX_ATTEMPTS = 100_000;

/**
 * Writes e-mails to the outbox, each with the job that sends it. Call it in the transaction that stores what the
 * e-mails are about, so all are committed together: once the caller answers, they are sent even if the process
 * dies right after. Then `kick` the outbox after the commit, to send them at once.
 */
export const queueEmails = async (db: TDb, mails: readonly TMail[]): Promise<void> => {
  for (const id of await repo.insertEmails(db, mails)) {
    await enqueue(db, EMAIL_SEND_JOB, { id }, { singletonKey: `${EMAIL_SEND_JOB}:${id}`, maxAttempts: MAX_ATTEMPTS });
  }
};

export const queueEmail = (db: TDb, mail: TMail): Promise<void> => queueEmails(db, [mail]);

export type TEmailOutbox = TEmailQueue & {
  /** Sends what is due now and resolves when nothing due is left (tests, shutdown). */
  drain: () => Promise<void>;
  /** Makes what waits for a later attempt due at once (called when the app starts). */
  start: () => Promise<void>;
  /** Waits for the work started with `later` (the runner itself is stopped by the app). */
  stop: () => Promise<void>;
};

/**
 * The outbox on the app's job runner: one `email.send` job per e-mail, retried with exponential backoff (from
 * `retryBaseMs`, at most one hour) and taken again by another worker when its lease (the longest a delivery may
 * take) expires. The email_outbox row records each attempt: status, attempts, last error and next attempt.
 */
export const createEmailOutbox = (options: {
  db: TDb;
  runner: TJobRunner;
  mailer: TMailer;
  logger: FastifyBaseLogger;
  /** First retry delay; doubles with every failed attempt up to one hour. */
  retryBaseMs?: number;
  /** Longest a delivery may take: past it the e-mail is taken again (its worker died mid-send). */
  leaseSeconds?: number;
  /**
   * No other process sends from this outbox (the embedded database, whose directory one process holds): at start,
   * what is marked as being sent was claimed by a dead predecessor and is taken back at once, not after the lease.
   */
  soleSender?: boolean;
}): TEmailOutbox => {
  const { runner, mailer, logger } = options;
  const backoff = exponentialBackoff(options.retryBaseMs ?? 30_000, MAX_RETRY_MS);
  const leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
  runner.defineJob<{ id: string }>(
    EMAIL_SEND_JOB,
    async ({ id }, { db, attempts }) => {
      const mail = await repo.markEmailSending(db, id, attempts, leaseSeconds);
      if (!mail) return; // sent already, or removed
      try {
        await mailer.deliver(mail);
      } catch (error) {
        await repo.markEmailRetry(db, id, (error instanceof Error ? error.message : String(error)).slice(0, 1000), backoff(attempts));
        throw error;
      }
      await repo.markEmailSent(db, id);
    },
    { maxAttempts: MAX_ATTEMPTS, backoff, leaseMs: leaseSeconds * 1000 },
  );

  const pending = new Set<Promise<void>>();
  const laterDone = async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };

  return {
    kick: runner.kick,
    later: (work) => {
      const tracked = work()
        .then(runner.kick)
        .catch((error: unknown) => logger.error({ err: error }, 'e-mail non messa in coda'))
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    drain: async () => {
      await laterDone();
      await runner.drain();
    },
    // A start (often after SMTP_URL was fixed) retries at once what waits for its next attempt; what another
    // worker is sending keeps its lease, unless no other worker can exist (`soleSender`).
    start: async () => {
      if (options.soleSender) {
        await repo.makeSendingEmailsDue(options.db);
        await releaseRunningJobs(options.db, EMAIL_SEND_JOB);
      }
      await repo.makePendingEmailsDue(options.db);
      await makeJobsDueNow(options.db, EMAIL_SEND_JOB);
    },
    stop: laterDone,
  };
};
