import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { TDb } from '../db/database';
import { currentRequestId, runAsEventOf } from '../platform/request-context';
import type { TEventBus } from './event-bus';
import { createLocalFanout, deserializePayload, serializePayload } from './local-fanout';

/** The one channel every instance listens on; the topic travels in the envelope (as @socket.io/postgres-adapter does). */
export const REALTIME_CHANNEL = 'realtime_events';
/** Shown in pg_stat_activity, so the listening and the notifying connections can be told apart. */
export const LISTENER_APPLICATION_NAME = 'realtime-listener';
export const NOTIFIER_APPLICATION_NAME = 'realtime-notifier';
/** Notifications sent in one statement (one transaction, one commit) at most. */
const NOTIFY_BATCH = 100;
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; leave room for the envelope.
const MAX_NOTIFY_BYTES = 7900;
const MAX_TOPIC_LENGTH = 200;

/**
 * `o`: publishing instance; `n`: its sequence number (PostgreSQL would fold identical payloads of one transaction
 * into one); `t`: topic; `p`: the payload, or `r`: the realtime_payloads row that holds it; `s`: when it was
 * published (epoch ms, for the delivery lag metric); `q`: the id of the request that published it, if one did (its
 * delivery here runs as that request's, so the logs of the sockets it reaches name it).
 */
type TEnvelope = { o: string; n: number; t: string; p?: string; r?: string; s?: number; q?: string };

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
  /** Told, for each event from another instance, how long after its publication it reached the subscribers here. */
  onDeliveryLag?: (seconds: number) => void;
};

/**
 * NOTIFY on a dedicated connection, off the pool that stores the data: what is published while a statement is
 * under way goes out together in the next one (one transaction for up to NOTIFY_BATCH events, in order), and with
 * `synchronous_commit = off`, since a notification has nothing to keep (its commit still delivers it at once, it
 * just doesn't wait for the disk). A publication answers when its statement did; a failed statement fails its
 * publications and the connection is opened again for the next ones.
 */
const createNotifier = (connectionString: string) => {
  let client: Promise<pg.Client> | null = null;
  let queue: { envelope: Promise<string>; settle: (error?: unknown) => void }[] = [];
  let sending = false;
  let backendPid: number | null = null;

  const connect = () => {
    const opening = (async () => {
      const connection = new pg.Client({ connectionString, application_name: NOTIFIER_APPLICATION_NAME });
      const forget = () => {
        if (client === opening) client = null;
      };
      connection.on('error', forget);
      connection.on('end', forget);
      try {
        await connection.connect();
        await connection.query('set synchronous_commit = off');
        backendPid = (connection as unknown as { processID: number }).processID;
      } catch (error) {
        forget();
        connection.end().catch(() => undefined);
        throw error;
      }
      return connection;
    })();
    client = opening;
    return opening;
  };

  const send = async () => {
    sending = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, NOTIFY_BATCH);
      queue = queue.slice(batch.length);
      const ready: { envelope: string; settle: (error?: unknown) => void }[] = [];
      for (const [index, outcome] of (await Promise.allSettled(batch.map((item) => item.envelope))).entries()) {
        if (outcome.status === 'fulfilled') ready.push({ envelope: outcome.value, settle: batch[index]!.settle });
        else batch[index]!.settle(outcome.reason);
      }
      if (ready.length === 0) continue;
      try {
        const connection = await (client ?? connect());
        const calls = ready.map((_, index) => `pg_notify($1, $${index + 2})`).join(', ');
        await connection.query(`select ${calls}`, [REALTIME_CHANNEL, ...ready.map((item) => item.envelope)]);
        for (const item of ready) item.settle();
      } catch (error) {
        const broken = client;
        client = null;
        void broken?.then((connection) => connection.end()).catch(() => undefined);
        for (const item of ready) item.settle(error);
      }
    }
    sending = false;
  };

  return {
    /** Whether a notification came from this notifier's connection (its PostgreSQL backend process). */
    ownsBackend: (processId: number) => processId === backendPid,
    /** Sends the envelope (once it is ready) after every one queued before it. */
    notify: (envelope: Promise<string>) =>
      new Promise<void>((resolve, reject) => {
        queue.push({ envelope, settle: (error) => (error === undefined ? resolve() : reject(error)) });
        if (!sending) void send();
      }),
    close: async () => {
      const current = client;
      client = null;
      await current?.then((connection) => connection.end()).catch(() => undefined);
    },
  };
};

/**
 * LISTEN on a dedicated connection (re-opened with backoff when it drops), NOTIFY on another (see createNotifier).
 * Subscribers of the publishing instance get the event straight away and skip its echo; the other instances get
 * it from the channel, in the order it was sent. Payloads too large for NOTIFY are stored and fetched by id.
 */
export const createPostgresEventBus = async (options: TPostgresEventBusOptions): Promise<TEventBus> => {
  const { db, logger } = options;
  const payloadTtlMs = options.payloadTtlMs ?? 5 * 60_000;
  const origin = randomUUID();
  let sequence = 0;
  const local = createLocalFanout(logger);
  const notifier = createNotifier(options.connectionString);
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
    // Across machines this includes their clocks' difference, hence never below zero.
    if (typeof envelope.s === 'number') options.onDeliveryLag?.(Math.max(0, Date.now() - envelope.s) / 1000);
    const payload = deserializePayload(serialized);
    runAsEventOf(typeof envelope.q === 'string' ? envelope.q : undefined, () => local.deliver(envelope.t, payload));
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
      // Our own notifications come back too: told apart by the notifying backend, without reading them.
      if (notifier.ownsBackend(message.processId)) return;
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
      local.deliver(topic, payload);
      const serialized = serializePayload(payload);
      const n = ++sequence;
      const s = Date.now();
      const q = currentRequestId();
      const envelope = JSON.stringify({ o: origin, n, t: topic, p: serialized, s, q } satisfies TEnvelope);
      if (Buffer.byteLength(envelope) <= MAX_NOTIFY_BYTES) return notifier.notify(Promise.resolve(envelope));
      // Stored first; its place in the order of notifications is kept meanwhile.
      const stored = db
        .insertInto('realtime_payloads')
        .values({ payload: serialized })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((row) => JSON.stringify({ o: origin, n, t: topic, r: row.id, s, q } satisfies TEnvelope));
      return notifier.notify(stored);
    },
    subscribe: local.subscribe,
    close: async () => {
      isClosed = true;
      clearTimeout(reconnectTimer);
      clearInterval(cleanupTimer);
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
      await notifier.close();
      await inbox;
      local.clear();
    },
  };
};
