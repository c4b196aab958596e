import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useListeningApp } from '../testing/realtime-clients';
import { createPeerApp, useTestApp } from '../testing/test-app';
import { hasBearerToken } from './metrics';

const TOKEN = 'metrics-token-0123456789abcdef';
const PASSWORD = 'Segreta123';

/** The value of one series in the exposition text (`name{labels} value`), or undefined when absent. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('/metrics without METRICS_TOKEN', () => {
  const t = useTestApp();

  it('is off: 404, with or without a bearer', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  const t = useTestApp({ METRICS_TOKEN: TOKEN });
  const live = useListeningApp(t);
  const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  it('answers 401 to a missing, malformed or wrong bearer, with no session needed for the right one', async () => {
    for (const authorization of [undefined, TOKEN, `Basic ${TOKEN}`, 'Bearer wrong-token-0123456789abcdef', `Bearer ${TOKEN}x`, 'Bearer ']) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      expect.soft(response.statusCode, String(authorization)).toBe(401);
      expect.soft(response.headers['www-authenticate'], String(authorization)).toBe('Bearer realm="metrics"');
      expect.soft(response.body, String(authorization)).not.toContain('process_cpu');
    }
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('times requests by route pattern, method and status, and unknown routes as unmatched', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route/12345' });
    expect(missing.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(malformed.statusCode).toBe(400);
    for (const id of ['3f1c7f3e-8f0a-4c55-9d1e-3a4b5c6d7e8f', '0b7e2a44-1c9d-4f3e-8a2b-9c8d7e6f5a4b']) expect((await t.app.inject({ method: 'GET', url: `/api/clients/${id}` })).statusCode).toBe(401);

    const text = (await scrape()).body;
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/health",status="200"\} \d+$/m);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="POST",route="/api/auth/login",status="400"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}')).toBe(1);
    // One series for both ids: the pattern, never the URL.
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/clients/:id",status="401"}')).toBe(2);
    expect(text).not.toContain('12345');
    expect(text).not.toContain('/api/clients/3f1c');
    // The histogram's buckets, sum and count, all there.
    expect(text).toContain('http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/health",status="200"} 1');
    expect(text).toMatch(/^http_request_duration_seconds_sum\{method="GET",route="\/api\/health",status="200"\} [\d.e-]+$/m);
  });

  it('counts the e-mails not sent yet and the jobs by state, read at scrape time', async () => {
    const db = t.database.db;
    const before = (await scrape()).body;
    expect(sample(before, 'email_outbox_depth{status="pending"}')).toBe(0);
    expect(sample(before, 'email_outbox_oldest_unsent_age_seconds')).toBe(0);

    // Rows with no job of their own (nobody sends them) and jobs of a name no runner defines (nobody runs them).
    await db
      .insertInto('email_outbox')
      .values([
        { to: 'a@example.it', subject: 'Uno', text: 'Ciao', created_at: sql<Date>`now() - interval '2 minutes'` },
        { to: 'b@example.it', subject: 'Due', text: 'Ciao' },
        { to: 'c@example.it', subject: 'Tre', text: 'Ciao', status: 'sending' },
        { to: 'd@example.it', subject: 'Quattro', text: 'Ciao', status: 'sent', sent_at: new Date() },
      ])
      .execute();
    for (const name of ['metrics.test', 'metrics.test', 'metrics.other']) await t.app.jobs.enqueue(db, name, { n: 1 });
    await t.app.jobs.enqueue(db, 'metrics.test', {}, { runAt: new Date(Date.now() + 3_600_000) });
    await db.insertInto('jobs').values({ name: 'metrics.test', payload: sql<string>`'{}'::jsonb`, state: 'failed', last_error: 'boom' }).execute();
    await db.insertInto('jobs').values({ name: 'metrics.test', payload: sql<string>`'{}'::jsonb`, state: 'done' }).execute();

    // Past the one-second sharing of reads between scrapes.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const text = (await scrape()).body;
    expect(sample(text, 'email_outbox_depth{status="pending"}')).toBe(2);
    expect(sample(text, 'email_outbox_depth{status="sending"}')).toBe(1);
    expect(sample(text, 'email_outbox_oldest_unsent_age_seconds')).toBeGreaterThanOrEqual(119);
    expect(sample(text, 'jobs_queue_depth{name="metrics.test"}')).toBe(2);
    expect(sample(text, 'jobs_queue_depth{name="metrics.other"}')).toBe(1);
    expect(sample(text, 'jobs_delayed{name="metrics.test"}')).toBe(1);
    expect(sample(text, 'jobs_running{name="metrics.test"}')).toBe(0);
    expect(sample(text, 'jobs_failed{name="metrics.test"}')).toBe(1);
    expect(text).toContain('# TYPE jobs_failed gauge');
  });

  it('exports the process metrics, the open sockets and the bus publications', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const cookie = await t.login('corner@example.it', PASSWORD);
    await live.connect({ cookie, origin: 'http://localhost:3000' });
    await t.app.bus.publish('metrics-test', { hello: 1 });

    const text = (await scrape()).body;
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect.soft(text, name).toMatch(new RegExp(`^${name} [\\d.e+-]+$`, 'm'));
    }
    expect(sample(text, 'realtime_open_sockets{transport="socket.io"}')).toBe(1);
    expect(sample(text, 'realtime_open_sockets{transport="trpc"}')).toBe(0);
    expect(sample(text, 'realtime_bus_publish_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('# TYPE realtime_bus_delivery_lag_seconds histogram');
    // The pool's counts exist on PostgreSQL only.
    if (t.database.kind === 'postgres') expect(sample(text, 'db_pool_max_connections')).toBeGreaterThan(0);
    else expect(text).not.toContain('db_pool_');
  });

  // Two instances need PostgreSQL (LISTEN/NOTIFY).
  it.skipIf(!process.env.TEST_DATABASE_URL)('measures the bus lag of events from another instance, and the pool', async () => {
    const peer = await createPeerApp(t);
    try {
      const received = new Promise((resolve) => {
        const unsubscribe = t.app.bus.subscribe('metrics-lag', (payload) => {
          unsubscribe();
          resolve(payload);
        });
      });
      await peer.app.bus.publish('metrics-lag', { at: 1 });
      expect(await received).toEqual({ at: 1 });
    } finally {
      await peer.close();
    }
    const text = (await scrape()).body;
    expect(sample(text, 'realtime_bus_delivery_lag_seconds_count')).toBe(1);
    expect(sample(text, 'realtime_bus_delivery_lag_seconds_sum')).toBeLessThan(5);
    expect(sample(text, 'db_pool_max_connections')).toBe(5);
    expect(sample(text, 'db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^db_pool_idle_connections \d+$/m);
    expect(text).toMatch(/^db_pool_waiting_queries \d+$/m);
  });
});

describe('hasBearerToken', () => {
  it('accepts only the exact token after "Bearer" (any case of the scheme)', () => {
    expect(hasBearerToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(hasBearerToken(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(hasBearerToken(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(hasBearerToken(`Bearer ${TOKEN} extra`, TOKEN)).toBe(false);
    expect(hasBearerToken(undefined, TOKEN)).toBe(false);
  });
});
