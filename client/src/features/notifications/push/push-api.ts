import { http } from '../../../lib/http';

/** The subscription as `PushSubscription.toJSON()` gives it. */
export type TPushSubscriptionJson = { endpoint?: string; expirationTime?: number | null; keys?: Record<string, string> };

/** The server's side of web push (spec section 7, and the VAPID key the browser subscribes with). */
export type TPushApi = {
  getPublicKey: () => Promise<string>;
  /** True when the server holds this endpoint for the signed-in user. */
  check: (endpoint: string) => Promise<unknown>;
  add: (subscription: TPushSubscriptionJson) => Promise<unknown>;
  remove: (endpoint: string) => Promise<unknown>;
};

export const pushApi: TPushApi = {
  getPublicKey: async () => (await http.get<{ publicKey: string }>('/api/notification/push-key')).publicKey,
  // Answers the text YES or NO; the http helper hands a non-JSON body over as text.
  check: (endpoint) => http.post<unknown>('/api/notification/check-subscription', { endpoint }),
  add: (subscription) => http.post<{ ok: true }>('/api/notification/subscription/add', { type: 'webpush', subscription }),
  remove: (endpoint) => http.post<{ ok: true }>('/api/notification/subscription/delete', { endpoint }),
};
