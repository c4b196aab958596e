import { createTRPCClient, httpBatchLink } from '@trpc/client';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { createTrpcWsClient, useClosers, useListeningApp } from '../testing/realtime-clients';
import { useTestApp } from '../testing/test-app';
import type { AppRouter } from './app-router';

const t = useTestApp();
const realtime = useListeningApp(t);
const closers = useClosers();

const PASSWORD = 'Segreta123';

/** An admin acting as a corner: the bearer token of login-as. */
const impersonate = async () => {
  const admin = await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
  const corner = await t.createUser({ email: 'corner@example.it', password: PASSWORD });
  const adminCookie = await t.login('admin@example.it', PASSWORD);
  const response = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login-as', payload: { userId: corner.id }, headers: { cookie: adminCookie } });
  return { admin, corner, token: response.json().token as string };
};

const auditRows = () =>
  t.database.db
    .selectFrom('audit_log')
    .select(['admin_id', 'user_id', 'action', 'method', 'path', 'status_code'])
    .where('action', '=', 'request')
    .orderBy('id')
    .execute();

const profileUpdate = { user: { type: 'persona' as const, name: 'Giulia', surname: 'Conti', cf: '', business: '', vat: '' }, taxRegime: null, hasEmployee: false };

describe('audit of what an impersonating admin does through tRPC', () => {
  it('writes WebSocket calls to the audit log with the admin’s id, refused ones with their status', async () => {
    const { admin, corner, token } = await impersonate();
    const ws = createTrpcWsClient(realtime.baseUrl, { token });
    closers.push(ws.close);

    await ws.client.profile.update.mutate(profileUpdate);
    await ws.client.notification.readAll.mutate();
    await expect(ws.client.profile.update.mutate({ ...profileUpdate, user: { ...profileUpdate.user, type: 'nessuno' as never } })).rejects.toThrow();

    const rows = await auditRows();
    expect(rows.map((row) => [row.method, row.path, row.status_code])).toEqual([
      ['TRPC', 'profile.update', 200],
      ['TRPC', 'notification.readAll', 200],
      ['TRPC', 'profile.update', 400],
    ]);
    expect(rows.every((row) => row.admin_id === admin.id && row.user_id === corner.id)).toBe(true);
    // The change itself went through, as the corner.
    const stored = await t.database.db.selectFrom('users').select(['name', 'surname']).where('id', '=', corner.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: 'Giulia', surname: 'Conti' });
  });

  it('writes HTTP calls once, as the same procedure entry (not a second REST line)', async () => {
    const { admin, token } = await impersonate();
    const http = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${realtime.baseUrl}/trpc`, transformer: superjson, headers: { authorization: `Bearer ${token}` } })],
    });
    await http.notification.readAll.mutate();
    const rows = await auditRows();
    expect(rows.map((row) => [row.admin_id, row.method, row.path, row.status_code])).toEqual([[admin.id, 'TRPC', 'notification.readAll', 200]]);
  });

  it('writes nothing for a user acting as themselves', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const cookie = await t.login('corner@example.it', PASSWORD);
    const ws = createTrpcWsClient(realtime.baseUrl, { cookie });
    closers.push(ws.close);
    await ws.client.notification.readAll.mutate();
    await ws.client.profile.update.mutate(profileUpdate);
    expect(await auditRows()).toEqual([]);
  });
});
