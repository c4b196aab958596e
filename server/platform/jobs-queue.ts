import { sql } from 'kysely';
import type { TDb } from '../db/database';
import { withRequestId } from './request-context';

export type TEnqueueOptions = {
  /** Not before this moment (default: now). */
  runAt?: Date;
  /** At most one job ever with this key: enqueuing it again, from any instance, adds nothing. */
  singletonKey?: string;
  /** Overrides the definition's maxAttempts for this job. */
  maxAttempts?: number;
};

/**
 * Adds a job to the queue. Pass the service's transaction so the job is committed with what it is about (and
 * dropped with it on rollback). Resolves to the new job's id, or null when `singletonKey` was already taken.
 * Enqueued while a request is handled, an object payload carries its id (request-context.ts).
 */
export const enqueue = async (db: TDb, name: string, payload: unknown = {}, options: TEnqueueOptions = {}): Promise<string | null> => {
  const row = await db
    .insertInto('jobs')
    .values({
      name,
      payload: sql<string>`${JSON.stringify(withRequestId(payload ?? {}))}::jsonb`,
      run_at: options.runAt ?? sql<Date>`now()`,
      singleton_key: options.singletonKey ?? null,
      ...(options.maxAttempts === undefined ? {} : { max_attempts: options.maxAttempts }),
    })
    .onConflict((oc) => oc.column('singleton_key').where('singleton_key', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? String(row.id) : null;
};

export type TClaimedJob = { id: string; name: string; payload: unknown; attempts: number; max_attempts: number };

/**
 * Claims due jobs of one name: pending ones whose time has come and running ones whose lease expired (their
 * worker died). `for update skip locked`, so two instances never claim the same row; the claim (state `running`,
 * lease in `locked_until`, one more attempt) is committed before the job runs.
 */
export const claimDueJobs = (db: TDb, name: string, leaseMs: number, limit: number): Promise<TClaimedJob[]> =>
  db
    .updateTable('jobs')
    .set((eb) => ({
      state: 'running',
      attempts: eb('attempts', '+', 1),
      locked_until: sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})`,
    }))
    .where(
      'id',
      'in',
      db
        .selectFrom('jobs')
        .select('id')
        .where('name', '=', name)
        .where((eb) =>
          eb.or([
            eb.and([eb('state', '=', 'pending'), eb('run_at', '<=', sql<Date>`now()`)]),
            eb.and([eb('state', '=', 'running'), eb('locked_until', '<', sql<Date>`now()`)]),
          ]),
        )
        .orderBy('run_at')
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'name', 'payload', 'attempts', 'max_attempts'])
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, id: String(row.id) })));

// Both updates match the attempt that was claimed: a worker that outlived its lease (the job was taken again)
// does not overwrite the newer attempt's outcome.
export const markJobDone = (db: TDb, job: TClaimedJob) =>
  db
    .updateTable('jobs')
    .set({ state: 'done', done_at: sql<Date>`now()`, locked_until: null, last_error: null })
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempts)
    .execute();

export const markJobFailed = (db: TDb, job: TClaimedJob, error: string, retryInMs: number | null) =>
  db
    .updateTable('jobs')
    .set(
      retryInMs === null
        ? { state: 'failed', done_at: sql<Date>`now()`, locked_until: null, last_error: error }
        : { state: 'pending', run_at: sql<Date>`now() + make_interval(secs => ${retryInMs / 1000})`, locked_until: null, last_error: error },
    )
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempts)
    .execute();

/** Jobs of `name` waiting for a later attempt become due now (running ones keep their lease). */
export const makeJobsDueNow = (db: TDb, name: string) =>
  db.updateTable('jobs').set({ run_at: sql<Date>`now()` }).where('name', '=', name).where('state', '=', 'pending').where('run_at', '>', sql<Date>`now()`).execute();

/**
 * Running jobs of `name` are due now, their lease dropped: only for a process that knows no other one runs them (the
 * embedded database, held by one process), at start, so what its dead predecessor had claimed is not left waiting.
 */
export const releaseRunningJobs = (db: TDb, name: string) =>
  db.updateTable('jobs').set({ state: 'pending', run_at: sql<Date>`now()`, locked_until: null }).where('name', '=', name).where('state', '=', 'running').execute();

/** Finished rows are history only (an e-mail's state lives in email_outbox): done ones go after `doneDays`, failed ones after `failedDays`. */
export const pruneFinishedJobs = async (db: TDb, { doneDays, failedDays }: { doneDays: number; failedDays: number }): Promise<number> => {
  const result = await db
    .deleteFrom('jobs')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'done'), eb('done_at', '<', sql<Date>`now() - make_interval(days => ${doneDays})`)]),
        eb.and([eb('state', '=', 'failed'), eb('done_at', '<', sql<Date>`now() - make_interval(days => ${failedDays})`)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
};
