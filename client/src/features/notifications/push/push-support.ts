/**
 * The pure parts of web push (spec sections 4, 8 and 9): messages, the remembered flag, the VAPID key decoding
 * and what the bell shows. No browser API is touched at import time.
 */

/** Spec section 9: the push flag is remembered locally as YES or NO, next to the audio flag. */
export const NOTIFICATION_PUSH_STORAGE_KEY = 'notificationPush';
/** Spec section 9: the denied-permission toast stays 10 s. */
export const PUSH_DENIED_TOAST_MS = 10_000;

/** Spec section 8. */
export const PUSH_MESSAGES = {
  unsupported: 'Il tuo browser non supporta le notifiche push',
  denied: 'Hai bloccato le notifiche per questo sito. Per riattivarle, reimposta i permessi nelle impostazioni del browser.',
  noSubscription: "Errore durante l'aggiornamento dei dati.",
} as const;

export type TPushPermission = 'default' | 'granted' | 'denied';
/** What the bell's push switch shows. */
export type TPushStatus = 'unsupported' | 'denied' | 'on' | 'off';

export type TPushEnvironment = { hasServiceWorker: boolean; hasPushManager: boolean; hasNotification: boolean };

/** Web push needs a service worker, the Push API and the Notifications API, all three. */
export const isPushSupported = (environment: TPushEnvironment): boolean =>
  environment.hasServiceWorker && environment.hasPushManager && environment.hasNotification;

/** What this browser offers (false everywhere outside a browser, e.g. in unit tests). */
export const readPushEnvironment = (): TPushEnvironment => ({
  hasServiceWorker: typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
  hasPushManager: typeof window !== 'undefined' && 'PushManager' in window,
  hasNotification: typeof window !== 'undefined' && 'Notification' in window,
});

/**
 * Subscribed means both: the browser holds a subscription and the user turned push on here (YES). A denied
 * permission wins over a stale subscription, since nothing can be shown anyway.
 */
export const derivePushStatus = (state: { isSupported: boolean; permission: TPushPermission; isSubscribed: boolean }): TPushStatus => {
  if (!state.isSupported) return 'unsupported';
  if (state.permission === 'denied') return 'denied';
  return state.isSubscribed && state.permission === 'granted' ? 'on' : 'off';
};

/** A VAPID public key as the server sends it (base64url, padding optional) as the bytes `applicationServerKey` wants. */
export const base64UrlToUint8Array = (value: string): Uint8Array<ArrayBuffer> => {
  const base64 = value.trim().replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
};

/** Whether a subscription was made with this server key (a rotated key needs a new subscription). */
export const isSameKey = (current: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean => {
  if (!current) return true; // the browser does not tell: trust the subscription
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
};

/** POST /api/notification/check-subscription answers the text YES when the server holds the subscription. */
export const isServerSubscribed = (answer: unknown): boolean => typeof answer === 'string' && answer.trim().toUpperCase() === 'YES';

export const readPushFlag = (): boolean => {
  try {
    return window.localStorage.getItem(NOTIFICATION_PUSH_STORAGE_KEY) === 'YES';
  } catch {
    return false;
  }
};

export const writePushFlag = (isOn: boolean): void => {
  try {
    window.localStorage.setItem(NOTIFICATION_PUSH_STORAGE_KEY, isOn ? 'YES' : 'NO');
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
};
