import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { MSG } from '../../../shared/messages';
import type { TJson, TSocketAck } from '../../../shared/realtime';
import type { TNotification, TUnreadCount } from '../../../shared/schemas/notifications';
import { publishToClients, topics } from '../../realtime/topics';
import { linkToken } from '../../testing/outbox';
import { connectSocket, useListeningApp, createTrpcWsClient } from '../../testing/realtime-clients';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();
const realtime = useListeningApp(t);

const PASSWORD = 'Segreta123';

const connect = (options: Parameters<typeof connectSocket>[1]) => realtime.connect(options, { online: false });

const signIn = async (email: string, role: 'admin' | 'corner' = 'corner') => {
  const { id } = await t.createUser({ email, password: PASSWORD, role });
  return { id, cookie: await t.login(email, PASSWORD) };
};

const notify = (userId: string, title: string) => t.app.services.notifications.notify('other', [userId], { title, text: 'testo' });

type TWireNotification = TJson<TNotification>;

describe('socket.io handshake at /ws/', () => {
  it('accepts the session cookie and says it is online', async () => {
    const corner = await signIn('corner@example.it');
    const socket = await connect({ cookie: corner.cookie });
    expect(await socket.waitFor('online')).toBe(true);
  });

  it('accepts the impersonation token as auth.token and acts as the impersonated user', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const corner = await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const { token } = (await t.app.inject({ method: 'POST', url: '/api/admin/auth/login-as', payload: { userId: corner.id }, headers: { cookie: admin.cookie } })).json();
    await notify(corner.id, 'per il corner');
    await notify(admin.id, 'per l’admin');
    // The admin's own cookie travels too: the token wins, as for HTTP.
    const socket = await connect({ token, cookie: admin.cookie });
    socket.socket.emit('ready');
    const list = await socket.waitFor<TWireNotification[]>('notifications');
    expect(list.map((item) => item.data.title)).toEqual(['per il corner']);
  });

  it('writes what an impersonating admin does over the socket to the audit log, with the admin’s id', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const corner = await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const { token } = (await t.app.inject({ method: 'POST', url: '/api/admin/auth/login-as', payload: { userId: corner.id }, headers: { cookie: admin.cookie } })).json();
    const [sent] = await notify(corner.id, 'da leggere');
    const socket = await connect({ token });
    const answer = await new Promise<TSocketAck<TUnreadCount>>((resolve) => socket.socket.emit('ackNotif', [sent!.notification.id], resolve));
    expect(answer).toEqual({ ok: true, data: { unread: 0 } });
    const refused = await new Promise<TSocketAck<TUnreadCount>>((resolve) => socket.socket.emit('ackNotif', ['non-un-id'] as never, resolve));
    expect(refused.ok).toBe(false);
    const entries = await t.database.db
      .selectFrom('audit_log')
      .select(['admin_id', 'user_id', 'method', 'path', 'status_code'])
      .where('method', '=', 'SOCKET')
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { admin_id: admin.id, user_id: corner.id, method: 'SOCKET', path: 'ackNotif', status_code: 200 },
      { admin_id: admin.id, user_id: corner.id, method: 'SOCKET', path: 'ackNotif', status_code: 400 },
    ]);
  });

  it('writes nothing to the audit log for a user acting as themselves', async () => {
    const corner = await signIn('corner@example.it');
    const [sent] = await notify(corner.id, 'da leggere');
    const socket = await connect({ cookie: corner.cookie });
    await new Promise((resolve) => socket.socket.emit('ackNotif', [sent!.notification.id], resolve));
    expect(await t.database.db.selectFrom('audit_log').selectAll().where('method', '=', 'SOCKET').execute()).toEqual([]);
  });

  it('refuses a connection without a session, with a forged cookie or token', async () => {
    for (const options of [{}, { cookie: 'sid=forged' }, { token: 'forged' }]) {
      const error = await connectSocket(realtime.baseUrl, options).catch((e: Error & { data?: unknown }) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe(MSG.unauthenticated);
      expect((error as { data?: unknown }).data).toMatchObject({ code: 'UNAUTHENTICATED', type: 'default' });
    }
  });

  it('refuses a browser on another origin, even its own Host, and accepts PUBLIC_URL', async () => {
    const corner = await signIn('corner@example.it');
    await expect(connectSocket(realtime.baseUrl, { cookie: corner.cookie, origin: 'https://evil.example' })).rejects.toThrow();
    await expect(connectSocket(realtime.baseUrl, { cookie: corner.cookie, origin: 'https://evil.example', transports: ['polling'] })).rejects.toThrow();
    const fromPublicUrl = await connect({ cookie: corner.cookie, origin: 'http://localhost:3000' });
    expect(fromPublicUrl.socket.connected).toBe(true);
    // The address the request was sent to is not PUBLIC_URL: a Host the sender chose proves nothing.
    await expect(connectSocket(realtime.baseUrl, { cookie: corner.cookie, origin: realtime.baseUrl })).rejects.toThrow();
  });

  it('works over long polling too (the fallback transport)', async () => {
    const corner = await signIn('corner@example.it');
    const socket = await connect({ cookie: corner.cookie, transports: ['polling'] });
    expect(socket.socket.io.engine.transport.name).toBe('polling');
    await notify(corner.id, 'via polling');
    expect((await socket.waitFor<TWireNotification>('notification')).data.title).toBe('via polling');
  });
});

