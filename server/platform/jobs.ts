import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../db/database';
import { claimDueJobs, enqueue, markJobDone, markJobFailed, pruneFinishedJobs, type TClaimedJob, type TEnqueueOptions } from './jobs-queue';
import { outsideRequests, runAsJobOf, takeRequestId } from './request-context';

export { enqueue, makeJobsDueNow, pruneFinishedJobs, releaseRunningJobs, type TEnqueueOptions } from './jobs-queue';

const BATCH_SIZE = 20;

export type TJobContext = { db: TDb; jobId: string; attempts: number };
export type TJobHandler<TPayload> = (payload: TPayload, context: TJobContext) => Promise<void>;

export type TJobOptions = {
  /** Attempts before the job is recorded as failed (default 5). */
  maxAttempts?: number;
  /** Delay before retry n (1-based): default 30 s doubled each time, at most one hour. */
  backoff?: (attempt: number) => number;
  /** Longest one run may take: past it another worker may take the job (its worker is presumed dead). */
  leaseMs?: number;
};

/** Recurring work: every `everyMs` (aligned on the epoch), or once a day at `dailyAt` ("HH:MM", server time). */
export type TSchedule = { everyMs: number } | { dailyAt: string };

type TDefinition = { handler: TJobHandler<any>; maxAttempts: number; backoff: (attempt: number) => number; leaseMs: number };

export const exponentialBackoff =
  (baseMs = 30_000, maxMs = 60 * 60 * 1000) =>
  (attempt: number) =>
    Math.min(baseMs * 2 ** Math.max(0, attempt - 1), maxMs);

/** When the occurrence due now began: the singleton key of that period, shared by every instance. */
export const currentOccurrence = (when: TSchedule, now: Date): Date => {
  if ('everyMs' in when) return new Date(Math.floor(now.getTime() / when.everyMs) * when.everyMs);
  const [hours, minutes] = when.dailyAt.split(':').map(Number);
  const at = new Date(now);
  at.setHours(hours!, minutes!, 0, 0);
  if (at > now) at.setDate(at.getDate() - 1);
  return at;
};

export type TJobRunner = {
  /** Registers what runs for jobs of `name` (define every job before `start`). */
  defineJob: <TPayload>(name: string, handler: TJobHandler<TPayload>, options?: TJobOptions) => void;
  /** `enqueue` on this runner's database (or the given transaction), then a nudge after the commit is the caller's `kick`. */
  enqueue: (db: TDb, name: string, payload?: unknown, options?: TEnqueueOptions) => Promise<string | null>;
  /** Runs the defined job `name` on a schedule: each occurrence is one row (singleton key per period), done once across instances. */
  schedule: (name: string, when: TSchedule) => void;
  start: () => void;
  /** Stops polling and waits for the jobs running in this process. */
  stop: () => Promise<void>;
  /** Asks for a run soon (after a job was committed). */
  kick: () => void;
  /** Runs what is due now, batch after batch, and resolves when nothing due is left (tests, shutdown). */
  drain: () => Promise<void>;
};

/**
 * The one job runner of the platform: jobs live in the `jobs` table, so the same code runs in-process on the
 * embedded database and on PostgreSQL with several instances, where `for update skip locked` and a lease make
 * each job run once (and again only when its worker died, after the lease).
 */
