import type { FastifyBaseLogger } from 'fastify';
import superjson from 'superjson';

export type TBusHandler = (payload: unknown) => void;

/** The subscribers of one process, by topic. */
export type TLocalFanout = ReturnType<typeof createLocalFanout>;

export const createLocalFanout = (logger: FastifyBaseLogger) => {
  const handlers = new Map<string, Set<TBusHandler>>();
  return {
    subscribe: (topic: string, handler: TBusHandler) => {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      // Wrapped so that one function subscribed twice is two subscriptions, each with its own unsubscribe.
      const entry: TBusHandler = (payload) => handler(payload);
      set.add(entry);
      return () => {
        set.delete(entry);
        if (set.size === 0 && handlers.get(topic) === set) handlers.delete(topic);
      };
    },
    hasSubscribers: (topic: string) => handlers.has(topic),
    deliver: (topic: string, payload: unknown) => {
      const set = handlers.get(topic);
      if (!set) return;
      for (const handler of [...set]) {
        try {
          handler(payload);
        } catch (error) {
          logger.error({ err: error, topic }, 'gestore di eventi realtime fallito');
        }
      }
    },
    clear: () => handlers.clear(),
  };
};

export const serializePayload = (payload: unknown): string => superjson.stringify(payload);
export const deserializePayload = (serialized: string): unknown => superjson.parse(serialized);