describe('socket.io notification events', () => {
  it('answers ready with the recent notifications, newest first, dates as ISO strings', async () => {
    const corner = await signIn('corner@example.it');
    await notify(corner.id, 'prima');
    await notify(corner.id, 'seconda');
    const socket = await connect({ cookie: corner.cookie });
    socket.socket.emit('ready');
    const list = await socket.waitFor<TWireNotification[]>('notifications');
    expect(list.map((item) => item.data.title)).toEqual(['seconda', 'prima']);
    expect(list[0]).toEqual({ id: expect.any(String), createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), readAt: null, data: { title: 'seconda', text: 'testo' } });
  });

  it('delivers a notification raised through the service, live, to that user only', async () => {
    const corner = await signIn('corner@example.it');
    const other = await signIn('altro@example.it');
    const mine = await connect({ cookie: corner.cookie });
    const theirs = await connect({ cookie: other.cookie });
    const [sent] = await notify(corner.id, 'dal vivo');
    const received = await mine.waitFor<TWireNotification>('notification');
    expect(received).toEqual({ ...sent!.notification, createdAt: sent!.notification.createdAt.toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(theirs.events.filter((entry) => entry.event === 'notification')).toHaveLength(0);
  });

  it('delivers role notifications to the role’s sockets', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const corner = await signIn('corner@example.it');
    const adminSocket = await connect({ cookie: admin.cookie });
    const cornerSocket = await connect({ cookie: corner.cookie });
    await t.app.services.notifications.notify('other', { role: 'admin' }, { title: 'Solo admin', text: 'x' });
    expect((await adminSocket.waitFor<TWireNotification>('notification')).data.title).toBe('Solo admin');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(cornerSocket.events.filter((entry) => entry.event === 'notification')).toHaveLength(0);
  });

  it('marks the acknowledged notifications read (ackNotif), only the caller’s own', async () => {
    const corner = await signIn('corner@example.it');
    const other = await signIn('altro@example.it');
    const [first] = await notify(corner.id, 'uno');
    await notify(corner.id, 'due');
    const [foreign] = await notify(other.id, 'di un altro');
    const socket = await connect({ cookie: corner.cookie });
    const answer = await new Promise<TSocketAck<TUnreadCount>>((resolve) =>
      socket.socket.emit('ackNotif', [first!.notification.id, foreign!.notification.id], resolve),
    );
    expect(answer).toEqual({ ok: true, data: { unread: 1 } });
    const read = await t.database.db.selectFrom('notifications').select('id').where('read_at', 'is not', null).execute();
    expect(read.map((row) => String(row.id))).toEqual([first!.notification.id]);

    // A single id without acknowledgement works too; the client does not wait for it.
    const [third] = await notify(corner.id, 'tre');
    socket.socket.emit('ackNotif', third!.notification.id);
    await vi.waitFor(async () => {
      const row = await t.database.db.selectFrom('notifications').select('read_at').where('id', '=', third!.notification.id).executeTakeFirstOrThrow();
      expect(row.read_at).not.toBeNull();
    });
  });

  it('answers an invalid ackNotif with the error body', async () => {
    const corner = await signIn('corner@example.it');
    const socket = await connect({ cookie: corner.cookie });
    const answer = await new Promise<TSocketAck<TUnreadCount>>((resolve) => socket.socket.emit('ackNotif', ['x'], resolve));
    expect(answer).toEqual({ ok: false, error: expect.objectContaining({ code: 'VALIDATION', message: MSG.notificationIdInvalid, type: 'warn' }) });
  });

  it('relays one-time messages and the settings-sync signal published on the bus', async () => {
    const corner = await signIn('corner@example.it');
    await t.createUser({ email: 'broker@example.it', password: PASSWORD, role: 'broker' });
    const cornerSocket = await connect({ cookie: corner.cookie });
    const brokerSocket = await connect({ cookie: await t.login('broker@example.it', PASSWORD) });
    const message = { type: 'warn' as const, text: 'Manutenzione alle 22:00', timeout: 10 };
    await publishToClients(t.app.bus, topics.all, { event: 'onetimemessage', data: message });
    await publishToClients(t.app.bus, topics.role('corner'), { event: 'syncSettings', data: undefined });
    expect(await cornerSocket.waitFor('onetimemessage')).toEqual(message);
    expect(await brokerSocket.waitFor('onetimemessage')).toEqual(message);
    await cornerSocket.waitFor('syncSettings');
    expect(cornerSocket.events.find((entry) => entry.event === 'syncSettings')!.args).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(brokerSocket.events.some((entry) => entry.event === 'syncSettings')).toBe(false);
  });

  it('subscribes each topic once per process, whatever the number of sockets, and lets go when the last leaves', async () => {
    const corner = await signIn('corner@example.it');
    const userTopic = topics.user(corner.id);
    const original = t.app.bus.subscribe;
    const unsubscribed: string[] = [];
    const subscribe = vi.spyOn(t.app.bus, 'subscribe').mockImplementation((topic, handler) => {
      const unsubscribe = original(topic, handler);
      return () => {
        unsubscribed.push(topic);
        unsubscribe();
      };
    });
    const subscriptionsOf = (topic: string) => subscribe.mock.calls.filter(([called]) => called === topic).length;
    try {
      const first = await connect({ cookie: corner.cookie });
      const second = await connect({ cookie: corner.cookie });
      expect(subscriptionsOf(userTopic)).toBe(1);
      await notify(corner.id, 'a entrambi');
      await first.waitFor('notification');
      await second.waitFor('notification');

      first.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(unsubscribed).not.toContain(userTopic);
      second.close();
      await vi.waitFor(() => expect(unsubscribed).toContain(userTopic));

      const third = await connect({ cookie: corner.cookie });
      expect(subscriptionsOf(userTopic)).toBe(2);
      await notify(corner.id, 'di nuovo');
      expect((await third.waitFor<TWireNotification>('notification')).data.title).toBe('di nuovo');
    } finally {
      subscribe.mockRestore();
    }
  });
});

