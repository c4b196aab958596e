import type { FastifyBaseLogger } from 'fastify';
import type { TDatabaseHandle } from '../db/database';
import { createLocalFanout, type TBusHandler } from './local-fanout';
import { createPostgresEventBus, type TPostgresEventBusOptions } from './pg-event-bus';

export type { TBusHandler } from './local-fanout';

/**
 * Publish/subscribe between every part of the server, across every instance on one database. Topics are
 * `user:<id>`, `role:<role>`, `room:<id>`, `all` (see topics.ts) and internal ones such as `sessions`.
 * Payloads cross instances as superjson, so dates arrive as dates; the subscribers of the publishing instance get
 * the published value itself. Either way the subscribers of one delivery share one value, which nobody may change
 * once published (publishers hand it over). Delivery is at most once: whoever needs certainty reads the database
 * (notifications, chat).
 */
export type TEventBus = {
  /** Delivers to this instance's subscribers now and to the other instances' as soon as they hear of it. */
  publish: (topic: string, payload: unknown) => Promise<void>;
  /** Returns the function that unsubscribes (safe to call twice). */
  subscribe: (topic: string, handler: TBusHandler) => () => void;
  close: () => Promise<void>;
};

/** One process, no database: the embedded (PGlite) installation, which one process at a time may open. */
export const createInProcessEventBus = (logger: FastifyBaseLogger): TEventBus => {
  const local = createLocalFanout(logger);
  return {
    publish: async (topic, payload) => local.deliver(topic, payload),
    subscribe: local.subscribe,
    close: async () => local.clear(),
  };
};

/** LISTEN/NOTIFY on PostgreSQL, so that every instance on the database hears every event; in-process on PGlite. */
export const createEventBus = async (
  database: TDatabaseHandle,
  logger: FastifyBaseLogger,
  options: Pick<TPostgresEventBusOptions, 'onDeliveryLag'> = {},
): Promise<TEventBus> => {
  if (database.kind === 'postgres' && database.connectionString) {
    return createPostgresEventBus({ db: database.db, connectionString: database.connectionString, logger, ...options });
  }
  return createInProcessEventBus(logger);
};
