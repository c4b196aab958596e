import type { TActor } from '../../platform/context';
import type { TEventBus } from '../../realtime/event-bus';
import { userIdOfChange, USERS_TOPIC } from '../auth/user-events';
import { loadViewer, type TPeople, type TViewer } from './chat.access';

/** Longest an entry is used without a change announced (the bound when an instance misses the bus event). */
const VIEWER_TTL_MS = 60_000;
const MAX_VIEWERS = 20_000;

/**
 * The users chat acts for (role, sector, name), kept in memory so that a message is authorised without a query.
 * An entry is dropped as soon as any instance announces a change of the account (auth's USERS_TOPIC: a profile
 * saved, a state changed), and read again after VIEWER_TTL_MS at the latest.
 */
export const createViewerCache = ({ accounts, bus }: { accounts: TPeople; bus: TEventBus }, ttlMs = VIEWER_TTL_MS) => {
  const entries = new Map<string, { viewer: Promise<TViewer>; at: number }>();
  bus.subscribe(USERS_TOPIC, (payload) => {
    const userId = userIdOfChange(payload);
    if (userId) entries.delete(userId);
  });

  return {
    /** The caller as chat sees it; UNAUTHENTICATED when its account is not active. */
    get: (actor: TActor): Promise<TViewer> => {
      const cached = entries.get(actor.userId);
      if (cached && Date.now() - cached.at < ttlMs) return cached.viewer;
      const entry = { viewer: loadViewer(accounts, actor), at: Date.now() };
      entries.delete(actor.userId);
      if (entries.size >= MAX_VIEWERS) entries.delete(entries.keys().next().value!);
      entries.set(actor.userId, entry);
      // A failed read is not kept.
      entry.viewer.catch(() => {
        if (entries.get(actor.userId) === entry) entries.delete(actor.userId);
      });
      return entry.viewer;
    },
  };
};
