import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TJson } from '../../shared/realtime';
import type { TNewMessageEvent } from '../../shared/schemas/chat';
import type { TNotification } from '../../shared/schemas/notifications';
import { connectSocket, createTrpcWsClient, type TTestSocket } from '../testing/realtime-clients';
import { useTestApp } from '../testing/test-app';
import { useTwoInstances } from '../testing/two-instances';

// Two instances behind a load balancer share one PostgreSQL database; PGlite is one process by design.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two server instances on one PostgreSQL database', () => {
  const t = useTestApp();
  const instances = useTwoInstances(t);

  const PASSWORD = 'Segreta123';
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  const connectTo = async (url: string, cookie: string): Promise<TTestSocket> => {
    const socket = await connectSocket(url, { cookie });
    cleanups.push(socket.close);
    return socket;
  };
  const signIn = async (email: string) => {
    const { id } = await t.createUser({ email, password: PASSWORD });
    return { id, cookie: await t.login(email, PASSWORD) };
  };

  it('a notification raised on instance A reaches a socket and a tRPC subscription on instance B', async () => {
    const corner = await signIn('corner@example.it');
    const socket = await connectTo(instances.urlB, corner.cookie);
    const trpc = createTrpcWsClient(instances.urlB, { cookie: corner.cookie });
    cleanups.push(trpc.close);
    const overTrpc: { id: string; data: TNotification }[] = [];
    await new Promise<void>((resolve) => {
      const subscription = trpc.client.notification.onNotification.subscribe({}, { onStarted: () => resolve(), onData: (event) => overTrpc.push(event) });
      cleanups.push(() => subscription.unsubscribe());
    });

    const [sent] = await t.app.services.notifications.notify('other', [corner.id], { title: 'Da A', text: 'per B' });
    const received = await socket.waitFor<TJson<TNotification>>('notification');
    expect(received).toEqual({ ...sent!.notification, createdAt: sent!.notification.createdAt.toISOString() });
    await vi.waitFor(() => expect(overTrpc).toEqual([{ id: sent!.notification.id, data: sent!.notification }]));
  });

  it('a chat message sent through instance A reaches the staff on instance B, and the staff’s reply comes back', async () => {
    const corner = await signIn('corner@example.it');
    const { id: adminId } = await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
    const adminCookie = await t.login('admin@example.it', PASSWORD);
    const cornerSocket = await connectTo(instances.urlA, corner.cookie);
    const adminSocket = await connectTo(instances.urlB, adminCookie);
    await adminSocket.waitFor('online');
    const roomId: string = (await t.app.inject({ method: 'POST', url: '/api/chat/staff/open', headers: { cookie: corner.cookie } })).json().id;

    const stored = await new Promise<{ id: string } | false>((resolve) => cornerSocket.socket.emit('message', { roomId, text: 'da A a B', clientId: 'multi-0001' }, resolve as never));
    expect(stored).not.toBe(false);
    const delivered = await adminSocket.waitFor<TJson<TNewMessageEvent>>('newMessage');
    expect(delivered.message).toMatchObject({ id: (stored as { id: string }).id, text: 'da A a B' });

    const reply = await new Promise<{ id: string } | false>((resolve) => adminSocket.socket.emit('message', { roomId, text: 'da B ad A' }, resolve as never));
    expect(reply).not.toBe(false);
    const back = await cornerSocket.waitFor<TJson<TNewMessageEvent>>('newMessage', (event) => event.message.text === 'da B ad A');
    expect(back.message.sender.id).toBe(adminId);
  });

  it('carries a notification larger than a NOTIFY payload across instances', async () => {
    const corner = await signIn('corner@example.it');
    const socket = await connectTo(instances.urlB, corner.cookie);
    const text = Array.from({ length: 20 }, (_, index) => `Paragrafo ${index}: ${'àèìòù '.repeat(100)}`);
    expect(Buffer.byteLength(JSON.stringify(text))).toBeGreaterThan(8_000);
    await t.app.services.notifications.notify('other', [corner.id], { title: 'Lunga', text });
    const received = await socket.waitFor<TJson<TNotification>>('notification');
    expect(received.data).toEqual({ title: 'Lunga', text });
    expect(await t.database.db.selectFrom('realtime_payloads').select('id').execute()).toHaveLength(1);
  });

  it('a logout on instance A disconnects the socket on B and ends the session in B’s cache at once', async () => {
    const corner = await signIn('corner@example.it');
    const socket = await connectTo(instances.urlB, corner.cookie);
    const me = () => instances.peer.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: corner.cookie } });
    expect((await me()).statusCode).toBe(200); // now cached on B for 5 s

    const loggedOutAt = Date.now();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: corner.cookie } })).statusCode).toBe(200);
    expect(await socket.disconnected).toBe('io server disconnect');
    await vi.waitFor(async () => expect((await me()).statusCode).toBe(401), { timeout: 2_000, interval: 20 });
    expect(Date.now() - loggedOutAt).toBeLessThan(2_000);
    await expect(connectSocket(instances.urlB, { cookie: corner.cookie })).rejects.toThrow();
  });

  it('a registration on instance B notifies an admin connected to instance A', async () => {
    await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
    const adminSocket = await connectTo(instances.urlA, await t.login('admin@example.it', PASSWORD));
    const response = await instances.peer.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { type: 'persona', name: 'Giulia', surname: 'Bianchi', email: 'giulia@example.it', phone: '+39 333 1234567', password: PASSWORD, confirmPassword: PASSWORD, privacy: true },
    });
    expect(response.statusCode).toBe(201);
    const received = await adminSocket.waitFor<TJson<TNotification>>('notification');
    expect(received.data.link).toBe('/admin/gestione-utenti?q=giulia%40example.it');
  });
});
