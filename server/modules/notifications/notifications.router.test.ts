import { createTRPCClient, createWSClient, wsLink, type TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { TNotification } from '../../../shared/schemas/notifications';
import { publishSessionEnded } from '../../realtime/session-events';
import { SESSION_ENDED_CLOSE_CODE } from '../../realtime/trpc-ws-sessions';
import { createTrpcHttpClient, createTrpcWsClient, listenOnFreePort, until, useClosers } from '../../testing/realtime-clients';
import { useTestApp } from '../../testing/test-app';
import type { AppRouter } from '../../trpc/app-router';
import type { TSessionEvent } from './notifications.service';

const t = useTestApp();
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await listenOnFreePort(t.app);
});

const PASSWORD = 'Segreta123';
const closers = useClosers();

const signIn = async (email: string) => {
  const { id } = await t.createUser({ email, password: PASSWORD });
  return { id, cookie: await t.login(email, PASSWORD) };
};

const notify = async (userId: string, title: string) => (await t.app.services.notifications.notify('other', [userId], { title, text: 'testo' }))[0]!.notification;

const httpClient = (cookie: string) => createTrpcHttpClient(baseUrl, cookie);

type TEnvelope = { id: string; data: TNotification };

/** Subscribes over a real WebSocket; resolves once the server has started the subscription. */
const subscribe = async (options: { cookie?: string; lastEventId?: string | null }) => {
  const ws = createTrpcWsClient(baseUrl, { cookie: options.cookie });
  closers.push(ws.close);
  const received: TEnvelope[] = [];
  let failure: TRPCClientError<AppRouter> | undefined;
  let onFailure: (() => void) | undefined;
  const failed = new Promise<void>((resolve) => (onFailure = resolve));
  await new Promise<void>((resolve) => {
    const subscription = ws.client.notification.onNotification.subscribe(
      { lastEventId: options.lastEventId },
      {
        onStarted: () => resolve(),
        onData: (envelope) => received.push(envelope as TEnvelope),
        onError: (error) => {
          failure = error;
          onFailure?.();
          resolve();
        },
      },
    );
    closers.push(() => subscription.unsubscribe());
  });
  return { received, failed, failure: () => failure };
};


describe('notification router over HTTP', () => {
  it('finds, reads one and reads all, through the same service as REST', async () => {
    const corner = await signIn('corner@example.it');
    const first = await notify(corner.id, 'uno');
    await notify(corner.id, 'due');
    const client = httpClient(corner.cookie);
    const found = await client.notification.find.query({ page: 1, limit: 10 });
    expect(found.total).toBe(2);
    expect(found.unread).toBe(2);
    expect(found.list[0]!.createdAt).toBeInstanceOf(Date);
    expect(found.list.map((item) => item.data.title)).toEqual(['due', 'uno']);
    expect(await client.notification.read.mutate({ ids: [first.id] })).toEqual({ unread: 1 });
    expect(await client.notification.readAll.mutate()).toEqual({ unread: 0 });
  });
});

describe('notification.onNotification over WebSocket', () => {
  it('streams the user’s new notifications as tracked events', async () => {
    const corner = await signIn('corner@example.it');
    const other = await signIn('altro@example.it');
    const subscription = await subscribe({ cookie: corner.cookie });
    await notify(other.id, 'non mia');
    const sent = await notify(corner.id, 'dal vivo');
    await until(() => subscription.received.length === 1);
    expect(subscription.received[0]).toEqual({ id: sent.id, data: sent });
    expect(subscription.received[0]!.data.createdAt).toBeInstanceOf(Date);
  });

  it('replays what was missed after lastEventId, then goes on live', async () => {
    const corner = await signIn('corner@example.it');
    const seen = await notify(corner.id, 'vista');
    const missed = [await notify(corner.id, 'persa 1'), await notify(corner.id, 'persa 2')];
    const subscription = await subscribe({ cookie: corner.cookie, lastEventId: seen.id });
    await until(() => subscription.received.length === 2);
    expect(subscription.received.map((event) => event.id)).toEqual(missed.map((item) => item.id));
    const live = await notify(corner.id, 'nuova');
    await until(() => subscription.received.length === 3);
    expect(subscription.received[2]!.data.data.title).toBe('nuova');
    expect(subscription.received[2]!.id).toBe(live.id);
  });

  it('ends with UNAUTHORIZED when the session logs out', async () => {
    const corner = await signIn('corner@example.it');
    const subscription = await subscribe({ cookie: corner.cookie });
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: corner.cookie } });
    await subscription.failed;
    expect(subscription.failure()?.data?.code).toBe('UNAUTHORIZED');
  });

  it('stops listening on the bus when the client unsubscribes', async () => {
    const corner = await signIn('corner@example.it');
    const original = t.app.bus.subscribe;
    const active = new Set<symbol>();
    const spy = vi.spyOn(t.app.bus, 'subscribe').mockImplementation((topic, handler) => {
      const unsubscribe = original(topic, handler);
      const key = Symbol(topic);
      active.add(key);
      return () => {
        active.delete(key);
        unsubscribe();
      };
    });
    try {
      await subscribe({ cookie: corner.cookie });
      expect(active.size).toBe(2); // the user's topic and the session ends
      for (const close of closers.splice(0)) close();
      await until(() => active.size === 0);
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses a caller without a session, and a malformed lastEventId', async () => {
    const anonymous = await subscribe({});
    expect(anonymous.failure()?.data?.code).toBe('UNAUTHORIZED');
    const corner = await signIn('corner@example.it');
    const malformed = await subscribe({ cookie: corner.cookie, lastEventId: 'abc' });
    expect(malformed.failure()?.data?.code).toBe('BAD_REQUEST');
  });
});

