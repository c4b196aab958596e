import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';
import { appRoutes } from '../../testing/app-routes';

// Issue 28: every admin operation is refused to anyone else. REST: every route under /api/admin the app serves —
// read from the app itself, so a route added later is covered without an entry here — answers 403 to a corner and
// to a broker (but the few a broker reads for its own work, named below) and 401 without a session, whatever the
// body. tRPC: the admin area's procedures answer FORBIDDEN to a corner and to a broker.
const t = useTestApp();
const PASSWORD = 'Segreta123';
const ID = '00000000-0000-4000-8000-000000000000';

/**
 * What a broker may read under /api/admin: its sector's stuck work, and the insurers it quotes with (the lists, and
 * one by id: a missing one answers 404, as to an admin).
 */
const BROKER_READS = new Set(['GET /api/admin/stuck', 'GET /api/admin/companies', 'GET /api/admin/agencies', 'GET /api/admin/companies/:id', 'GET /api/admin/agencies/:id']);

/** Every `METHOD /path` under /api/admin the app serves. */
const adminRoutes = (): string[] => appRoutes(t.app, '/api/admin/');

describe('admin operations are refused to everyone but the admins', () => {
  it('REST: every /api/admin route answers 403 to a corner and a broker and 401 without a session', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    await t.createUser({ email: 'broker@example.it', password: PASSWORD, role: 'broker', brokerType: 'RC Auto' });
    const corner = await t.login('corner@example.it', PASSWORD);
    const broker = await t.login('broker@example.it', PASSWORD);
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toContain('POST /api/admin/practices/:sector/:id/assign');
    const wrong: string[] = [];
    for (const route of routes) {
      const [method, template] = route.split(' ') as [string, string];
      const url = template.replace(':sector', 'rca').replace(/:[A-Za-z]+/g, ID);
      const ask = (cookie?: string) =>
        t.app.inject({ method: method as 'GET', url, headers: { origin: 'http://localhost:3000', ...(cookie ? { cookie } : {}) }, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { userId: ID, brokerId: ID } }) });
      const [asCorner, asBroker, anonymous] = [await ask(corner), await ask(broker), await ask()];
      const brokerExpected = BROKER_READS.has(route) ? [template.includes(':') ? 404 : 200] : [403];
      if (asCorner.statusCode !== 403) wrong.push(`${route} as corner: ${asCorner.statusCode}`);
      if (!brokerExpected.includes(asBroker.statusCode)) wrong.push(`${route} as broker: ${asBroker.statusCode}`);
      if (anonymous.statusCode !== 401) wrong.push(`${route} without session: ${anonymous.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('tRPC: the admin area’s procedures answer FORBIDDEN to a corner and a broker', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    await t.createUser({ email: 'broker@example.it', password: PASSWORD, role: 'broker', brokerType: 'RC Auto' });
    for (const email of ['corner@example.it', 'broker@example.it']) {
      const trpc = await createTrpcHttpCaller(t, email, PASSWORD);
      const calls: [string, () => Promise<unknown>][] = [
        ['dashboard.get', () => trpc.dashboard.get.query({})],
        ['stuck.assign', () => trpc.stuck.assign.mutate({ sector: 'rca', id: ID, brokerId: ID })],
        ['stuck.thresholds', () => trpc.stuck.thresholds.query()],
        ['admin.users.find', () => trpc.admin.users.find.query({})],
        ['audit.list', () => trpc.audit.list.query({})],
        ['news.list', () => trpc.news.list.query()],
        ['settings.history', () => trpc.settings.history.query({ key: 'aniaState' })],
        ['settings.restore', () => trpc.settings.restore.mutate({ key: 'aniaState', version: 1 })],
        ['ledger.admin.correct', () => trpc.ledger.admin.correct.mutate({ cornerId: ID, amountCents: 100, description: 'Prova' })],
      ];
      for (const [name, call] of calls) await expect(call(), `${name} as ${email}`).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    }
  });
});
