import { describe, expect, it, vi } from 'vitest';
import { disablePush, enablePush, syncPush, type TPushDeps, type TPushSubscriptionLike } from './push-flow';
import type { TPushPermission } from './push-support';

const PUBLIC_KEY = Buffer.from(Uint8Array.from([4, 9, 9, 9])).toString('base64url');

const fakeSubscription = (endpoint = 'https://fcm.googleapis.com/fcm/send/abc', key = [4, 9, 9, 9]): TPushSubscriptionLike => ({
  endpoint,
  options: { applicationServerKey: Uint8Array.from(key).buffer },
  toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
  unsubscribe: vi.fn(async () => true),
});

/** A browser and a server in memory: what was called, and with what, can be asserted. */
const setup = (options: { permission?: TPushPermission; answer?: TPushPermission; existing?: TPushSubscriptionLike | null; flag?: boolean } = {}) => {
  let flag = options.flag ?? false;
  let current = options.existing ?? null;
  const subscribe = vi.fn(async () => {
    current = fakeSubscription('https://fcm.googleapis.com/fcm/send/new');
    return current;
  });
  const api = {
    getPublicKey: vi.fn(async () => PUBLIC_KEY),
    check: vi.fn(async (_endpoint: string): Promise<unknown> => 'YES'),
    add: vi.fn(async (_subscription: unknown): Promise<unknown> => ({ ok: true })),
    remove: vi.fn(async (_endpoint: string): Promise<unknown> => ({ ok: true })),
  };
  const deps: TPushDeps = {
    isSupported: true,
    readPermission: () => options.permission ?? 'granted',
    requestPermission: vi.fn(async () => options.answer ?? 'granted'),
    getRegistration: async () => ({ pushManager: { getSubscription: async () => current, subscribe } }),
    api,
    readFlag: () => flag,
    writeFlag: (isOn) => {
      flag = isOn;
    },
  };
  return { deps, api, subscribe, flag: () => flag };
};

describe('enablePush', () => {
  it('asks permission, subscribes with the decoded server key, sends the subscription and remembers YES', async () => {
    const { deps, api, subscribe, flag } = setup();
    const outcome = await enablePush(deps);
    expect(outcome).toEqual({ ok: true, state: { permission: 'granted', isSubscribed: true } });
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: Uint8Array.from([4, 9, 9, 9]) });
    expect(api.add).toHaveBeenCalledWith({ endpoint: 'https://fcm.googleapis.com/fcm/send/new', expirationTime: null, keys: { p256dh: 'p', auth: 'a' } });
    expect(flag()).toBe(true);
  });

  it('reuses a subscription made with the same key, and replaces one made with another key', async () => {
    const same = setup({ existing: fakeSubscription() });
    await enablePush(same.deps);
    expect(same.subscribe).not.toHaveBeenCalled();
    expect(same.api.add).toHaveBeenCalledWith(expect.objectContaining({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }));

    const stale = fakeSubscription('https://fcm.googleapis.com/fcm/send/old', [4, 1, 1, 1]);
    const rotated = setup({ existing: stale });
    await enablePush(rotated.deps);
    expect(stale.unsubscribe).toHaveBeenCalled();
    expect(rotated.api.add).toHaveBeenCalledWith(expect.objectContaining({ endpoint: 'https://fcm.googleapis.com/fcm/send/new' }));
  });

  it('stops at a denied permission, and quietly at a dismissed prompt, without subscribing', async () => {
    const denied = setup({ answer: 'denied' });
    expect(await enablePush(denied.deps)).toMatchObject({ ok: false, reason: 'denied', state: { permission: 'denied', isSubscribed: false } });
    expect(denied.subscribe).not.toHaveBeenCalled();
    const dismissed = setup({ answer: 'default' });
    expect(await enablePush(dismissed.deps)).toMatchObject({ ok: false, reason: 'dismissed' });
    expect(dismissed.flag()).toBe(false);
  });

  it('reports no subscription when the push service cannot be reached', async () => {
    const { deps, api, subscribe } = setup();
    subscribe.mockRejectedValueOnce(new DOMException('Registration failed', 'AbortError'));
    expect(await enablePush(deps)).toMatchObject({ ok: false, reason: 'no-subscription' });
    expect(api.add).not.toHaveBeenCalled();
  });

  it('unsubscribes again when the server refuses the subscription, and passes its error on', async () => {
    const existing = fakeSubscription();
    const { deps, api, flag } = setup({ existing });
    const refusal = new Error('Servizio push non riconosciuto.');
    api.add.mockRejectedValueOnce(refusal);
    expect(await enablePush(deps)).toEqual({ ok: false, reason: 'api-error', error: refusal, state: { permission: 'granted', isSubscribed: false } });
    expect(existing.unsubscribe).toHaveBeenCalled();
    expect(flag()).toBe(false);
  });

  it('says unsupported without touching anything in a browser without push', async () => {
    const { deps } = setup();
    expect(await enablePush({ ...deps, isSupported: false })).toMatchObject({ ok: false, reason: 'unsupported' });
    expect(deps.requestPermission).not.toHaveBeenCalled();
  });
});

