import webpush from 'web-push';
import { MSG } from '../../../shared/messages';
import type {
  TAddPushSubscriptionRequest,
  TCheckSubscriptionAnswer,
  TNotificationKind,
  TPushEndpointRequest,
  TPushPayload,
  TPushPublicKey,
} from '../../../shared/schemas/notifications';
import type { TDb } from '../../db/database';
import { loadOrCreateSecret } from '../../platform/app-secrets';
import type { TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import * as subscriptions from './push-subscriptions.repository';

/**
 * Web push (spec section 7): VAPID keys, the browsers' subscriptions and delivery with the `web-push` library.
 *
 * - Keys come from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or are generated once and stored in `app_secrets`, which
 *   every instance reads (the first instance to insert wins).
 * - A subscription belongs to the session that made it: when that session ends (logout, password change,
 *   expiry) the browser stops receiving pushes.
 * - Only endpoints on the browsers' push services are accepted, so the server never sends a request to an address
 *   a user chose.
 * - A push service answering 404 or 410 means the subscription is gone: it is removed.
 */

/** Push services of the browsers we support: Chrome/Edge/Opera/Samsung (FCM), Firefox (Mozilla), Edge legacy (WNS), Safari (Apple). */
const PUSH_HOSTS = new Set(['fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com']);
const PUSH_HOST_SUFFIXES = ['.push.services.mozilla.com', '.notify.windows.com', '.push.apple.com'];

export const isKnownPushEndpoint = (endpoint: string): boolean => {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || (url.port !== '' && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_HOSTS.has(host) || PUSH_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix) && host.length > suffix.length);
};

export type TPushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };
export type TPushSendOptions = { vapidDetails: { subject: string; publicKey: string; privateKey: string }; TTL: number; timeout: number; urgency: 'normal' };
/** Sends one push; answers the push service's status (a non-2xx status is an answer, not a throw). Throws on network errors. */
export type TPushTransport = (target: TPushTarget, payload: string, options: TPushSendOptions) => Promise<{ statusCode: number }>;

const webPushTransport: TPushTransport = async (target, payload, options) => {
  try {
    const result = await webpush.sendNotification(target, payload, options);
    return { statusCode: result.statusCode };
  } catch (error) {
    if (error instanceof webpush.WebPushError) return { statusCode: error.statusCode };
    throw error;
  }
};

const VAPID_SECRET_KEY = 'vapid';
/** Most subscriptions a user keeps (browsers and devices); the oldest go first. */
const MAX_SUBSCRIPTIONS_PER_USER = 20;
/** Pushes sent at once by one delivery. */
const DELIVERY_CONCURRENCY = 8;
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

type TVapidKeys = { publicKey: string; privateKey: string };

const loadOrCreateVapidKeys = (db: TDb): Promise<TVapidKeys> =>
  loadOrCreateSecret(db, VAPID_SECRET_KEY, () => webpush.generateVAPIDKeys(), (stored) => {
    const value = stored as Partial<TVapidKeys> | null;
    return value?.publicKey && value.privateKey ? { publicKey: value.publicKey, privateKey: value.privateKey } : null;
  });

export type TWebPushOptions = { transport?: TPushTransport };

