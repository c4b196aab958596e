import { registerServiceWorker } from '../../../lib/service-worker';
import type { TPushApi } from './push-api';
import type { TPushDeps, TPushRegistrationLike } from './push-flow';
import { isPushSupported, readPushEnvironment, readPushFlag, writePushFlag, type TPushPermission } from './push-support';

/** How long to wait for /sw.js to become active before giving up on subscribing. */
const WORKER_READY_TIMEOUT_MS = 10_000;

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T | null> =>
  Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);

/**
 * The registration of /sw.js (the shell registers it once signed in). Subscribing needs an active worker, so
 * when enabling it waits for one; on mount it only looks.
 */
const getRegistration = async (shouldRegister: boolean): Promise<TPushRegistrationLike | null> => {
  try {
    const existing = (await navigator.serviceWorker.getRegistration('/')) ?? (shouldRegister ? await registerServiceWorker() : null);
    if (!existing) return null;
    if (existing.active) return existing;
    return shouldRegister ? await withTimeout(navigator.serviceWorker.ready, WORKER_READY_TIMEOUT_MS) : null;
  } catch {
    return null;
  }
};

const readPermission = (): TPushPermission => Notification.permission;

const requestPermission = async (): Promise<TPushPermission> => {
  try {
    return await Notification.requestPermission();
  } catch {
    return readPermission();
  }
};

/** The flows of push-flow.ts wired to this browser and the server's push procedures. */
export const createBrowserPushDeps = (api: TPushApi): TPushDeps => ({
  isSupported: isPushSupported(readPushEnvironment()),
  readPermission,
  requestPermission,
  getRegistration,
  api,
  readFlag: readPushFlag,
  writeFlag: writePushFlag,
});
