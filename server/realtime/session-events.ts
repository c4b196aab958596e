import type { TActor } from '../platform/context';
import type { TSessionCache } from '../platform/session-cache';
import type { TEventBus } from './event-bus';

/**
 * Internal topic: sessions that ended (logout, password change or reset, deactivation), for every instance to
 * act on. Ending an admin's session also ends the impersonation tokens it issued.
 */
export const SESSIONS_TOPIC = 'sessions';

/** One session (`sessionId`), or every session of `userId` except `exceptSessionId`. */
export type TSessionEnded = { userId: string; sessionId?: string; exceptSessionId?: string };

const isSessionEnded = (value: unknown): value is TSessionEnded =>
  typeof value === 'object' && value !== null && typeof (value as TSessionEnded).userId === 'string';

/**
 * True when the event ends the session `actor` came with: that session itself, or, for an impersonation token,
 * the admin session that issued it or every session of that admin (an admin's `exceptSessionId` never spares
 * a token: a password change ends them all).
 */
export const endsSessionOf = (event: unknown, actor: TActor): boolean => {
  if (!isSessionEnded(event)) return false;
  if (event.sessionId) return event.sessionId === actor.sessionId || (!!actor.impersonatorSessionId && event.sessionId === actor.impersonatorSessionId);
  if (actor.impersonatorId && event.userId === actor.impersonatorId) return true;
  return event.userId === actor.userId && event.exceptSessionId !== actor.sessionId;
};

export const publishSessionEnded = (bus: TEventBus, event: TSessionEnded) => bus.publish(SESSIONS_TOPIC, event);

/**
 * Drops ended sessions from this instance's session cache as soon as any instance ends them, instead of after
 * the cache's TTL. Returns the unsubscribe function.
 */
export const dropEndedSessionsFromCache = (bus: TEventBus, cache: TSessionCache) =>
  bus.subscribe(SESSIONS_TOPIC, (event) => {
    if (!isSessionEnded(event)) return;
    if (event.sessionId) cache.delete(event.sessionId);
    else cache.deleteUser(event.userId);
  });
