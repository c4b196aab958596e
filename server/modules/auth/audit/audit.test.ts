import { createTRPCClient, httpLink } from '@trpc/client';
import { sql } from 'kysely';
import superjson from 'superjson';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_CSV_HEADERS, AUDIT_MSG, type TAuditPage } from '../../../../shared/schemas/audit';
import type { AppRouter } from '../../../trpc/app-router';
import { useTestApp, type TTestApp } from '../../../testing/test-app';
import { createTrpcHttpCaller } from '../../../testing/trpc-inject-client';
import { MILANO } from '../../clients/clients.fixtures';

const t = useTestApp();
const PASSWORD = 'Segreta123';

beforeEach(async () => {
  // The test app's reset keeps the settings table.
  await t.database.db.deleteFrom('settings').where('key', '=', 'auditRetentionMonths').execute();
});

/** A tRPC client over app.inject carrying a login-as bearer token. */
const bearerTrpc = (app: TTestApp['app'], token: string) =>
  createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: 'http://localhost/trpc',
        transformer: superjson,
        fetch: async (url, init) => {
          const target = new URL(String(url));
          const response = await app.inject({
            method: (init?.method ?? 'GET') as 'GET' | 'POST',
            url: target.pathname + target.search,
            headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${token}` },
            payload: init?.body as string | undefined,
          });
          return new Response(response.body, { status: response.statusCode, headers: response.headers as Record<string, string> });
        },
      }),
    ],
  });

const company = {
  kind: 'azienda' as const,
  businessName: 'Alfa Srl',
  vat: '01234560017',
  companyCf: '01234560017',
  pec: 'alfa@pec.it',
  sdiCode: 'M5UXCR1',
  legalRepresentative: { name: 'Anna', surname: 'Verdi', cf: '' },
  email: 'info@alfa.it',
  phones: ['02 1234567'],
  address: { ...MILANO, cap: '20122' },
};

const loginAs = async (cookie: string, userId: string) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login-as', payload: { userId }, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
};

/** Two admins, two corners; rows written through real actions, oldest first: session 1, a client, session 2. */
const writeLog = async () => {
  const anna = await t.createUser({ email: 'anna@example.it', password: PASSWORD, role: 'admin', name: 'Anna', surname: 'Admin' });
  const bruno = await t.createUser({ email: 'bruno@example.it', password: PASSWORD, role: 'admin', name: 'Bruno', surname: 'Admin' });
  const carla = await t.createUser({ email: 'carla@example.it', password: PASSWORD, name: 'Carla', surname: 'Corner' });
  const dario = await t.createUser({ email: 'dario@example.it', password: PASSWORD, name: 'Dario', surname: 'Corner' });
  const annaCookie = await t.login('anna@example.it', PASSWORD);
  const brunoCookie = await t.login('bruno@example.it', PASSWORD);

  // Session 1: Anna as Carla, one REST call and one tRPC call.
  const first = await loginAs(annaCookie, carla.id);
  expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${first}` } })).statusCode).toBe(200);
  expect((await bearerTrpc(t.app, first).auth.me.query()).id).toBe(carla.id);
  // Bruno creates a client for Dario (his own admin action).
  const created = await t.app.inject({ method: 'POST', url: '/api/clients', headers: { cookie: brunoCookie }, payload: { ...company, cornerId: dario.id } });
  expect(created.statusCode).toBe(201);
  // Session 2: Anna as Dario, one call.
  const second = await loginAs(annaCookie, dario.id);
  expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${second}` } })).statusCode).toBe(200);
  return { anna, bruno, carla, dario, annaCookie, brunoCookie, clientId: created.json().id as string };
};

const search = async (cookie: string, query: string): Promise<TAuditPage> => {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/audit?${query}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** Each item as a short line: `entry:<action>` or `session:<user email>:<actions newest first>`. */
const shape = (page: TAuditPage) =>
  page.items.map((item) => (item.kind === 'entry' ? `entry:${item.entry.action}` : `session:${item.user.email}:${item.entries.map((entry) => `${entry.action}${entry.method ? ` ${entry.method} ${entry.path}` : ''}`).join(',')}`));

describe('the audit log of the admins (GET /api/admin/audit, audit.list)', () => {
  it('lists newest first, one expandable row per impersonation session with its calls, paged', async () => {
    const { anna, carla, annaCookie } = await writeLog();
    const all = await search(annaCookie, 'actor=&impersonator=&action=&from=&to=&page=&limit=');
    expect(shape(all)).toEqual([
      'session:dario@example.it:request GET /api/auth/me,login-as',
      'entry:client_created',
      'session:carla@example.it:request TRPC auth.me,request GET /api/auth/me,login-as',
    ]);
    expect(all).toMatchObject({ total: 3, page: 1, limit: 50 });
    const session = all.items[2]!;
    expect(session).toMatchObject({ kind: 'impersonation', admin: { id: anna.id, name: 'Anna Admin' }, user: { id: carla.id, name: 'Carla Corner' } });
    if (session.kind !== 'impersonation') throw new Error('not a session');
    expect(session.entries[0]).toMatchObject({ actor: { id: carla.id }, impersonator: { id: anna.id }, subject: { id: carla.id }, statusCode: 200 });
    expect(session.entries[2]).toMatchObject({ action: 'login-as', actor: { id: anna.id }, impersonator: { id: anna.id } });
    expect(new Date(session.startedAt) <= new Date(session.lastAt)).toBe(true);

    const second = await t.app.inject({ method: 'GET', url: '/api/admin/audit?page=2&limit=1', headers: { cookie: annaCookie } });
    expect(second.headers['x-total-count']).toBe('3');
    expect(shape(second.json())).toEqual(['entry:client_created']);
    expect(shape(await search(annaCookie, 'page=3&limit=1'))).toEqual(['session:carla@example.it:request TRPC auth.me,request GET /api/auth/me,login-as']);
    expect(shape(await search(annaCookie, 'page=4&limit=1'))).toEqual([]);
  });

  it('searches by who, by the admin behind a login-as, by action, by record and by period, over REST and tRPC', async () => {
    const { anna, bruno, carla, dario, annaCookie, clientId } = await writeLog();
    // Who: Carla's calls (made by Anna as her), Bruno's own action, Dario's call.
    expect(shape(await search(annaCookie, `actor=${carla.id}`))).toEqual(['session:carla@example.it:request TRPC auth.me,request GET /api/auth/me']);
    expect(shape(await search(annaCookie, `actor=${bruno.id}`))).toEqual(['entry:client_created']);
    expect(shape(await search(annaCookie, `actor=${anna.id}`))).toEqual(['session:dario@example.it:login-as', 'session:carla@example.it:login-as']);
    // The admin behind: both of Anna's sessions, nothing for Bruno (his action was his own).
    expect(shape(await search(annaCookie, `impersonator=${anna.id}`))).toEqual([
      'session:dario@example.it:request GET /api/auth/me,login-as',
      'session:carla@example.it:request TRPC auth.me,request GET /api/auth/me,login-as',
    ]);
    expect((await search(annaCookie, `impersonator=${bruno.id}`)).items).toEqual([]);
    expect(shape(await search(annaCookie, `impersonator=${anna.id}&actor=${dario.id}`))).toEqual(['session:dario@example.it:request GET /api/auth/me']);
    // Action and record.
    expect(shape(await search(annaCookie, 'action=client_created'))).toEqual(['entry:client_created']);
    expect(shape(await search(annaCookie, `record=${clientId}`))).toEqual(['entry:client_created']);
    expect(shape(await search(annaCookie, 'record=auth.me'))).toEqual(['session:carla@example.it:request TRPC auth.me']);
    expect((await search(annaCookie, 'record=100%25')).items).toEqual([]);

    // Period: session 1 moved ten days back.
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    await t.database.db.updateTable('audit_log').set({ created_at: tenDaysAgo }).where('user_id', '=', carla.id).execute();
    const fiveDaysAgo = new Date(Date.now() - 5 * 86_400_000);
    expect(shape(await search(annaCookie, `from=${fiveDaysAgo.toISOString()}`))).toEqual(['session:dario@example.it:request GET /api/auth/me,login-as', 'entry:client_created']);
    // A bare date as `to` includes that whole day.
    expect(shape(await search(annaCookie, `to=${tenDaysAgo.toISOString().slice(0, 10)}`))).toEqual([
      'session:carla@example.it:request TRPC auth.me,request GET /api/auth/me,login-as',
    ]);
    const backwards = await t.app.inject({ method: 'GET', url: `/api/admin/audit?from=${new Date().toISOString()}&to=2020-01-01`, headers: { cookie: annaCookie } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(AUDIT_MSG.badPeriod);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit?actor=nope', headers: { cookie: annaCookie } })).statusCode).toBe(400);

    // tRPC answers the same as REST.
    const trpc = await createTrpcHttpCaller(t, 'anna@example.it', PASSWORD);
    const overTrpc = await trpc.audit.list.query({ impersonator: anna.id, from: fiveDaysAgo });
    expect(shape(overTrpc)).toEqual(['session:dario@example.it:request GET /api/auth/me,login-as']);
    expect(overTrpc.items[0]!.kind === 'impersonation' && overTrpc.items[0]!.startedAt).toBeInstanceOf(Date);
  });

  it('exports the filtered log as a CSV attachment with Italian headers', async () => {
    const { anna, bruno, clientId, annaCookie } = await writeLog();
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/audit/export?impersonator=${anna.id}&actor=&action=`, headers: { cookie: annaCookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="registro-attivita-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_HEADERS.join(';'));
    expect(lines[0]).toBe('Data e ora;Chi;Email;Per conto di (admin);Utente interessato;Azione;Metodo;Percorso;Esito;IP;Sessione;Dettagli');
    const rows = lines.slice(1).map((line) => line.split(';'));
    expect(rows.map((row) => [row[1], row[3], row[4], row[5], row[6], row[7], row[8]])).toEqual([
      ['Dario Corner', 'Anna Admin <anna@example.it>', 'Dario Corner', 'request', 'GET', '/api/auth/me', '200'],
      ['Anna Admin', 'Anna Admin <anna@example.it>', 'Dario Corner', 'login-as', '', '', ''],
      ['Carla Corner', 'Anna Admin <anna@example.it>', 'Carla Corner', 'request', 'TRPC', 'auth.me', '200'],
      ['Carla Corner', 'Anna Admin <anna@example.it>', 'Carla Corner', 'request', 'GET', '/api/auth/me', '200'],
      ['Anna Admin', 'Anna Admin <anna@example.it>', 'Carla Corner', 'login-as', '', '', ''],
    ]);
    expect(rows[0]![0]).toMatch(/^\d{2}\/\d{2}\/\d{2,4},? \d{2}:\d{2}:\d{2}$/);
    // The session column ties each call to its start.
    expect(rows[2]![10]).toBe(rows[4]![10]);
    expect(rows[0]![10]).toBe(rows[1]![10]);
    expect(rows[0]![10]).not.toBe(rows[2]![10]);

    const own = await t.app.inject({ method: 'GET', url: `/api/admin/audit/export?actor=${bruno.id}`, headers: { cookie: annaCookie } });
    const ownLines = own.body.trimEnd().split('\r\n');
    expect(ownLines).toHaveLength(2);
    expect(ownLines[1]).toContain(`;Bruno Admin;bruno@example.it;;Dario Corner;client_created;POST;/api/clients/${clientId};`);
  });

  it('refuses non-admins, including an admin acting as a corner, over REST and tRPC', async () => {
    const { carla, annaCookie } = await writeLog();
    const carlaCookie = await t.login('carla@example.it', PASSWORD);
    for (const url of ['/api/admin/audit', '/api/admin/audit/export']) {
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: carlaCookie } })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const carlaTrpc = await createTrpcHttpCaller(t, 'carla@example.it', PASSWORD);
    await expect(carlaTrpc.audit.list.query({})).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });

    const token = await loginAs(annaCookie, carla.id);
    for (const url of ['/api/admin/audit', '/api/admin/audit/export']) {
      expect((await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(403);
    }
    await expect(bearerTrpc(t.app, token).audit.list.query({})).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    // The refused attempts are themselves in the log, under the admin behind them.
    const refused = await t.database.db.selectFrom('audit_log').select(['method', 'path', 'status_code']).where('status_code', '=', 403).orderBy('id').execute();
    expect(refused).toEqual([
      { method: 'GET', path: '/api/admin/audit', status_code: 403 },
      { method: 'GET', path: '/api/admin/audit/export', status_code: 403 },
      { method: 'TRPC', path: 'audit.list', status_code: 403 },
    ]);
  });
});

