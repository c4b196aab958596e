import type { TRPCClient } from '@trpc/client';
import type { TAddPushSubscriptionRequest } from '../../../../../shared/schemas/notifications';
import type { AppRouter } from '../../../../../server/trpc/app-router';

/** The subscription as `PushSubscription.toJSON()` gives it. */
export type TPushSubscriptionJson = { endpoint?: string; expirationTime?: number | null; keys?: Record<string, string> };

/** The server's side of web push (spec section 7, and the VAPID key the browser subscribes with). */
export type TPushApi = {
  getPublicKey: () => Promise<string>;
  /** YES when the server holds this endpoint for the signed-in user. */
  check: (endpoint: string) => Promise<unknown>;
  add: (subscription: TPushSubscriptionJson) => Promise<unknown>;
  remove: (endpoint: string) => Promise<unknown>;
};

/** `notification.push.*` of the typed contract; the server validates the subscription the browser made. */
export const createPushApi = (client: TRPCClient<AppRouter>): TPushApi => ({
  getPublicKey: async () => (await client.notification.push.publicKey.query()).publicKey,
  check: (endpoint) => client.notification.push.check.query({ endpoint }),
  add: (subscription) => client.notification.push.add.mutate({ type: 'webpush', subscription: subscription as TAddPushSubscriptionRequest['subscription'] }),
  remove: (endpoint) => client.notification.push.remove.mutate({ endpoint }),
});
