import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './errors';

export type TLimiter = {
  /** Counts one hit for `key`; throws TOO_MANY_REQUESTS once the budget is spent. */
  consume: (key: string, points?: number) => Promise<void>;
  /** True when `key` has no budget left, without counting a hit. */
  isBlocked: (key: string) => Promise<boolean>;
  reset: (key: string) => Promise<void>;
  /** Forgets every counter (tests, and an admin lifting a lock-out). */
  clear: () => void;
};

export const createLimiter = (points: number, durationSeconds: number, prefix: string): TLimiter => {
  const create = () => new RateLimiterMemory({ points, duration: durationSeconds, keyPrefix: prefix });
  let limiter = create();
  return {
    clear: () => {
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

/** Budgets for the endpoints an attacker would hammer: per IP and per account. */
export type TAuthLimits = ReturnType<typeof createAuthLimits>;
export const createAuthLimits = (scale = 1) => ({
  loginPerIp: createLimiter(30 * scale, 15 * 60, 'login-ip'),
  loginFailuresPerAccount: createLimiter(8 * scale, 15 * 60, 'login-account'),
  registerPerIp: createLimiter(10 * scale, 60 * 60, 'register-ip'),
  registerPerAccount: createLimiter(5 * scale, 60 * 60, 'register-account'),
  recoverPerIp: createLimiter(10 * scale, 60 * 60, 'recover-ip'),
  recoverPerAccount: createLimiter(3 * scale, 60 * 60, 'recover-account'),
});
