import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { TDb } from '../db/database';
import type { TEventBus } from './event-bus';
import { createLocalFanout, deserializePayload, serializePayload } from './local-fanout';

/** The one channel every instance listens on; the topic travels in the envelope (as @socket.io/postgres-adapter does). */
export const REALTIME_CHANNEL = 'realtime_events';
/** Shown in pg_stat_activity, so the listening connection can be told apart. */
export const LISTENER_APPLICATION_NAME = 'realtime-listener';
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; leave room for the envelope.
const MAX_NOTIFY_BYTES = 7900;
const MAX_TOPIC_LENGTH = 200;

/** `o`: publishing instance; `t`: topic; `p`: the payload, or `r`: the realtime_payloads row that holds it. */
type TEnvelope = { o: string; t: string; p?: string; r?: string };

const isEnvelope = (value: unknown): value is TEnvelope =>
  typeof value === 'object' && value !== null && typeof (value as TEnvelope).o === 'string' && typeof (value as TEnvelope).t === 'string';

export type TPostgresEventBusOptions = {
  db: TDb;
  connectionString: string;
  logger: FastifyBaseLogger;
  /** How long a large payload waits in realtime_payloads for the other instances. */
  payloadTtlMs?: number;
  cleanupIntervalMs?: number;
  /** Longest wait between two attempts to listen again after the connection dropped. */
  maxReconnectDelayMs?: number;
};

/**
 * LISTEN on a dedicated connection (re-opened with backoff when it drops), NOTIFY through the pool. Subscribers
 * of the publishing instance get the event straight away and skip its echo; the other instances get it from the
 * channel, in the order it was sent. Payloads too large for NOTIFY are stored and fetched by id.
 */
export const createPostgresEventBus = async (options: TPostgresEventBusOptions): Promise<TEventBus> => {
  const { db, logger } = options;
  const payloadTtlMs = options.payloadTtlMs ?? 5 * 60_000;
  const origin = randomUUID();
  const local = createLocalFanout(logger);
  let listener: pg.Client | null = null;
  let isClosed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let reconnectDelay = 100;
  // Incoming events are handled one after the other, so a fetched large payload cannot overtake a later event.
  let inbox: Promise<void> = Promise.resolve();

  const fetchPayload = async (id: string) =>
    (await db.selectFrom('realtime_payloads').select('payload').where('id', '=', id).executeTakeFirst())?.payload;

  const receive = async (raw: string) => {
    const envelope: unknown = JSON.parse(raw);
    if (!isEnvelope(envelope) || envelope.o === origin || !local.hasSubscribers(envelope.t)) return;
    const serialized = envelope.p ?? (envelope.r ? await fetchPayload(envelope.r) : undefined);
    if (serialized === undefined) {
      logger.warn({ topic: envelope.t, ref: envelope.r }, 'evento realtime non più disponibile');
      return;
    }
    local.deliver(envelope.t, deserializePayload(serialized));
  };

  const scheduleReconnect = () => {
    if (isClosed || reconnectTimer) return;
    const delay = reconnectDelay;
    reconnectDelay = Math.min(reconnectDelay * 2, options.maxReconnectDelayMs ?? 5_000);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      listen().catch((error: unknown) => {
        logger.warn({ err: error }, 'ascolto degli eventi realtime non riuscito, nuovo tentativo');
        scheduleReconnect();
      });
    }, delay);
  };

  const drop = (client: pg.Client) => {
    if (listener !== client) return;
    listener = null;
    client.end().catch(() => undefined);
    scheduleReconnect();
  };

  const listen = async () => {
    const client = new pg.Client({ connectionString: options.connectionString, application_name: LISTENER_APPLICATION_NAME });
    client.on('notification', (message) => {
      if (message.channel !== REALTIME_CHANNEL || !message.payload) return;
      const raw = message.payload;
      inbox = inbox.then(() => receive(raw)).catch((error: unknown) => logger.error({ err: error }, 'evento realtime non consegnato'));
    });
    client.on('error', (error) => {
      logger.warn({ err: error }, 'connessione di ascolto realtime persa');
      drop(client);
    });
    client.on('end', () => drop(client));
    try {
      await client.connect();
      await client.query(`listen ${REALTIME_CHANNEL}`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    if (isClosed) {
      await client.end();
      return;
    }
    listener = client;
    reconnectDelay = 100;
  };

  const cleanup = () =>
    db
      .deleteFrom('realtime_payloads')
      .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${payloadTtlMs / 1000})`)
      .execute()
      .catch((error: unknown) => logger.warn({ err: error }, 'pulizia degli eventi realtime non riuscita'));
  const cleanupTimer = setInterval(() => void cleanup(), options.cleanupIntervalMs ?? 60_000);
  cleanupTimer.unref();

  await listen();

  return {
    publish: async (topic, payload) => {
      if (topic.length > MAX_TOPIC_LENGTH) throw new Error(`realtime topic too long: ${topic.slice(0, 50)}…`);
      const serialized = serializePayload(payload);
      local.deliver(topic, deserializePayload(serialized));
      let envelope = JSON.stringify({ o: origin, t: topic, p: serialized } satisfies TEnvelope);
      if (Buffer.byteLength(envelope) > MAX_NOTIFY_BYTES) {
        const row = await db.insertInto('realtime_payloads').values({ payload: serialized }).returning('id').executeTakeFirstOrThrow();
        envelope = JSON.stringify({ o: origin, t: topic, r: row.id } satisfies TEnvelope);
      }
      await sql`select pg_notify(${REALTIME_CHANNEL}, ${envelope})`.execute(db);
    },
    subscribe: local.subscribe,
    close: async () => {
      isClosed = true;
      clearTimeout(reconnectTimer);
      clearInterval(cleanupTimer);
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
      await inbox;
      local.clear();
    },
  };
};