export const createJobRunner = (options: { db: TDb; logger: FastifyBaseLogger; pollMs?: number }): TJobRunner => {
  const { db, logger } = options;
  const pollMs = options.pollMs ?? 5_000;
  const definitions = new Map<string, TDefinition>();
  const schedules = new Map<string, TSchedule>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  // One run at a time in this process; other instances are kept apart by the row locks.
  let running: Promise<void> = Promise.resolve();

  const enqueueOccurrences = async () => {
    const now = new Date();
    for (const [name, when] of schedules) {
      const at = currentOccurrence(when, now);
      await enqueue(db, name, {}, { runAt: at, singletonKey: `${name}@${at.toISOString()}` });
    }
  };

  const attempt = async (job: TClaimedJob, definition: TDefinition, payload: unknown) => {
    try {
      await definition.handler(payload, { db, jobId: job.id, attempts: job.attempts });
      await markJobDone(db, job);
      logger.debug({ job: job.name, jobId: job.id, attempts: job.attempts }, 'lavoro eseguito');
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const retryInMs = job.attempts >= job.max_attempts ? null : definition.backoff(job.attempts);
      logger.warn({ err: error, job: job.name, jobId: job.id, attempts: job.attempts, retryInMs }, retryInMs === null ? 'lavoro non riuscito, tentativi esauriti' : 'lavoro non riuscito, nuovo tentativo più tardi');
      await markJobFailed(db, job, message, retryInMs);
    }
  };

  const runJob = async (job: TClaimedJob, definition: TDefinition) => {
    if (job.attempts > job.max_attempts) {
      // Its worker died on the last attempt: the lease expired with no attempt left.
      await markJobFailed(db, job, 'lease expired on the last attempt', null);
      return;
    }
    // Run as the request that enqueued it: its logs name that request, and so do the jobs it enqueues.
    const { payload, requestId } = takeRequestId(job.payload);
    await runAsJobOf(requestId, () => attempt(job, definition, payload));
  };

  const runUntilEmpty = async () => {
    await enqueueOccurrences();
    for (;;) {
      let claimedAny = false;
      for (const [name, definition] of definitions) {
        const claimed = await claimDueJobs(db, name, definition.leaseMs, BATCH_SIZE);
        for (const job of claimed) await runJob(job, definition);
        if (claimed.length === BATCH_SIZE) claimedAny = true;
      }
      if (!claimedAny) return;
    }
  };

  const run = (): Promise<void> => {
    // Outside whichever request's kick got here: each job runs as its own request (runJob).
    running = running.then(() => outsideRequests(runUntilEmpty)).catch((error: unknown) => logger.error({ err: error }, 'coda dei lavori non elaborata'));
    return running;
  };

  // When the pending timer fires: a later poll never replaces a sooner one (a kick made while a run ends would
  // otherwise be pushed back by the run's next regular poll, and its job wait a whole period).
  let timerAt = Number.POSITIVE_INFINITY;
  const poll = (delay: number) => {
    if (stopped) return;
    const at = Date.now() + delay;
    if (timer && at >= timerAt) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(() => {
      timer = undefined;
      timerAt = Number.POSITIVE_INFINITY;
      void run().finally(() => poll(pollMs));
    }, delay);
    timer.unref();
  };

  return {
    defineJob: (name, handler, jobOptions = {}) => {
      definitions.set(name, {
        handler,
        maxAttempts: jobOptions.maxAttempts ?? 5,
        backoff: jobOptions.backoff ?? exponentialBackoff(),
        leaseMs: jobOptions.leaseMs ?? 5 * 60 * 1000,
      });
    },
    enqueue: (trx, name, payload, enqueueOptions = {}) =>
      enqueue(trx, name, payload, { maxAttempts: definitions.get(name)?.maxAttempts, ...enqueueOptions }),
    schedule: (name, when) => {
      if (!definitions.has(name)) throw new Error(`schedule: job ${name} is not defined`);
      schedules.set(name, when);
    },
    start: () => {
      stopped = false;
      poll(0);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      timerAt = Number.POSITIVE_INFINITY;
      await running;
    },
    kick: () => poll(0),
    drain: () => run(),
  };
};

/** How long finished job rows are kept: a week for done ones, three months for failed ones (to look into). */
export const FINISHED_JOB_RETENTION = { doneDays: 7, failedDays: 90 };

/** The runner's own housekeeping, defined and scheduled by the app next to the modules' jobs. */
export const PRUNE_JOBS_JOB = {
  name: 'jobs.prune',
  handler: async (_payload: unknown, { db }: { db: TDb }) => {
    await pruneFinishedJobs(db, FINISHED_JOB_RETENTION);
  },
  schedule: { dailyAt: '03:40' } satisfies TSchedule,
};
