import type { FastifyInstance } from 'fastify';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../shared/messages';
import type { AppRouter } from '../../trpc/app-router';
import { SESSION_ENDED_CLOSE_CODE } from '../../realtime/trpc-ws-sessions';
import { connectSocket, listenOnFreePort, useClosers, useListeningApp } from '../../testing/realtime-clients';
import { linkToken } from '../../testing/outbox';
import { createPeerApp, useTestApp, type TTestApp } from '../../testing/test-app';
import { multipart, pngOf } from '../files/files.fixtures';

const PASSWORD = 'Segreta123';

/** An admin signed in with a cookie, and a bearer token it issued to act as a corner. */
const impersonate = async (t: TTestApp) => {
  const admin = await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
  const corner = await t.createUser({ email: 'corner@example.it', password: PASSWORD });
  const adminCookie = await t.login('admin@example.it', PASSWORD);
  const response = await t.app.inject({ method: 'POST', url: '/api/admin/auth/login-as', payload: { userId: corner.id }, headers: { cookie: adminCookie } });
  expect(response.statusCode).toBe(200);
  return { admin, corner, adminCookie, token: response.json().token as string };
};

const me = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

const upload = async (app: FastifyInstance, token: string) => {
  const body = multipart([{ kind: 'file', field: 'file0', filename: 'foto.png', content: await pngOf(20, 20) }]);
  return app.inject({ method: 'POST', url: '/api/docs/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
};

/** A tRPC WebSocket client carrying the token, recording the close codes the server sent. */
const openTrpcSocket = (baseUrl: string, token: string) => {
  const closeCodes: (number | undefined)[] = [];
  const wsClient = createWSClient({
    url: `${baseUrl.replace('http', 'ws')}/trpc`,
    WebSocket: WebSocket as never,
    connectionParams: { token },
    retryDelayMs: () => 50,
    onClose: (cause) => closeCodes.push(cause?.code),
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] });
  const whoAmI = () => client.auth.me.query().then((user) => user.id, (error: Error) => error.message);
  return { client, closeCodes, whoAmI, close: () => wsClient.close() };
};

type TImpersonation = Awaited<ReturnType<typeof impersonate>>;

describe('an impersonation token ends with the admin who issued it', () => {
  const t = useTestApp();
  const live = useListeningApp(t);
  const closers = useClosers();

  const endings: Record<string, (setup: TImpersonation) => Promise<void>> = {
    'the admin logs out': async ({ adminCookie }) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: adminCookie } });
      expect(response.statusCode).toBe(200);
    },
    'the admin changes its password': async ({ adminCookie }) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/update-password',
        payload: { password: 'NuovaPass1', confirmPassword: 'NuovaPass1' },
        headers: { cookie: adminCookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      // The admin keeps the session it changed the password with; the token it issued does not survive.
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: adminCookie } })).statusCode).toBe(200);
    },
    'the admin resets its password with the e-mailed link': async () => {
      await t.app.inject({ method: 'POST', url: '/api/auth/recover-password', payload: { email: 'admin@example.it' } });
      const token = linkToken((await t.readMails()).find((mail) => mail.to.includes('admin@example.it'))!.body, 'token');
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'NuovaPass1', confirmPassword: 'NuovaPass1' } });
      expect(response.statusCode, response.body).toBe(200);
    },
    'another admin deactivates the admin': async ({ admin }) => {
      await t.createUser({ email: 'capo@example.it', password: PASSWORD, role: 'admin' });
      const cookie = await t.login('capo@example.it', PASSWORD);
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/users/state', payload: { userId: admin.id, state: 'inactive' }, headers: { cookie } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ id: admin.id, state: 'inactive' });
    },
  };

  it.each(Object.keys(endings))('once %s, the token answers 401, uploads nothing, and its sockets are closed', async (ending) => {
    const setup = await impersonate(t);
    const { corner, token } = setup;
    // Resolved just before, so it sits in the session cache: the end must reach the cache too.
    expect((await me(t.app, token)).json().id).toBe(corner.id);
    expect((await upload(t.app, token)).statusCode).toBe(200);
    const socket = await live.connect({ token });
    const trpc = openTrpcSocket(live.baseUrl, token);
    closers.push(trpc.close);
    expect(await trpc.whoAmI()).toBe(corner.id);

    await endings[ending]!(setup);

    expect((await me(t.app, token)).statusCode).toBe(401);
    expect((await upload(t.app, token)).statusCode).toBe(401);
    expect(await socket.disconnected).toBe('io server disconnect');
    await expect(connectSocket(live.baseUrl, { token })).rejects.toThrow(MSG.unauthenticated);
    await vi.waitFor(() => expect(trpc.closeCodes).toContain(SESSION_ENDED_CLOSE_CODE), { timeout: 2_000, interval: 20 });
    await expect.poll(trpc.whoAmI, { timeout: 5_000 }).toBe(MSG.unauthenticated);
    expect(await t.database.db.selectFrom('sessions').select('id').where('kind', '=', 'bearer').execute()).toEqual([]);
  });

  it('refuses a token whose admin is not active, or whose issuing session expired, before any row is deleted', async () => {
    const { admin, token } = await impersonate(t);
    // Not resolved yet, so nothing is cached: the lookup itself must check the issuing admin.
    await t.database.db.updateTable('users').set({ state: 'inactive' }).where('id', '=', admin.id).execute();
    expect((await me(t.app, token)).statusCode).toBe(401);
    await t.database.db.updateTable('users').set({ state: 'active' }).where('id', '=', admin.id).execute();
    await t.database.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('kind', '=', 'cookie').execute();
    expect((await me(t.app, token)).statusCode).toBe(401);
  });

  it('keeps the token of one admin session when another session of that admin logs out', async () => {
    const { corner, token } = await impersonate(t);
    const otherCookie = await t.login('admin@example.it', PASSWORD);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: otherCookie } })).statusCode).toBe(200);
    expect((await me(t.app, token)).json().id).toBe(corner.id);
  });

  it('lets only admins change a state, never their own, and reactivation does not revive ended sessions', async () => {
    const { admin, corner, adminCookie, token } = await impersonate(t);
    const setState = (payload: object, headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/admin/users/state', payload, headers });
    expect((await setState({ userId: admin.id, state: 'inactive' }, { authorization: `Bearer ${token}` })).statusCode).toBe(403);
    const own = await setState({ userId: admin.id, state: 'inactive' }, { cookie: adminCookie });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(MSG.cannotChangeOwnState);
    expect((await setState({ userId: corner.id, state: 'deleted' }, { cookie: adminCookie })).statusCode).toBe(400);

    const cornerCookie = await t.login('corner@example.it', PASSWORD);
    expect((await setState({ userId: corner.id, state: 'inactive' }, { cookie: adminCookie })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cornerCookie } })).statusCode).toBe(401);
    expect((await me(t.app, token)).statusCode).toBe(401);
    expect((await setState({ userId: corner.id, state: 'active' }, { cookie: adminCookie })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cornerCookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'corner@example.it', password: PASSWORD } })).statusCode).toBe(200);
  });
});