describe('retention of the audit log (auditRetentionMonths, the daily audit-prune job)', () => {
  const insertAt = async (userId: string, at: Date, action: string) =>
    sql`insert into audit_log (created_at, admin_id, user_id, action) values (${at}, ${userId}, ${userId}, ${action})`.execute(t.database.db);
  const actions = async () => (await t.database.db.selectFrom('audit_log').select('action').orderBy('created_at').execute()).map((row) => row.action);

  it('keeps the last six months by default and deletes what is older; a longer setting keeps more', async () => {
    const admin = await t.createUser({ email: 'anna@example.it', password: PASSWORD, role: 'admin' });
    const now = new Date('2026-11-27T03:20:00Z');
    await insertAt(admin.id, new Date('2025-11-01T00:00:00Z'), 'thirteen-months');
    await insertAt(admin.id, new Date('2026-05-26T00:00:00Z'), 'six-months-and-a-day');
    await insertAt(admin.id, new Date('2026-05-28T00:00:00Z'), 'under-six-months');
    await insertAt(admin.id, new Date('2026-11-26T00:00:00Z'), 'yesterday');

    const cookie = await t.login('anna@example.it', PASSWORD);
    const saved = await t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: { cookie }, payload: { key: 'auditRetentionMonths', value: 12 } });
    expect(saved.statusCode).toBe(200);
    expect(await t.app.services.audit.prune(now)).toMatchObject({ deleted: 1 });
    expect(await actions()).toEqual(['six-months-and-a-day', 'under-six-months', 'yesterday']);

    await t.database.db.deleteFrom('settings').where('key', '=', 'auditRetentionMonths').execute();
    expect(await t.app.services.audit.prune(now)).toEqual({ deleted: 1, before: new Date('2026-05-27T03:20:00Z') });
    expect(await actions()).toEqual(['under-six-months', 'yesterday']);
  });

  it('runs as a daily job on the job runner', async () => {
    const admin = await t.createUser({ email: 'anna@example.it', password: PASSWORD, role: 'admin' });
    await insertAt(admin.id, new Date(Date.now() - 400 * 86_400_000), 'old');
    await insertAt(admin.id, new Date(), 'new');
    await t.app.jobs.enqueue(t.database.db, 'audit-prune');
    await t.app.jobs.drain();
    expect(await actions()).toEqual(['new']);
  });

  it('refuses fewer than six months, fractions and non-numbers, over REST and tRPC', async () => {
    await t.createUser({ email: 'anna@example.it', password: PASSWORD, role: 'admin' });
    const cookie = await t.login('anna@example.it', PASSWORD);
    const trpc = await createTrpcHttpCaller(t, 'anna@example.it', PASSWORD);
    const refused: [unknown, string][] = [
      [5, AUDIT_MSG.retentionTooFew],
      [0, AUDIT_MSG.retentionTooFew],
      [6.5, AUDIT_MSG.retentionNotWhole],
      ['12', AUDIT_MSG.retentionNotWhole],
      [121, AUDIT_MSG.retentionTooMany],
    ];
    for (const [value, message] of refused) {
      const response = await t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: { cookie }, payload: { key: 'auditRetentionMonths', value } });
      expect(response.statusCode, String(value)).toBe(400);
      expect(response.json()).toMatchObject({ message, fields: { value: [message] } });
      await expect(trpc.settings.update.mutate({ key: 'auditRetentionMonths', value: value as number })).rejects.toThrow(message);
    }
    expect(await t.app.services.settings.getAuditRetentionMonths()).toBe(6);
    await trpc.settings.update.mutate({ key: 'auditRetentionMonths', value: 6 });
    expect(await trpc.settings.admin.query()).toMatchObject({ auditRetentionMonths: 6 });
  });
});