/** A user of `role` signed in with a session cookie. */
const signInAs = async (email: string, role: 'admin' | 'corner') => {
  const { id } = await t.createUser({ email, password: PASSWORD, role });
  return { id, cookie: await t.login(email, PASSWORD) };
};
const sendOneTime = (cookie: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/onetime-message', headers: { cookie }, payload });

/**
 * `notification.onSession` over a real WebSocket with the session cookie, as the browser subscribes; resolves once
 * the server has started it (the browser's `online`). `onClose`: the close codes of the socket.
 */
const watchSession = async (cookie: string, onClose?: (code: number) => void) => {
  class CookieWebSocket extends WebSocket {
    constructor(url: string) {
      super(url, { headers: { cookie } });
    }
  }
  const wsClient = createWSClient({ url: `${baseUrl.replace('http', 'ws')}/trpc`, WebSocket: CookieWebSocket as never, onClose: (event) => onClose?.(event?.code ?? 0) });
  closers.push(() => void wsClient.close());
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] });
  const received: TSessionEvent[] = [];
  await new Promise<void>((resolve, reject) => {
    const subscription = client.notification.onSession.subscribe(undefined, { onStarted: () => resolve(), onData: (event) => received.push(event), onError: reject });
    closers.push(() => subscription.unsubscribe());
  });
  return { received };
};

describe('notification.onSession over tRPC WebSocket', () => {
  it('brings one-time messages sent to the user and to everyone, not those for someone else', async () => {
    const admin = await signInAs('admin@example.it', 'admin');
    const corner = await signIn('corner@example.it');
    const other = await signIn('altro@example.it');
    const cornerSession = await watchSession(corner.cookie);

    expect((await sendOneTime(admin.cookie, { userId: other.id, type: 'info', text: 'Solo per altro' })).statusCode).toBe(200);
    expect((await sendOneTime(admin.cookie, { userId: corner.id, type: 'warn', text: 'Manutenzione alle 18', timeout: 10 })).statusCode).toBe(200);
    expect((await sendOneTime(admin.cookie, { type: 'success', text: 'A tutti' })).statusCode).toBe(200);

    await until(() => cornerSession.received.length === 2);
    expect(cornerSession.received).toEqual([
      { type: 'onetimemessage', message: { type: 'warn', text: 'Manutenzione alle 18', timeout: 10 } },
      { type: 'onetimemessage', message: { type: 'success', text: 'A tutti' } },
    ]);
  });

  it('ends with `ended` when the session is logged out elsewhere, sparing the user\'s other sessions', async () => {
    const { id } = await signIn('corner@example.it');
    const actor = (sessionId: string) => ({ userId: id, role: 'corner' as const, state: 'active' as const, sessionId, via: 'cookie' as const, impersonatorId: null, impersonatorSessionId: null });
    const watch = (sessionId: string) => t.app.services.notifications.watchSession({ actor: actor(sessionId), ip: '127.0.0.1', userAgent: null }, {});
    const ended = watch('session-1');
    const spared = watch('session-2');
    const nextOfSpared = spared.next();

    await publishSessionEnded(t.app.bus, { userId: id, sessionId: 'session-1' });
    expect(await ended.next()).toEqual({ done: false, value: { type: 'ended' } });
    expect(await ended.next()).toEqual({ done: true, value: undefined });
    await sendOneTime((await signInAs('admin@example.it', 'admin')).cookie, { type: 'info', text: 'Ancora qui' });
    expect(await nextOfSpared).toEqual({ done: false, value: { type: 'onetimemessage', message: { type: 'info', text: 'Ancora qui' } } });
    await spared.return(undefined);
  });

  it('closes the WebSocket of a session logged out elsewhere with code 4001, not the other sessions\' ones', async () => {
    await signIn('corner@example.it');
    const [loggedOut, other] = [await t.login('corner@example.it', PASSWORD), await t.login('corner@example.it', PASSWORD)];
    const closeCodes = { loggedOut: [] as number[], other: [] as number[] };
    await watchSession(loggedOut, (code) => closeCodes.loggedOut.push(code));
    await watchSession(other, (code) => closeCodes.other.push(code));

    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: loggedOut } })).statusCode).toBe(200);
    await until(() => closeCodes.loggedOut.length > 0);
    expect(closeCodes.loggedOut[0]).toBe(SESSION_ENDED_CLOSE_CODE);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closeCodes.other).toEqual([]);
  });

  it('refuses a connection without a session', async () => {
    const ws = createTrpcWsClient(baseUrl);
    closers.push(ws.close);
    const error = await new Promise<unknown>((resolve) => {
      const subscription = ws.client.notification.onSession.subscribe(undefined, { onError: resolve });
      closers.push(() => subscription.unsubscribe());
    });
    expect((error as { data?: { code?: string } }).data?.code).toBe('UNAUTHORIZED');
  });
});