// Two instances behind a load balancer share one PostgreSQL database; PGlite is one process by design.
describe.skipIf(!process.env.TEST_DATABASE_URL)('an impersonation token on a second instance', () => {
  const t = useTestApp();
  const closers = useClosers();
  let peer: { app: FastifyInstance; close: () => Promise<void> };
  let urlB: string;
  beforeAll(async () => {
    await listenOnFreePort(t.app);
    peer = await createPeerApp(t);
    urlB = await listenOnFreePort(peer.app);
  });
  afterAll(async () => {
    await peer?.close();
  });

  it('is refused there at once when the admin logs out on the first, its sockets there closed', async () => {
    const { corner, adminCookie, token } = await impersonate(t);
    expect((await me(peer.app, token)).json().id).toBe(corner.id); // now cached on B for 5 s
    const socket = await connectSocket(urlB, { token });
    closers.push(socket.close);
    const trpc = openTrpcSocket(urlB, token);
    closers.push(trpc.close);
    expect(await trpc.whoAmI()).toBe(corner.id);

    const loggedOutAt = Date.now();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: adminCookie } })).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await me(peer.app, token)).statusCode).toBe(401), { timeout: 2_000, interval: 20 });
    expect(Date.now() - loggedOutAt).toBeLessThan(2_000);
    expect((await upload(peer.app, token)).statusCode).toBe(401);
    expect(await socket.disconnected).toBe('io server disconnect');
    await vi.waitFor(() => expect(trpc.closeCodes).toContain(SESSION_ENDED_CLOSE_CODE), { timeout: 2_000, interval: 20 });
    await expect.poll(trpc.whoAmI, { timeout: 5_000 }).toBe(MSG.unauthenticated);
  });

  it('is refused there at once when another admin deactivates the admin on the first', async () => {
    const { admin, corner, token } = await impersonate(t);
    await t.createUser({ email: 'capo@example.it', password: PASSWORD, role: 'admin' });
    const cookie = await t.login('capo@example.it', PASSWORD);
    expect((await me(peer.app, token)).json().id).toBe(corner.id);
    const socket = await connectSocket(urlB, { token });
    closers.push(socket.close);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/users/state', payload: { userId: admin.id, state: 'inactive' }, headers: { cookie } })).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await me(peer.app, token)).statusCode).toBe(401), { timeout: 2_000, interval: 20 });
    expect(await socket.disconnected).toBe('io server disconnect');
  });
});