describe('disablePush', () => {
  it('deletes the endpoint on the server, then unsubscribes and remembers NO', async () => {
    const existing = fakeSubscription();
    const { deps, api, flag } = setup({ existing, flag: true });
    expect(await disablePush(deps)).toEqual({ ok: true, state: { permission: 'granted', isSubscribed: false } });
    expect(api.remove).toHaveBeenCalledWith('https://fcm.googleapis.com/fcm/send/abc');
    expect(existing.unsubscribe).toHaveBeenCalled();
    expect(flag()).toBe(false);
  });

  it('reports no subscription to act on, and remembers NO', async () => {
    const { deps, api, flag } = setup({ flag: true });
    expect(await disablePush(deps)).toMatchObject({ ok: false, reason: 'no-subscription' });
    expect(api.remove).not.toHaveBeenCalled();
    expect(flag()).toBe(false);
  });

  it('keeps the subscription when the server could not delete it', async () => {
    const existing = fakeSubscription();
    const { deps, api, flag } = setup({ existing, flag: true });
    api.remove.mockRejectedValueOnce(new Error('down'));
    expect(await disablePush(deps)).toMatchObject({ ok: false, reason: 'api-error', state: { isSubscribed: true } });
    expect(existing.unsubscribe).not.toHaveBeenCalled();
    expect(flag()).toBe(true);
  });
});

describe('syncPush', () => {
  it('adds the subscription back when the server no longer holds it', async () => {
    const { deps, api } = setup({ existing: fakeSubscription(), flag: true });
    api.check.mockResolvedValueOnce('NO');
    expect(await syncPush(deps)).toEqual({ permission: 'granted', isSubscribed: true });
    expect(api.check).toHaveBeenCalledWith('https://fcm.googleapis.com/fcm/send/abc');
    expect(api.add).toHaveBeenCalledWith(expect.objectContaining({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }));
  });

  it('leaves a subscription the server holds alone', async () => {
    const { deps, api } = setup({ existing: fakeSubscription(), flag: true });
    await syncPush(deps);
    expect(api.check).toHaveBeenCalledTimes(1);
    expect(api.add).not.toHaveBeenCalled();
  });

  it('asks the server nothing when push was not turned on here, or there is no subscription', async () => {
    const off = setup({ existing: fakeSubscription(), flag: false });
    expect(await syncPush(off.deps)).toEqual({ permission: 'granted', isSubscribed: false });
    const gone = setup({ flag: true });
    expect(await syncPush(gone.deps)).toEqual({ permission: 'granted', isSubscribed: false });
    expect([...off.api.check.mock.calls, ...gone.api.check.mock.calls]).toEqual([]);
  });

  it('stays quiet when the server cannot be reached', async () => {
    const { deps, api } = setup({ existing: fakeSubscription(), flag: true });
    api.check.mockRejectedValueOnce(new Error('Network error'));
    expect(await syncPush(deps)).toEqual({ permission: 'granted', isSubscribed: true });
  });
});
