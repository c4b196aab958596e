import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type TDatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createTestDatabase } from '../testing/test-database';
import { createTestLogger } from '../testing/test-logger';
import { createJobRunner, currentOccurrence, enqueue, FINISHED_JOB_RETENTION, makeJobsDueNow, PRUNE_JOBS_JOB, type TJobRunner } from './jobs';

const isPostgres = Boolean(process.env.TEST_DATABASE_URL);
const { logger } = createTestLogger();

let database: TDatabaseHandle;
const runners: TJobRunner[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.db);
});
beforeEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  await database.db.deleteFrom('jobs').execute();
});
afterAll(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  await database?.close();
});

const newRunner = (db = database.db) => {
  const runner = createJobRunner({ db, logger, pollMs: 60_000 });
  runners.push(runner);
  return runner;
};
const jobRow = (id: string) => database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('job runner', () => {
  it('runs an enqueued job once, with its payload, and records it done', async () => {
    const runner = newRunner();
    const seen: unknown[] = [];
    runner.defineJob<{ practice: string }>('greet', async (payload) => {
      seen.push(payload);
    });
    const id = await database.db.transaction().execute((trx) => runner.enqueue(trx, 'greet', { practice: 'P-1' }));
    await runner.drain();
    await runner.drain();
    expect(seen).toEqual([{ practice: 'P-1' }]);
    expect(await jobRow(id!)).toMatchObject({ state: 'done', attempts: 1, last_error: null });
  });

  it('does not run a job enqueued in a transaction that rolled back, nor one due later', async () => {
    const runner = newRunner();
    let runs = 0;
    runner.defineJob('count', async () => {
      runs += 1;
    });
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueue(trx, 'count');
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await enqueue(database.db, 'count', {}, { runAt: new Date(Date.now() + 60_000) });
    await runner.drain();
    expect(runs).toBe(0);
  });

  it('retries a failing job with exponential backoff, then records it failed after maxAttempts', async () => {
    const runner = newRunner();
    let calls = 0;
    runner.defineJob(
      'flaky',
      async () => {
        calls += 1;
        throw new Error(`down ${calls}`);
      },
      { maxAttempts: 3, backoff: (attempt) => (attempt === 1 ? 30_000 : 0) },
    );
    const id = (await runner.enqueue(database.db, 'flaky'))!;
    await runner.drain();
    const afterFirst = await jobRow(id);
    expect(afterFirst).toMatchObject({ state: 'pending', attempts: 1, last_error: 'down 1' });
    expect(new Date(afterFirst.run_at).getTime()).toBeGreaterThan(Date.now() + 25_000);
    await runner.drain();
    expect(calls).toBe(1); // still waiting for its backoff
    await database.db.updateTable('jobs').set({ run_at: sql<Date>`now()` }).where('id', '=', id).execute();
    await runner.drain();
    await runner.drain();
    await runner.drain();
    expect(calls).toBe(3);
    expect(await jobRow(id)).toMatchObject({ state: 'failed', attempts: 3, last_error: 'down 3' });
  });

  it('keeps one job per singletonKey even when enqueued concurrently', async () => {
    const runner = newRunner();
    let runs = 0;
    runner.defineJob('repropose', async () => {
      runs += 1;
    });
    const ids = await Promise.all(
      Array.from({ length: 10 }, () => database.db.transaction().execute((trx) => enqueue(trx, 'repropose', { practice: 'X' }, { singletonKey: 'repropose:X' }))),
    );
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    await runner.drain();
    expect(await enqueue(database.db, 'repropose', {}, { singletonKey: 'repropose:X' })).toBeNull();
    await runner.drain();
    expect(runs).toBe(1);
  });

  it('makes the waiting jobs of one name due now, leaving other names and running ones alone', async () => {
    const runner = newRunner();
    const ran: string[] = [];
    for (const name of ['mail', 'other']) {
      runner.defineJob(name, async () => {
        ran.push(name);
      });
    }
    const later = new Date(Date.now() + 60_000);
    await enqueue(database.db, 'mail', {}, { runAt: later });
    await enqueue(database.db, 'other', {}, { runAt: later });
    const running = (await enqueue(database.db, 'mail'))!;
    await database.db.updateTable('jobs').set({ state: 'running', attempts: 1, locked_until: sql<Date>`now() + interval '1 minute'` }).where('id', '=', running).execute();
    await makeJobsDueNow(database.db, 'mail');
    await runner.drain();
    expect(ran).toEqual(['mail']);
    expect((await jobRow(running)).state).toBe('running');
  });

  it('takes again a job whose worker died once its lease expired, not before', async () => {
    const runner = newRunner();
    let runs = 0;
    runner.defineJob('send', async () => {
      runs += 1;
    });
    const id = (await enqueue(database.db, 'send'))!;
    // As a worker that claimed it and then died: running, one attempt, lease not yet over.
    await database.db.updateTable('jobs').set({ state: 'running', attempts: 1, locked_until: sql<Date>`now() + interval '1 minute'` }).where('id', '=', id).execute();
    await runner.drain();
    expect(runs).toBe(0);
    await database.db.updateTable('jobs').set({ locked_until: sql<Date>`now() - interval '1 second'` }).where('id', '=', id).execute();
    await runner.drain();
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('runs a scheduled job once per period across two runners', async () => {
    let runs = 0;
    const both = [newRunner(), newRunner()];
    for (const runner of both) {
      runner.defineJob('sweep', async () => {
        runs += 1;
      });
      runner.schedule('sweep', { everyMs: 60 * 60 * 1000 });
    }
    await Promise.all([both[0]!.drain(), both[1]!.drain(), both[0]!.drain(), both[1]!.drain()]);
    expect(runs).toBe(1);
    const rows = await database.db.selectFrom('jobs').select(['singleton_key', 'state']).execute();
    expect(rows).toEqual([{ singleton_key: `sweep@${currentOccurrence({ everyMs: 60 * 60 * 1000 }, new Date()).toISOString()}`, state: 'done' }]);
  });

  it('prunes done jobs after a week and failed ones after three months, never waiting or recent ones', async () => {
    const db = database.db;
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    const rows = [
      { name: 'old-done', state: 'done', done_at: daysAgo(FINISHED_JOB_RETENTION.doneDays + 1) },
      { name: 'recent-done', state: 'done', done_at: daysAgo(FINISHED_JOB_RETENTION.doneDays - 1) },
      { name: 'old-failed', state: 'failed', done_at: daysAgo(FINISHED_JOB_RETENTION.failedDays + 1) },
      { name: 'failed', state: 'failed', done_at: daysAgo(FINISHED_JOB_RETENTION.doneDays + 1) },
      { name: 'waiting', state: 'pending', done_at: null, run_at: daysAgo(30) },
    ];
    await db.insertInto('jobs').values(rows.map((row) => ({ ...row, payload: JSON.stringify({}) }))).execute();
    const runner = newRunner();
    runner.defineJob(PRUNE_JOBS_JOB.name, PRUNE_JOBS_JOB.handler);
    await runner.enqueue(db, PRUNE_JOBS_JOB.name, {});
    await runner.drain();
    const left = await db.selectFrom('jobs').select(['name', 'state']).orderBy('name').execute();
    expect(left).toEqual([
      { name: 'failed', state: 'failed' },
      { name: PRUNE_JOBS_JOB.name, state: 'done' },
      { name: 'recent-done', state: 'done' },
      { name: 'waiting', state: 'pending' },
    ]);
  });

  it('places a daily occurrence at its last HH:MM', () => {
    const now = new Date(2026, 10, 23, 10, 30);
    expect(currentOccurrence({ dailyAt: '03:00' }, now)).toEqual(new Date(2026, 10, 23, 3, 0));
    expect(currentOccurrence({ dailyAt: '12:00' }, now)).toEqual(new Date(2026, 10, 22, 12, 0));
  });

  it('polls by itself once started, and stop waits for the job under way', async () => {
    const runner = newRunner();
    let started = false;
    let finished = false;
    runner.defineJob('slow', async () => {
      started = true;
      await new Promise((resolve) => setTimeout(resolve, 200));
      finished = true;
    });
    runner.start();
    await enqueue(database.db, 'slow');
    runner.kick();
    // The runner picks the job up by itself (no drain); a loaded machine may take a while to get there.
    await vi.waitFor(() => expect(started).toBe(true), { timeout: 10_000, interval: 5 });
    expect(finished).toBe(false);
    await runner.stop();
    expect(finished).toBe(true);
  });
});

describe.runIf(isPostgres)('job runner on PostgreSQL, two instances', () => {
  it('runs each of 200 jobs exactly once with two runners on two pools', async () => {
    const second = await openDatabase({ databaseUrl: database.connectionString!, dataDir: null, poolSize: 3 });
    try {
      const counts = new Map<number, number>();
      const both = [newRunner(), newRunner(second.db)];
      for (const runner of both) {
        runner.defineJob<{ n: number }>('work', async ({ n }) => {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
          counts.set(n, (counts.get(n) ?? 0) + 1);
        });
      }
      for (let n = 0; n < 200; n += 1) await enqueue(database.db, 'work', { n });
      await Promise.all([both[0]!.drain(), both[1]!.drain()]);
      await Promise.all([both[0]!.drain(), both[1]!.drain()]);
      expect(counts.size).toBe(200);
      expect([...counts.values()].every((count) => count === 1)).toBe(true);
      const states = await database.db.selectFrom('jobs').select('state').distinct().execute();
      expect(states).toEqual([{ state: 'done' }]);
      await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    } finally {
      await second.close();
    }
  });
});
