import { z } from 'zod';
import { MSG } from '../messages';
import { SECTOR_LIST, type TSector, type TSectorKind } from '../sectors';
import { hasControlChars, zText } from './common';

/** Events a notification can be about; the keys of the notification preferences (spec section 3). */
export const NOTIFICATION_GENERAL_KINDS = [
  'new_payment_request',
  'new_user',
  'new_broker',
  'user_update',
  'new_referral',
  'other',
  'new_payment',
  'new_ref_payment',
  'ne_payment_confirm',
] as const;
/** The events of a sector, by its kind: utilities (gpl_, lg_) have only create and update (spec section 3). */
export const SECTOR_EVENTS_BY_KIND = {
  insurance: ['create', 'update', 'newquotation', 'updatequotation', 'emission', 'history'],
  utility: ['create', 'update'],
} as const satisfies Record<TSectorKind, readonly string[]>;
type TSectorNotificationKind<S extends TSector> = S extends TSector ? `${S['eventPrefix']}_${(typeof SECTOR_EVENTS_BY_KIND)[S['kind']][number]}` : never;
/** The notification keys of one sector: its event prefix and the events of its kind. */
export const sectorNotificationKinds = <S extends TSector>(sector: S): TSectorNotificationKind<S>[] =>
  SECTOR_EVENTS_BY_KIND[sector.kind].map((event) => `${sector.eventPrefix}_${event}` as TSectorNotificationKind<S>);
const SECTOR_KINDS = SECTOR_LIST.flatMap(sectorNotificationKinds);
export const NOTIFICATION_KINDS = [...NOTIFICATION_GENERAL_KINDS, ...SECTOR_KINDS] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How many notifications the bell shows, and the default page size of the list. */
export const NOTIFICATIONS_RECENT_LIMIT = 20;

/** What a notification says (spec section 3): text is one paragraph or a list of them. */
export const ZNotificationData = z.object({
  title: z.string().min(1).max(200),
  text: z.union([z.string().max(4000), z.array(z.string().max(2000)).max(50)]),
  link: z.string().max(1000).optional(),
  textLink: z.string().max(200).optional(),
});
export type TNotificationData = z.infer<typeof ZNotificationData>;

export const ZNotification = z.object({
  id: z.string(),
  createdAt: z.date(),
  readAt: z.date().nullable(),
  data: ZNotificationData,
});
export type TNotification = z.infer<typeof ZNotification>;

/** Notification ids are positive integers, sent as strings. */
export const ZNotificationId = z.string({ error: MSG.notificationIdInvalid }).regex(/^[1-9]\d{0,17}$/, { error: MSG.notificationIdInvalid });

/** Query of GET /api/notification: newest first, pages from 1. */
export const ZListNotificationsQuery = z.object({
  page: z.coerce.number({ error: 'Pagina non valida.' }).int().min(1).default(1),
  limit: z.coerce.number({ error: 'Limite non valido.' }).int().min(1).max(100).default(NOTIFICATIONS_RECENT_LIMIT),
});
export type TListNotificationsQuery = z.infer<typeof ZListNotificationsQuery>;

export const ZNotificationList = z.object({ list: z.array(ZNotification), total: z.number().int(), unread: z.number().int() });
export type TNotificationList = z.infer<typeof ZNotificationList>;

/** Body of POST /api/notification/read; the socket's `ackNotif` sends the ids alone, one or a list. */
export const ZMarkNotificationsReadRequest = z.object({ ids: z.array(ZNotificationId).min(1, { error: MSG.required }).max(500) });
export type TMarkNotificationsReadRequest = z.infer<typeof ZMarkNotificationsReadRequest>;
export const ZAckNotifPayload = z.union([ZNotificationId.transform((id) => [id]), ZMarkNotificationsReadRequest.shape.ids]);

