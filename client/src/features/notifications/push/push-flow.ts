import type { TPushApi, TPushSubscriptionJson } from './push-api';
import { base64UrlToUint8Array, isSameKey, isServerSubscribed, type TPushPermission } from './push-support';

/** The little of `PushSubscription` and `ServiceWorkerRegistration` the flows use, so tests can fake them. */
export type TPushSubscriptionLike = {
  endpoint: string;
  options?: { applicationServerKey?: ArrayBuffer | null };
  toJSON: () => TPushSubscriptionJson;
  unsubscribe: () => Promise<boolean>;
};
export type TPushRegistrationLike = {
  pushManager: {
    getSubscription: () => Promise<TPushSubscriptionLike | null>;
    subscribe: (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array<ArrayBuffer> }) => Promise<TPushSubscriptionLike>;
  };
};

export type TPushDeps = {
  isSupported: boolean;
  readPermission: () => TPushPermission;
  requestPermission: () => Promise<TPushPermission>;
  /** `shouldRegister`: register /sw.js if it is not yet (enabling); otherwise only look (on mount). */
  getRegistration: (shouldRegister: boolean) => Promise<TPushRegistrationLike | null>;
  api: TPushApi;
  readFlag: () => boolean;
  writeFlag: (isOn: boolean) => void;
};

export type TPushState = { permission: TPushPermission; isSubscribed: boolean };
/** What a toggle came to; the hook turns the failures into the messages of spec section 8. */
export type TPushOutcome =
  | { ok: true; state: TPushState }
  | { ok: false; reason: 'unsupported' | 'denied' | 'dismissed' | 'no-subscription'; state: TPushState }
  | { ok: false; reason: 'api-error'; error: unknown; state: TPushState };

const getSubscription = async (registration: TPushRegistrationLike | null): Promise<TPushSubscriptionLike | null> => {
  try {
    return (await registration?.pushManager.getSubscription()) ?? null;
  } catch {
    return null;
  }
};

/** The browser's subscription made with the server's key: the existing one, or a new one (after dropping a stale one). */
const subscribe = async (registration: TPushRegistrationLike, publicKey: string): Promise<TPushSubscriptionLike | null> => {
  const applicationServerKey = base64UrlToUint8Array(publicKey);
  const existing = await getSubscription(registration);
  if (existing && isSameKey(existing.options?.applicationServerKey, applicationServerKey)) return existing;
  try {
    await existing?.unsubscribe();
    return await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  } catch {
    // No push service reachable, or the browser refused: nothing to send to the server.
    return null;
  }
};

/** The state as the browser has it now, without asking the server. */
export const readPushState = async (deps: TPushDeps): Promise<TPushState> => {
  if (!deps.isSupported) return { permission: 'default', isSubscribed: false };
  const subscription = await getSubscription(await deps.getRegistration(false));
  return { permission: deps.readPermission(), isSubscribed: Boolean(subscription) && deps.readFlag() };
};

/** Turning push on (spec section 4): permission, subscription with the server's key, then the server keeps it. */
export const enablePush = async (deps: TPushDeps): Promise<TPushOutcome> => {
  const off = (permission: TPushPermission): TPushState => ({ permission, isSubscribed: false });
  if (!deps.isSupported) return { ok: false, reason: 'unsupported', state: off('default') };
  const permission = await deps.requestPermission();
  if (permission === 'denied') return { ok: false, reason: 'denied', state: off(permission) };
  if (permission !== 'granted') return { ok: false, reason: 'dismissed', state: off(permission) };
  const registration = await deps.getRegistration(true);
  if (!registration) return { ok: false, reason: 'no-subscription', state: off(permission) };
  let subscription: TPushSubscriptionLike | null;
  try {
    subscription = await subscribe(registration, await deps.api.getPublicKey());
  } catch (error) {
    return { ok: false, reason: 'api-error', error, state: off(permission) };
  }
  if (!subscription) return { ok: false, reason: 'no-subscription', state: off(permission) };
  try {
    await deps.api.add(subscription.toJSON());
  } catch (error) {
    // The server refused it (e.g. an unknown push service): a subscription nobody sends to is only clutter.
    await subscription.unsubscribe().catch(() => false);
    return { ok: false, reason: 'api-error', error, state: off(permission) };
  }
  deps.writeFlag(true);
  return { ok: true, state: { permission, isSubscribed: true } };
};

/** Turning push off: the server forgets the endpoint first, then the browser drops the subscription. */
export const disablePush = async (deps: TPushDeps): Promise<TPushOutcome> => {
  const permission = deps.isSupported ? deps.readPermission() : 'default';
  const subscription = deps.isSupported ? await getSubscription(await deps.getRegistration(false)) : null;
  if (!subscription) {
    deps.writeFlag(false);
    return { ok: false, reason: 'no-subscription', state: { permission, isSubscribed: false } };
  }
  try {
    await deps.api.remove(subscription.endpoint);
  } catch (error) {
    return { ok: false, reason: 'api-error', error, state: { permission, isSubscribed: true } };
  }
  await subscription.unsubscribe().catch(() => false);
  deps.writeFlag(false);
  return { ok: true, state: { permission, isSubscribed: false } };
};

/**
 * On showing the bell: when push is on here and the browser still holds the subscription, make sure the server
 * does too (it drops subscriptions the push service declared expired) and add it back if not. Failures stay
 * quiet: the next page load tries again.
 */
export const syncPush = async (deps: TPushDeps): Promise<TPushState> => {
  if (!deps.isSupported) return { permission: 'default', isSubscribed: false };
  const permission = deps.readPermission();
  const subscription = await getSubscription(await deps.getRegistration(false));
  const state = { permission, isSubscribed: Boolean(subscription) && deps.readFlag() };
  if (!subscription || !state.isSubscribed || permission !== 'granted') return state;
  try {
    if (!isServerSubscribed(await deps.api.check(subscription.endpoint))) await deps.api.add(subscription.toJSON());
  } catch {
    // Offline or the server is busy: nothing the user has to act on now; the next page load tries again.
  }
  return state;
};
