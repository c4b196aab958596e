import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { connectSocket, createTrpcHttpClient, createTrpcWsClient, until, useClosers, useListeningApp } from '../../testing/realtime-clients';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();
const live = useListeningApp(t);

const PASSWORD = 'Segreta123';
const closers = useClosers();

const signIn = async (email: string, role: 'admin' | 'corner' | 'broker' = 'corner') => {
  const { id } = await t.createUser({ email, password: PASSWORD, role, ...(role === 'broker' ? { brokerType: 'RC Auto' as const } : {}) });
  return { id, cookie: await t.login(email, PASSWORD) };
};

const httpClient = (cookie: string) => createTrpcHttpClient(live.baseUrl, cookie);


/** settings.onSync over a real tRPC WebSocket; resolves once the server started the subscription. */
const subscribeSync = async (cookie: string, lastEventId?: string | null) => {
  const ws = createTrpcWsClient(live.baseUrl, { cookie });
  closers.push(ws.close);
  const received: { id: string; data: { version: string } }[] = [];
  let failure: Error | undefined;
  await new Promise<void>((resolve) => {
    const subscription = ws.client.settings.onSync.subscribe(
      { lastEventId },
      {
        onStarted: () => resolve(),
        onData: (envelope) => received.push(envelope as (typeof received)[number]),
        onError: (error) => {
          failure = error;
          resolve();
        },
      },
    );
    closers.push(() => subscription.unsubscribe());
  });
  return { received, failure: () => failure };
};

describe('settings sync', () => {
  it('an admin’s change reaches socket.io (syncSettings) and tRPC (settings.onSync) clients, and the new value is served', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const corner = await signIn('corner@example.it');
    const socket = live.track(await connectSocket(live.baseUrl, { cookie: corner.cookie }));
    const sync = await subscribeSync(corner.cookie);

    const answer = await httpClient(admin.cookie).settings.update.mutate({ key: 'rcaDocs', value: [{ docType: 'libretto', label: 'Libretto', required: true }] });
    expect(answer.version).toMatch(/^\d+$/);

    await socket.waitFor('syncSettings');
    await until(() => sync.received.length === 1);
    expect(sync.received[0]).toEqual({ id: answer.version, data: { version: answer.version } });

    const settings = await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: corner.cookie } });
    expect(settings.json().rcaDocs).toEqual([{ docType: 'libretto', label: 'Libretto', required: true }]);
  });

  it('replays one sync to a client that reconnects after missing changes, and none when it is up to date', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const corner = await signIn('corner@example.it');
    const first = await httpClient(admin.cookie).settings.update.mutate({ key: 'aniaState', value: true });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await httpClient(admin.cookie).settings.update.mutate({ key: 'aniaState', value: false });
    expect(Number(second.version)).toBeGreaterThan(Number(first.version));

    const behind = await subscribeSync(corner.cookie, first.version);
    await until(() => behind.received.length === 1);
    expect(behind.received[0]!.id).toBe(second.version);

    const upToDate = await subscribeSync(corner.cookie, second.version);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(upToDate.received).toEqual([]);
  });

  it('only admins change settings; bad keys and values are refused and change nothing', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const corner = await signIn('corner@example.it');
    await expect(httpClient(corner.cookie).settings.update.mutate({ key: 'rcaDocs', value: [] })).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    await expect(httpClient(admin.cookie).settings.update.mutate({ key: 'nonEsiste', value: 1 })).rejects.toThrow(MSG.settingKeyInvalid);
    await expect(httpClient(admin.cookie).settings.update.mutate({ key: 'rcaDocs', value: 'x'.repeat(300 * 1024) })).rejects.toThrow(MSG.settingValueTooLarge);
    const stored = await t.database.db.selectFrom('settings').select('value').where('key', '=', 'rcaDocs').executeTakeFirst();
    expect(stored?.value).not.toEqual([]);
  });

  it('a per-user sync reaches only that user', async () => {
    const corner = await signIn('corner@example.it');
    const other = await signIn('altro@example.it');
    const mine = live.track(await connectSocket(live.baseUrl, { cookie: corner.cookie }));
    const theirs = live.track(await connectSocket(live.baseUrl, { cookie: other.cookie }));
    await t.app.services.settings.syncUser(corner.id);
    await mine.waitFor('syncSettings');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(theirs.events.some((event) => event.event === 'syncSettings')).toBe(false);
  });

  it('refuses a malformed lastEventId', async () => {
    const corner = await signIn('corner@example.it');
    const sync = await subscribeSync(corner.cookie, 'abc');
    expect(sync.failure()?.message).toBe(MSG.settingsVersionInvalid);
  });
});