export const ZUnreadCount = z.object({ unread: z.number().int() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

/** Input of the tRPC subscription: the id of the last notification seen, to replay what came after it. */
export const ZOnNotificationInput = z.object({ lastEventId: z.string().nullish() }).optional();

/** A notice shown once (spec section 4): type, text and an optional timeout in seconds. */
export const ONE_TIME_MESSAGE_TYPES = ['success', 'warn', 'error', 'info'] as const;
export const ZOneTimeMessage = z.object({
  type: z.enum(ONE_TIME_MESSAGE_TYPES, { error: 'Tipo di messaggio non valido.' }),
  text: zText({ error: 'Il testo è obbligatorio.' }).trim().min(1, { error: 'Il testo è obbligatorio.' }).max(500, { error: 'Il testo può avere al massimo 500 caratteri.' }),
  timeout: z.number({ error: 'Durata non valida.' }).int({ error: 'Durata non valida.' }).min(1, { error: 'La durata va da 1 a 120 secondi.' }).max(120, { error: 'La durata va da 1 a 120 secondi.' }).optional(),
});
export type TOneTimeMessage = z.infer<typeof ZOneTimeMessage>;

/** Body of POST /api/admin/onetime-message: to one user, or without userId to everyone connected. */
export const ZOneTimeMessageRequest = ZOneTimeMessage.extend({
  userId: z.uuid({ error: 'Utente non valido.' }).optional(),
});
export type TOneTimeMessageRequest = z.infer<typeof ZOneTimeMessageRequest>;
export const ZOneTimeMessageResponse = z.object({ sent: z.literal(true) });

/** Per-event flags of GET /api/notification/preference (spec section 3): only the keys the caller may see. */
export const ZNotificationFlags = z.object({ email: z.boolean(), webpush: z.boolean() });
export const ZNotificationPreferences = z.record(z.string(), ZNotificationFlags);
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

/** Body of PATCH /api/notification/preference: one flag of one event key. */
export const ZUpdateNotificationPreferenceRequest = z.object({
  pref: z.enum(NOTIFICATION_KINDS, { error: 'Evento di notifica sconosciuto.' }),
  key: z.enum(['email', 'webpush'], { error: 'Canale non valido: email o webpush.' }),
  val: z.boolean({ error: 'Il valore deve essere vero o falso.' }),
});
export type TUpdateNotificationPreferenceRequest = z.infer<typeof ZUpdateNotificationPreferenceRequest>;

/** Web push (spec section 7). An endpoint is the push service URL of one browser subscription. */
export const ZPushEndpoint = z
  .url({ error: MSG.pushEndpointInvalid })
  .max(2048, { error: MSG.pushEndpointInvalid })
  .refine((value) => !hasControlChars(value), { error: MSG.pushEndpointInvalid });
export const ZPushEndpointRequest = z.object({ endpoint: ZPushEndpoint });
export type TPushEndpointRequest = z.infer<typeof ZPushEndpointRequest>;

/** `PushSubscription.toJSON()` as browsers send it. Keys are base64url (p256dh: 65-byte point, auth: 16 bytes). */
export const ZPushSubscription = z.object({
  endpoint: ZPushEndpoint,
  expirationTime: z.number().int().nonnegative().nullish(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, { error: MSG.pushSubscriptionInvalid }),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, { error: MSG.pushSubscriptionInvalid }),
  }),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

export const ZAddPushSubscriptionRequest = z.object({ type: z.literal('webpush', { error: MSG.pushSubscriptionInvalid }), subscription: ZPushSubscription });
export type TAddPushSubscriptionRequest = z.infer<typeof ZAddPushSubscriptionRequest>;

/** Answer of adding or removing a push subscription. */
export const ZPushSubscriptionDone = z.object({ ok: z.literal(true) });

/** check-subscription answers YES when the caller holds that subscription, otherwise NO. */
export const ZCheckSubscriptionAnswer = z.enum(['YES', 'NO']);
export type TCheckSubscriptionAnswer = z.infer<typeof ZCheckSubscriptionAnswer>;

export const ZPushPublicKey = z.object({ publicKey: z.string() });
export type TPushPublicKey = z.infer<typeof ZPushPublicKey>;

/** What a push message carries to the service worker: the notification data and its id. */
export const ZPushPayload = ZNotificationData.extend({ id: z.string() });
export type TPushPayload = z.infer<typeof ZPushPayload>;