export const createWebPush = ({ db, config, logger }: Pick<TServiceDeps, 'db' | 'config' | 'logger'>, options: TWebPushOptions = {}) => {
  const transport = options.transport ?? webPushTransport;
  let keys: Promise<TVapidKeys> | null = null;
  const vapidKeys = () => {
    keys ??= (config.vapid ? Promise.resolve({ publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey }) : loadOrCreateVapidKeys(db)).catch(
      (error: unknown) => {
        keys = null;
        throw error;
      },
    );
    return keys;
  };

  const sendOne = async (subscription: { id: string; endpoint: string; p256dh: string; auth: string }, payload: string, vapid: TVapidKeys) => {
    const options: TPushSendOptions = {
      vapidDetails: { subject: config.vapidSubject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: PUSH_TTL_SECONDS,
      timeout: PUSH_TIMEOUT_MS,
      urgency: 'normal',
    };
    let statusCode: number;
    try {
      ({ statusCode } = await transport({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, options));
    } catch (error) {
      logger.warn({ err: error, subscription: subscription.id }, 'push non consegnato (rete)');
      statusCode = 0;
    }
    if (statusCode === 404 || statusCode === 410) {
      await subscriptions.deleteSubscription(db, subscription.id);
      return 'removed' as const;
    }
    if (statusCode >= 200 && statusCode < 300) {
      await subscriptions.markPushSent(db, subscription.id);
      return 'sent' as const;
    }
    if (statusCode !== 0) logger.warn({ statusCode, subscription: subscription.id }, 'push rifiutato dal servizio');
    await subscriptions.countPushFailure(db, subscription.id);
    return 'failed' as const;
  };

  return {
    /** The public VAPID key the browser subscribes with (base64url). */
    publicKey: async (ctx: TRequestContext): Promise<TPushPublicKey> => {
      requireActor(ctx);
      return { publicKey: (await vapidKeys()).publicKey };
    },

    /** YES when the caller's session holds this subscription (a browser checks that the server still has it). */
    check: async (ctx: TRequestContext, input: TPushEndpointRequest): Promise<TCheckSubscriptionAnswer> => {
      const actor = requireActor(ctx);
      return (await subscriptions.hasSessionSubscription(db, input.endpoint, actor)) ? 'YES' : 'NO';
    },

    /**
     * Stores the browser's subscription for the caller's session (an endpoint the caller already stored moves to it;
     * one stored by another user is refused). Refused
     * while impersonating: the admin's browser must not receive the user's pushes.
     */
    add: async (ctx: TRequestContext, input: TAddPushSubscriptionRequest): Promise<{ ok: true }> => {
      const actor = requireActor(ctx);
      if (actor.impersonatorId) throw new AppError('FORBIDDEN', { userMessage: MSG.pushWhileImpersonating });
      const { endpoint, keys: subscriptionKeys, expirationTime } = input.subscription;
      if (!isKnownPushEndpoint(endpoint)) {
        throw new AppError('VALIDATION', { userMessage: MSG.pushServiceUnknown, fields: { 'subscription.endpoint': [MSG.pushServiceUnknown] } });
      }
      const values = {
        user_id: actor.userId,
        session_id: actor.sessionId,
        p256dh: subscriptionKeys.p256dh,
        auth: subscriptionKeys.auth,
        expiration_time: expirationTime ? new Date(expirationTime) : null,
        user_agent: ctx.userAgent?.slice(0, 300) ?? null,
        failures: 0,
      };
      await db.transaction().execute(async (trx) => {
        // An endpoint stays with the user who stored it first: another session of that user takes it over, another
        // user is refused (the browser's previous user logged out, which removed it, or it is not theirs).
        if (!(await subscriptions.upsertSubscription(trx, endpoint, values))) throw new AppError('CONFLICT', { userMessage: MSG.pushEndpointTaken });
        await subscriptions.trimSubscriptions(trx, actor.userId, MAX_SUBSCRIPTIONS_PER_USER);
      });
      return { ok: true };
    },

    /** Forgets the caller's subscription with this endpoint (another user's is left alone). */
    remove: async (ctx: TRequestContext, input: TPushEndpointRequest): Promise<{ ok: true }> => {
      const actor = requireActor(ctx);
      await subscriptions.deleteUserSubscription(db, input.endpoint, actor.userId);
      return { ok: true };
    },

    /**
     * Pushes each stored notification to the live-session subscriptions of its user, for users who turned web push
     * on for `kind`. Never throws: a push is a courtesy, the notification is already stored.
     */
    deliver: async (kind: TNotificationKind, items: readonly { userId: string; payload: TPushPayload }[]) => {
      const counts = { sent: 0, removed: 0, failed: 0 };
      if (items.length === 0) return counts;
      try {
        const deliverable = await subscriptions.listDeliverableSubscriptions(db, kind, [...new Set(items.map((item) => item.userId))]);
        if (deliverable.length === 0) return counts;
        const vapid = await vapidKeys();
        const payloads = new Map(items.map((item) => [item.userId, JSON.stringify(item.payload)]));
        const queue = [...deliverable];
        const worker = async () => {
          for (let next = queue.shift(); next; next = queue.shift()) {
            const payload = payloads.get(next.user_id);
            if (payload) counts[await sendOne(next, payload, vapid)] += 1;
          }
        };
        await Promise.all(Array.from({ length: Math.min(DELIVERY_CONCURRENCY, queue.length) }, worker));
      } catch (error) {
        logger.error({ err: error, kind }, 'consegna push non riuscita');
      }
      return counts;
    },
  };
};

export type TWebPush = ReturnType<typeof createWebPush>;
