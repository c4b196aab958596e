import type { TActor } from './context';

/**
 * A short-lived in-process cache of resolved sessions, so that the requests of a busy user do not each cost a
 * database round trip. Entries live at most `ttlMs` (and never past the session's own expiry); every change
 * that ends a session or alters a user drops the affected entries here at once, and on every other instance as
 * soon as the realtime bus tells it (realtime/session-events.ts). The TTL remains the bound when an instance
 * misses that event (its listening connection was being re-opened).
 */
export type TSessionCache = ReturnType<typeof createSessionCache>;

export const createSessionCache = ({ ttlMs = 5_000, maxEntries = 50_000 }: { ttlMs?: number; maxEntries?: number } = {}) => {
  const entries = new Map<string, { actor: TActor; expiresAt: number }>();
  return {
    get: (sessionId: string): TActor | undefined => {
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      if (entry.expiresAt <= Date.now()) {
        entries.delete(sessionId);
        return undefined;
      }
      return entry.actor;
    },
    set: (actor: TActor, sessionExpiresAt: Date) => {
      if (entries.size >= maxEntries) {
        // Maps iterate in insertion order: the first key is the oldest entry.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(actor.sessionId, { actor, expiresAt: Math.min(Date.now() + ttlMs, sessionExpiresAt.getTime()) });
    },
    /** Drops a session, and the impersonation tokens it issued (they end with it). */
    delete: (sessionId: string) => {
      entries.delete(sessionId);
      for (const [key, entry] of entries) {
        if (entry.actor.impersonatorSessionId === sessionId) entries.delete(key);
      }
    },
    /** Drops every cached session of a user, and the tokens it issued as an admin (password change, state change). */
    deleteUser: (userId: string) => {
      for (const [sessionId, entry] of entries) {
        if (entry.actor.userId === userId || entry.actor.impersonatorId === userId) entries.delete(sessionId);
      }
    },
    clear: () => entries.clear(),
  };
};
