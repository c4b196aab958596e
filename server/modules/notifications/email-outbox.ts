import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/database';
import type { TMail, TMailer } from '../../platform/mail';

/** How long a claimed e-mail stays with its worker before another may take it (a crash mid-send), by default. */
const CLAIM_LEASE_SECONDS = 300;
const BATCH_SIZE = 20;
/** Backoff cap: a failing transport delays mail, never drops it. */
const MAX_RETRY_MS = 60 * 60 * 1000;

/**
 * Writes an e-mail to the outbox. Call it in the transaction that stores what the e-mail is about, so the two are
 * committed together: once the caller answers, the e-mail is sent even if the process dies right after.
 */
export const queueEmail = async (db: TDb, mail: TMail): Promise<void> => {
  await db.insertInto('email_outbox').values({ to: mail.to, subject: mail.subject, text: mail.text }).execute();
};

/** What services need of the outbox: a nudge after a commit, and work that queues e-mails after the answer. */
export type TEmailQueue = {
  /** Asks for a run soon (after a new e-mail was committed). */
  kick: () => void;
  /**
   * Runs `job` (which queues e-mails in its own transaction) without making the caller wait, then kicks; failures
   * are logged. `drain` and `stop` wait for these jobs first.
   */
  later: (job: () => Promise<void>) => void;
};

export type TEmailOutboxWorker = TEmailQueue & {
  /** Sends what is due now, one batch after another, and resolves when nothing due is left (tests, shutdown). */
  drain: () => Promise<void>;
  start: () => void;
  /** Stops the timer and waits for the run in progress. */
  stop: () => Promise<void>;
};

/**
 * Claims due e-mails: `for update skip locked`, so two instances on one PostgreSQL never take the same row; the
 * claim (status `sending`, next_attempt_at pushed by the lease) is committed before sending.
 */
const claimDue = (db: TDb, leaseSeconds: number) =>
  db
    .updateTable('email_outbox')
    .set((eb) => ({
      status: 'sending',
      attempts: eb('attempts', '+', 1),
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${leaseSeconds})`,
    }))
    .where(
      'id',
      'in',
      db
        .selectFrom('email_outbox')
        .select('id')
        .where('status', '<>', 'sent')
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('id')
        .limit(BATCH_SIZE)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'to', 'subject', 'text', 'attempts'])
    .execute();

export const createEmailOutboxWorker = (options: {
  db: TDb;
  mailer: TMailer;
  logger: FastifyBaseLogger;
  /** How often to look for due e-mails. */
  pollMs?: number;
  /** First retry delay; doubles with every failed attempt up to one hour. */
  retryBaseMs?: number;
  /** Longest a delivery may take: a claim older than this is taken again (its worker died mid-send). */
  claimLeaseSeconds?: number;
}): TEmailOutboxWorker => {
  const { db, mailer, logger } = options;
  const pollMs = options.pollMs ?? 5_000;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const claimLeaseSeconds = options.claimLeaseSeconds ?? CLAIM_LEASE_SECONDS;
  const jobs = new Set<Promise<void>>();
  const jobsDone = async () => {
    while (jobs.size > 0) await Promise.allSettled([...jobs]);
  };
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  // One run at a time in this process; other instances are kept apart by the row locks.
  let running: Promise<void> = Promise.resolve();

  const runBatch = async (): Promise<number> => {
    const claimed = await claimDue(db, claimLeaseSeconds);
    for (const mail of claimed) {
      try {
        await mailer.deliver({ to: mail.to, subject: mail.subject, text: mail.text });
        await db.updateTable('email_outbox').set({ status: 'sent', sent_at: sql<Date>`now()`, last_error: null }).where('id', '=', mail.id).execute();
      } catch (error) {
        const delayMs = Math.min(retryBaseMs * 2 ** Math.max(0, mail.attempts - 1), MAX_RETRY_MS);
        logger.warn({ err: error, emailId: String(mail.id), attempts: mail.attempts, retryInMs: delayMs }, 'invio e-mail non riuscito, nuovo tentativo più tardi');
        await db
          .updateTable('email_outbox')
          .set({
            status: 'pending',
            last_error: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
            next_attempt_at: sql<Date>`now() + make_interval(secs => ${delayMs / 1000})`,
          })
          .where('id', '=', mail.id)
          .execute();
      }
    }
    return claimed.length;
  };

  const runUntilEmpty = async () => {
    while (!stopped && (await runBatch()) === BATCH_SIZE) {
      // a full batch: there may be more due
    }
  };

  const enqueueRun = (): Promise<void> => {
    running = running.then(runUntilEmpty).catch((error: unknown) => logger.error({ err: error }, 'coda e-mail non elaborata'));
    return running;
  };

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      void enqueueRun().finally(() => schedule(pollMs));
    }, delay);
    timer.unref();
  };

  const kick = () => schedule(0);

  return {
    drain: async () => {
      await jobsDone();
      await enqueueRun();
    },
    kick,
    later: (job) => {
      const tracked = job()
        .then(kick)
        .catch((error: unknown) => logger.error({ err: error }, 'e-mail non messa in coda'))
        .finally(() => jobs.delete(tracked));
      jobs.add(tracked);
    },
    start: () => {
      stopped = false;
      // A start (often after SMTP_URL was fixed) retries at once what waits for its next attempt; what another
      // worker is sending (status `sending`) keeps its lease.
      running = running
        .then(() =>
          db
            .updateTable('email_outbox')
            .set({ next_attempt_at: sql<Date>`now()` })
            .where('status', '=', 'pending')
            .where('next_attempt_at', '>', sql<Date>`now()`)
            .execute(),
        )
        .then(() => undefined)
        .catch((error: unknown) => logger.warn({ err: error }, 'coda e-mail non riattivata'));
      schedule(0);
    },
    stop: async () => {
      await jobsDone();
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
};