describe('sessions that end', () => {
  it('logout disconnects the sockets of that session only', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const laptop = await t.login('corner@example.it', PASSWORD);
    const phone = await t.login('corner@example.it', PASSWORD);
    const laptopSocket = await connect({ cookie: laptop });
    const phoneSocket = await connect({ cookie: phone });
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: laptop } });
    expect(response.statusCode).toBe(200);
    expect(await laptopSocket.disconnected).toBe('io server disconnect');
    expect(phoneSocket.socket.connected).toBe(true);
    await expect(connectSocket(realtime.baseUrl, { cookie: laptop })).rejects.toThrow(MSG.unauthenticated);
  });

  it('a password change disconnects the user’s other sessions but keeps the current one', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const current = await t.login('corner@example.it', PASSWORD);
    const other = await t.login('corner@example.it', PASSWORD);
    const currentSocket = await connect({ cookie: current });
    const otherSocket = await connect({ cookie: other });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-password',
      payload: { password: 'NuovaSegreta1', confirmPassword: 'NuovaSegreta1' },
      headers: { cookie: current },
    });
    expect(response.statusCode).toBe(200);
    expect(await otherSocket.disconnected).toBe('io server disconnect');
    expect(currentSocket.socket.connected).toBe(true);
  });

  it('a password reset from the e-mailed link disconnects every socket of the user', async () => {
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const socket = await connect({ cookie: await t.login('corner@example.it', PASSWORD) });
    await t.app.inject({ method: 'POST', url: '/api/auth/recover-password', payload: { email: 'corner@example.it' } });
    const [mail] = await t.readMails();
    const token = linkToken(mail!.body, 'token');
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'NuovaSegreta1', confirmPassword: 'NuovaSegreta1' } });
    expect(response.statusCode).toBe(200);
    expect(await socket.disconnected).toBe('io server disconnect');
  });
});

describe('socket.io beside the tRPC WebSocket', () => {
  it('leaves /trpc upgrades to tRPC while sockets are connected at /ws/', async () => {
    const corner = await signIn('corner@example.it');
    const socket = await connect({ cookie: corner.cookie });
    const trpc = createTrpcWsClient(realtime.baseUrl, { cookie: corner.cookie });
    try {
      expect(await trpc.client.auth.me.query()).toEqual({ id: corner.id, role: 'corner', state: 'active' });
      await notify(corner.id, 'ancora qui');
      expect((await socket.waitFor<TWireNotification>('notification')).data.title).toBe('ancora qui');
    } finally {
      trpc.close();
    }
  });

  it('refuses a /trpc WebSocket opened from another origin', async () => {
    const corner = await signIn('corner@example.it');
    const status = await new Promise<number | string>((resolve) => {
      const ws = new WebSocket(`${realtime.baseUrl.replace('http', 'ws')}/trpc`, { headers: { cookie: corner.cookie, origin: 'https://evil.example' } });
      ws.on('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        ws.terminate();
      });
      ws.on('open', () => {
        resolve('open');
        ws.close();
      });
      ws.on('error', () => undefined);
    });
    expect(status).toBe(403);
  });
});
