import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createTestDatabase } from '../testing/test-database';
import { currentRequestId, runAsRequest } from '../platform/request-context';
import { createTestLogger } from '../testing/test-logger';
import { createEventBus, type TEventBus } from './event-bus';
import { createPostgresEventBus, LISTENER_APPLICATION_NAME } from './pg-event-bus';

const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: TDatabaseHandle;
const open: TEventBus[] = [];
const { logger, entries } = createTestLogger();

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.db);
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((bus) => bus.close()));
  entries.length = 0;
});
afterAll(async () => {
  await database?.close();
});

const openBus = async (create: () => Promise<TEventBus> = () => createEventBus(database, logger)) => {
  const bus = await create();
  open.push(bus);
  return bus;
};

/** Collects what a topic receives. */
const listen = (bus: TEventBus, topic: string) => {
  const received: unknown[] = [];
  const unsubscribe = bus.subscribe(topic, (payload) => received.push(payload));
  return { received, unsubscribe };
};

describe(`event bus (${isPostgres ? 'PostgreSQL LISTEN/NOTIFY' : 'in-process'})`, () => {
  it('delivers to the subscribers of the topic only, with dates intact, until they unsubscribe', async () => {
    const bus = await openBus();
    const alice = listen(bus, 'user:alice');
    const aliceAgain = listen(bus, 'user:alice');
    const bob = listen(bus, 'user:bob');
    const sentAt = new Date('2026-11-21T10:00:00Z');
    await bus.publish('user:alice', { event: 'notification', data: { sentAt } });
    expect(alice.received).toEqual([{ event: 'notification', data: { sentAt } }]);
    expect((alice.received[0] as { data: { sentAt: unknown } }).data.sentAt).toBeInstanceOf(Date);
    expect(aliceAgain.received).toHaveLength(1);
    expect(bob.received).toHaveLength(0);

    alice.unsubscribe();
    alice.unsubscribe();
    await bus.publish('user:alice', 'second');
    expect(alice.received).toHaveLength(1);
    expect(aliceAgain.received).toEqual([{ event: 'notification', data: { sentAt } }, 'second']);
  });

  it('keeps delivering to the other subscribers when one handler throws, and logs it', async () => {
    const bus = await openBus();
    bus.subscribe('all', () => {
      throw new Error('boom');
    });
    const other = listen(bus, 'all');
    await bus.publish('all', { n: 1 });
    expect(other.received).toEqual([{ n: 1 }]);
    expect(entries.some((entry) => entry.level === 'error')).toBe(true);
  });
});

describe.skipIf(!isPostgres)('event bus across instances on one PostgreSQL database', () => {
  it('delivers every event to the subscribers of both instances, once each', async () => {
    const first = await openBus();
    const second = await openBus();
    const onFirst = listen(first, 'role:admin');
    const onSecond = listen(second, 'role:admin');
    await first.publish('role:admin', { from: 'first' });
    await second.publish('role:admin', { from: 'second' });
    await vi.waitFor(() => {
      expect(onFirst.received).toEqual([{ from: 'first' }, { from: 'second' }]);
      expect(onSecond.received).toEqual(expect.arrayContaining([{ from: 'first' }, { from: 'second' }]));
    });
    // No echo: the publishing instance delivered its own event once, directly.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onFirst.received).toHaveLength(2);
    expect(onSecond.received).toHaveLength(2);
  });

  it('delivers an event, on every instance, as the request that published it', async () => {
    const first = await openBus();
    const second = await openBus();
    const seen: { instance: string; payload: unknown; requestId: string | undefined }[] = [];
    for (const [instance, bus] of [['first', first], ['second', second]] as const) {
      bus.subscribe('role:admin', (payload) => seen.push({ instance, payload, requestId: currentRequestId() }));
    }
    await new Promise<void>((resolve, reject) => runAsRequest('req-bus-0001', () => void first.publish('role:admin', { n: 1 }).then(resolve, reject)));
    await first.publish('role:admin', { n: 2 });
    await vi.waitFor(() => expect(seen).toHaveLength(4));
    expect(seen).toEqual(
      expect.arrayContaining([
        { instance: 'first', payload: { n: 1 }, requestId: 'req-bus-0001' },
        { instance: 'second', payload: { n: 1 }, requestId: 'req-bus-0001' },
        { instance: 'first', payload: { n: 2 }, requestId: undefined },
        { instance: 'second', payload: { n: 2 }, requestId: undefined },
      ]),
    );
  });

  it('carries a payload larger than a NOTIFY allows through realtime_payloads, and cleans it up later', async () => {
    const first = await openBus();
    const second = await openBus();
    const received = listen(second, 'room:42');
    const text = 'è'.repeat(6_000); // 12,000 bytes in UTF-8
    await first.publish('room:42', { text });
    await vi.waitFor(() => expect(received.received).toEqual([{ text }]));
    expect(await database.db.selectFrom('realtime_payloads').select('payload').execute()).toHaveLength(1);

    await openBus(() => createPostgresEventBus({ db: database.db, connectionString: database.connectionString!, logger, payloadTtlMs: 0, cleanupIntervalMs: 50 }));
    await vi.waitFor(async () => {
      expect(await database.db.selectFrom('realtime_payloads').selectAll().execute()).toHaveLength(0);
    });
  });

  it('listens again after its connection is killed', async () => {
    const publisher = await openBus();
    const listener = await openBus();
    const received = listen(listener, 'all');
    await publisher.publish('all', 'before');
    await vi.waitFor(() => expect(received.received).toEqual(['before']));

    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`.execute(
      database.db,
    );
    await vi.waitFor(
      async () => {
        await publisher.publish('all', 'after');
        expect(received.received).toContain('after');
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(entries.some((entry) => entry.level === 'warn')).toBe(true);
  });
});
