import { sql } from 'kysely';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { TDb } from '../db/database';
import { AppError } from './errors';

export type TLimiter = {
  /** Counts one hit for `key`; throws TOO_MANY_REQUESTS once the budget is spent. */
  consume: (key: string, points?: number) => Promise<void>;
  /** True when `key` has no budget left, without counting a hit. */
  isBlocked: (key: string) => Promise<boolean>;
  reset: (key: string) => Promise<void>;
  /** Forgets every counter (tests, and an admin lifting a lock-out). */
  clear: () => Promise<void>;
};

/**
 * A per-instance limiter in memory: the first line of the shared limiter below (a flood is refused here without a
 * database write). A restart forgets it.
 */
export const createLimiter = (points: number, durationSeconds: number, prefix: string): TLimiter => {
  const create = () => new RateLimiterMemory({ points, duration: durationSeconds, keyPrefix: prefix });
  let limiter = create();
  return {
    clear: async () => {
      limiter = create();
    },
    consume: async (key, cost = 1) => {
      try {
        await limiter.consume(key, cost);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          throw new AppError('TOO_MANY_REQUESTS', { retryAfter: Math.ceil(rejection.msBeforeNext / 1000) });
        }
        throw rejection;
      }
    },
    isBlocked: async (key) => {
      const state = await limiter.get(key);
      return state !== null && state.remainingPoints <= 0;
    },
    reset: async (key) => {
      await limiter.delete(key);
    },
  };
};

/** About one hit in this many also deletes windows that ended, so the table holds only live counters. */
const SWEEP_EVERY = 200;

/**
 * A limiter kept in the `rate_limits` table: lock-outs survive a restart and hold across every instance on one
 * PostgreSQL. A hit is one atomic upsert (a new window when the old one ended, otherwise one point more), so
 * concurrent hits on any instance are all counted.
 */
export const createDbLimiter = (db: TDb, points: number, durationSeconds: number, prefix: string): TLimiter => {
  const keyOf = (key: string) => `${prefix}:${key}`;
  const secondsLeft = (resetAt: Date) => Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return {
    clear: async () => {
      await db.deleteFrom('rate_limits').where('key', 'like', `${prefix}:%`).execute();
    },
    consume: async (key, cost = 1) => {
      const row = await db
        .insertInto('rate_limits')
        .values({ key: keyOf(key), points: cost, reset_at: sql<Date>`now() + make_interval(secs => ${durationSeconds})` })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            points: sql<number>`case when rate_limits.reset_at <= now() then excluded.points else rate_limits.points + excluded.points end`,
            reset_at: sql<Date>`case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end`,
          }),
        )
        .returning(['points', 'reset_at'])
        .executeTakeFirstOrThrow();
      if (Math.random() * SWEEP_EVERY < 1) {
        void db.deleteFrom('rate_limits').where('reset_at', '<', sql<Date>`now()`).execute().catch(() => undefined);
      }
      if (row.points > points) throw new AppError('TOO_MANY_REQUESTS', { retryAfter: secondsLeft(row.reset_at) });
    },
    isBlocked: async (key) => {
      const row = await db
        .selectFrom('rate_limits')
        .select('points')
        .where('key', '=', keyOf(key))
        .where('reset_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return row !== undefined && row.points >= points;
    },
    reset: async (key) => {
      await db.deleteFrom('rate_limits').where('key', '=', keyOf(key)).execute();
    },
  };
};

/**
 * A budget shared by every instance on one database, for hot paths (chat messages, socket events): a hit is first
 * counted in this instance's memory, where a flood is refused without touching the database, and only a hit that
 * passes there is counted in `rate_limits` (createDbLimiter's one atomic upsert), which holds the user to one budget
 * however its connections are spread over the instances. The paths it guards write to the database anyway (a
 * message, an acknowledgement), so an accepted hit costs one statement more.
 */
export const createSharedLimiter = (db: TDb, points: number, durationSeconds: number, prefix: string): TLimiter => {
  const local = createLimiter(points, durationSeconds, prefix);
  const shared = createDbLimiter(db, points, durationSeconds, prefix);
  return {
    clear: async () => {
      await Promise.all([local.clear(), shared.clear()]);
    },
    consume: async (key, cost = 1) => {
      await local.consume(key, cost);
      await shared.consume(key, cost);
    },
    isBlocked: async (key) => (await local.isBlocked(key)) || (await shared.isBlocked(key)),
    reset: async (key) => {
      await Promise.all([local.reset(key), shared.reset(key)]);
    },
  };
};

/**
 * Budgets for the endpoints an attacker would hammer, per IP and per account, in the database. Login counts
 * failures (per account and per IP); every attempt, successes included, only against a ceiling high enough for
 * an office of people behind one address.
 */
export type TAuthLimits = ReturnType<typeof createAuthLimits>;
export const createAuthLimits = (db: TDb, scale = 1) => ({
  loginPerIp: createDbLimiter(db, 600 * scale, 15 * 60, 'login-ip'),
  loginFailuresPerIp: createDbLimiter(db, 30 * scale, 15 * 60, 'login-fail-ip'),
  loginFailuresPerAccount: createDbLimiter(db, 8 * scale, 15 * 60, 'login-account'),
  registerPerIp: createDbLimiter(db, 10 * scale, 60 * 60, 'register-ip'),
  registerPerAccount: createDbLimiter(db, 5 * scale, 60 * 60, 'register-account'),
  recoverPerIp: createDbLimiter(db, 10 * scale, 60 * 60, 'recover-ip'),
  recoverPerAccount: createDbLimiter(db, 3 * scale, 60 * 60, 'recover-account'),
});
