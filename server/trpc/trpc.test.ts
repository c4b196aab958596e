import type { AddressInfo } from 'node:net';
import { createTRPCClient, createWSClient, httpBatchLink, wsLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MSG } from '../../shared/messages';
import { createTestApp, type TTestApp } from '../testing/test-app';
import type { AppRouter } from './app-router';

let t: TTestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.reset();
});

const PASSWORD = 'Segreta123';

/** A typed HTTP client that keeps the session cookie like a browser would. */
const createHttpClient = () => {
  let cookie = '';
  const client = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${baseUrl}/trpc`,
        transformer: superjson,
        fetch: async (url, init) => {
          const response = await fetch(url, { ...(init as RequestInit), headers: { ...(init?.headers as Record<string, string>), cookie } });
          const setCookie = response.headers.get('set-cookie');
          if (setCookie) cookie = setCookie.split(';')[0]!;
          return response;
        },
      }),
    ],
  });
  return { client, getCookie: () => cookie };
};

describe('tRPC over HTTP', () => {
  it('logs in, reads the session user and the sync data through the same services as REST', async () => {
    const { id } = await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const { client, getCookie } = createHttpClient();
    await expect(client.auth.me.query()).rejects.toThrow(MSG.unauthenticated);
    expect(await client.auth.login.mutate({ email: 'corner@example.it', password: PASSWORD })).toEqual({ id, role: 'corner', state: 'active' });
    expect(getCookie()).toMatch(/^sid=/);
    expect(await client.auth.me.query()).toEqual({ id, role: 'corner', state: 'active' });
    const sync = await client.sync.login.query();
    expect(sync.profile.user.email).toBe('corner@example.it');
    expect(sync.settings).toBeDefined();
    await client.auth.logout.mutate();
    await expect(client.auth.me.query()).rejects.toThrow(MSG.unauthenticated);
  });

  it('returns per-field Italian messages and the error type for invalid input', async () => {
    const { client } = createHttpClient();
    const error = await client.auth.register
      .mutate({ type: 'persona', name: '', surname: 'Rossi', email: 'x', phone: '1', password: 'a', confirmPassword: 'b', privacy: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    const data = (error as TRPCClientError<AppRouter>).data as unknown as { type: string; fields: Record<string, string[]>; httpStatus: number };
    expect(data.httpStatus).toBe(400);
    expect(data.type).toBe('warn');
    expect(data.fields.email).toEqual([MSG.emailInvalid]);
    expect(data.fields.confirmPassword).toEqual([MSG.passwordMismatch]);
  });

  it('maps service errors to tRPC codes with the Italian message', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD, state: 'inactive' });
    const { client } = createHttpClient();
    const error = (await client.auth.login.mutate({ email: 'corner@example.it', password: PASSWORD }).catch((e: unknown) => e)) as TRPCClientError<AppRouter>;
    expect(error.message).toBe(MSG.accountInactive);
    expect(error.data?.code).toBe('FORBIDDEN');
  });

  it('keeps admin procedures for admins', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const { client } = createHttpClient();
    await client.auth.login.mutate({ email: 'corner@example.it', password: PASSWORD });
    const error = (await client.settings.admin.query({ key: 'rcaConfig' }).catch((e: unknown) => e)) as TRPCClientError<AppRouter>;
    expect(error.data?.code).toBe('FORBIDDEN');
  });
});

describe('tRPC over WebSocket at /trpc', () => {
  it('authenticates with the impersonation bearer token passed as a connection parameter', async () => {
    await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
    const corner = await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const adminCookie = await t.login('admin@example.it', PASSWORD);
    const { token } = (await t.app.inject({ method: 'POST', url: '/api/admin/auth/login-as', payload: { userId: corner.id }, headers: { cookie: adminCookie } })).json();

    const wsClient = createWSClient({ url: `${baseUrl.replace('http', 'ws')}/trpc`, WebSocket: WebSocket as never, connectionParams: { token } });
    try {
      const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] });
      expect(await client.auth.me.query()).toEqual({ id: corner.id, role: 'corner', state: 'active' });
      expect((await client.profile.get.query()).user.email).toBe('corner@example.it');
    } finally {
      wsClient.close();
    }
  });

  it('stops acting as a user on an open connection once that session is logged out', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const cookie = await t.login('corner@example.it', PASSWORD);
    class CookieWebSocket extends WebSocket {
      constructor(url: string) {
        super(url, { headers: { cookie } });
      }
    }
    const wsClient = createWSClient({ url: `${baseUrl.replace('http', 'ws')}/trpc`, WebSocket: CookieWebSocket as never, retryDelayMs: () => 50 });
    try {
      const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] });
      expect((await client.auth.me.query()).role).toBe('corner');
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(200);
      await expect.poll(() => client.auth.me.query().then(() => 'still signed in', (error: Error) => error.message), { timeout: 5000 }).toBe(MSG.unauthenticated);
    } finally {
      wsClient.close();
    }
  });

  it('authenticates with the session cookie of the upgrade request, and refuses without one', async () => {
    const { id } = await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const cookie = await t.login('corner@example.it', PASSWORD);
    class CookieWebSocket extends WebSocket {
      constructor(url: string) {
        super(url, { headers: { cookie } });
      }
    }
    const withCookie = createWSClient({ url: `${baseUrl.replace('http', 'ws')}/trpc`, WebSocket: CookieWebSocket as never });
    const anonymous = createWSClient({ url: `${baseUrl.replace('http', 'ws')}/trpc`, WebSocket: WebSocket as never });
    try {
      const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: withCookie, transformer: superjson })] });
      expect(await client.auth.me.query()).toEqual({ id, role: 'corner', state: 'active' });
      const guest = createTRPCClient<AppRouter>({ links: [wsLink({ client: anonymous, transformer: superjson })] });
      await expect(guest.auth.me.query()).rejects.toThrow(MSG.unauthenticated);
    } finally {
      withCookie.close();
      anonymous.close();
    }
  });
});
