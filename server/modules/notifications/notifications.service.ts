import type { TBrokerType, TRole } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import {
  canChangeNotificationPreference,
  defaultNotificationFlags,
  notificationPreferenceRules,
  visibleNotificationKeys,
  type TPreferenceSubject,
} from '../../../shared/rules/notification-preferences';
import {
  ZNotificationId,
  type TNotificationPreferences,
  type TUpdateNotificationPreferenceRequest,
  type TListNotificationsQuery,
  type TMarkNotificationsReadRequest,
  type TNotification,
  type TNotificationData,
  type TNotificationKind,
  type TNotificationList,
  type TOneTimeMessage,
  type TUnreadCount,
} from '../../../shared/schemas/notifications';
import type { NotificationRow } from '../../db/types';
import type { TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { openBusStream } from '../../realtime/bus-stream';
import { endsSessionOf, SESSIONS_TOPIC } from '../../realtime/session-events';
import { isClientEvent, publishToClients, topics } from '../../realtime/topics';
import * as repo from './notifications.repository';
import { createWebPush, type TPushTransport } from './web-push';

/**
 * What the signed-in browser hears about its session besides notifications: one-time messages (spec section 4,
 * not stored, so never replayed) and the end of the session (logged out or revoked elsewhere), after which the
 * stream stops.
 */
export type TSessionEvent = { type: 'onetimemessage'; message: TOneTimeMessage } | { type: 'ended' };

/** Most notifications a subscription replays after its last event id; older ones are in the list. */
const REPLAY_LIMIT = 500;

const toNotification = (row: Pick<NotificationRow, 'id' | 'created_at' | 'read_at' | 'data'>): TNotification => ({
  id: String(row.id),
  createdAt: row.created_at,
  readAt: row.read_at,
  data: row.data as TNotificationData,
});

export type TNotificationsService = ReturnType<typeof createNotificationsService>;

/** The e-mail of a notification (Italian), linking to PUBLIC_URL + its link. */
export const notificationEmail = (publicUrl: string, data: TNotificationData): { subject: string; text: string } => {
  const paragraphs = Array.isArray(data.text) ? data.text : [data.text];
  const link = data.link ? `${data.textLink ?? MSG.notificationEmailOpen}: ${publicUrl}${data.link.startsWith('/') ? '' : '/'}${data.link}` : null;
  return {
    subject: `${MSG.notificationEmailSubject} ${data.title}`,
    text: [MSG.notificationEmailGreeting, data.title, ...paragraphs, ...(link ? [link] : []), MSG.notificationEmailFooter].join('\n\n'),
  };
};

export type TNotificationsHooks = {
  /** Called after a notification queued e-mails (the outbox worker sends them soon). */
  onEmailQueued?: () => void;
  /** How pushes leave (tests record them); the `web-push` library by default. */
  pushTransport?: TPushTransport;
};

export const createNotificationsService = ({ db, bus, logger, config }: TServiceDeps, hooks: TNotificationsHooks = {}) => {
  const push = createWebPush({ db, config, logger }, { transport: hooks.pushTransport });
  /** Pushes on their way: not awaited by `notify` (a slow push service must not slow the caller), awaited by `idle`. */
  const pushesInFlight = new Set<Promise<unknown>>();

  /**
   * Stores one notification of event `kind` per recipient (users by id, or every active user of a role), and in
   * the same transaction one e-mail per recipient with e-mail on for that event; then announces each to its
   * user's live connections on every instance. Stored first: a user offline now finds it in the list later.
   */
  const notify = async (
    kind: TNotificationKind,
    recipients: repo.TRecipients,
    data: TNotificationData,
  ): Promise<{ userId: string; notification: TNotification }[]> => {
    const { rows, queued } = await db.transaction().execute(async (trx) => {
      const inserted = await repo.insertNotifications(trx, recipients, kind, data);
      const emails = await repo.queueNotificationEmails(
        trx,
        inserted.map((row) => row.user_id),
        kind,
        defaultNotificationFlags(kind).email,
        notificationEmail(config.publicUrl, data),
      );
      return { rows: inserted, queued: emails };
    });
    if (queued > 0) hooks.onEmailQueued?.();
    const sent = rows.map((row) => ({ userId: row.user_id, notification: toNotification(row) }));
    const delivery = push.deliver(
      kind,
      sent.map(({ userId, notification }) => ({ userId, payload: { id: notification.id, ...notification.data } })),
    );
    pushesInFlight.add(delivery);
    void delivery.finally(() => pushesInFlight.delete(delivery));
    await Promise.all(
      sent.map(({ userId, notification }) =>
        publishToClients(bus, topics.user(userId), { event: 'notification', data: notification }).catch((error: unknown) =>
          logger.warn({ err: error, userId }, 'notifica salvata ma non annunciata in tempo reale'),
        ),
      ),
    );
    return sent;
  };

  const usersLink = (email: string) => `/admin/gestione-utenti?q=${encodeURIComponent(email)}`;

  const preferenceSubject = async (userId: string): Promise<TPreferenceSubject> => {
    const row = await repo.findPreferenceSubject(db, userId);
    if (!row) throw new AppError('UNAUTHENTICATED');
    return { role: row.role as TRole, brokerType: row.broker_type as TBrokerType | null };
  };

  return {
    notify,

    /** Resolves once the pushes started so far are done (shutdown and tests). */
    idle: async () => {
      while (pushesInFlight.size > 0) await Promise.allSettled([...pushesInFlight]);
    },

    /** Web push: the VAPID public key, and the caller's subscriptions (spec section 7). */
    pushPublicKey: push.publicKey,
    checkPushSubscription: push.check,
    addPushSubscription: push.add,
    deletePushSubscription: push.remove,

    /** Tells the admins that a corner registered (`new_user`), linking to the user management filtered on its e-mail. */
    notifyNewUser: (user: { email: string; name: string }) =>
      notify('new_user', { role: 'admin' }, {
        title: MSG.newUserTitle,
        text: [`${MSG.newUserIntro} ${user.name} (${user.email}).`, MSG.newUserText],
        link: usersLink(user.email),
        textLink: MSG.newUserLinkText,
      }),

    /** Tells the admins that a corner changed its profile (`user_update`). */
    notifyUserUpdate: (user: { email: string; name: string }) =>
      notify('user_update', { role: 'admin' }, {
        title: MSG.userUpdateTitle,
        text: `${MSG.userUpdateIntro} ${user.name} (${user.email}).`,
        link: usersLink(user.email),
        textLink: MSG.openUserLinkText,
      }),

    /** Tells the admins that an admin created a broker (`new_broker`). */
    notifyNewBroker: (broker: { email: string; name: string; brokerType: string | null }) =>
      notify('new_broker', { role: 'admin' }, {
        title: MSG.newBrokerTitle,
        text: `${MSG.newBrokerIntro} ${broker.name} (${broker.email})${broker.brokerType ? `, ${broker.brokerType}` : ''}.`,
        link: usersLink(broker.email),
        textLink: MSG.openUserLinkText,
      }),

    /** GET /api/notification/preference: the flags of every key the caller sees (defaults where never changed). */
    getPreferences: async (ctx: TRequestContext): Promise<TNotificationPreferences> => {
      const actor = requireActor(ctx);
      const subject = await preferenceSubject(actor.userId);
      if (!notificationPreferenceRules(subject).canOpen) throw new AppError('FORBIDDEN', { userMessage: MSG.notificationPreferencesUnavailable });
      const stored = new Map((await repo.listPreferences(db, actor.userId)).map((row) => [row.key, { email: row.email, webpush: row.webpush }]));
      return Object.fromEntries(visibleNotificationKeys(subject).map((key) => [key, stored.get(key) ?? defaultNotificationFlags(key)]));
    },

    /** PATCH /api/notification/preference: one flag of one key, among those the caller may change. */
    updatePreference: async (ctx: TRequestContext, input: TUpdateNotificationPreferenceRequest): Promise<{ email: boolean; webpush: boolean }> => {
      const actor = requireActor(ctx);
      const subject = await preferenceSubject(actor.userId);
      if (!canChangeNotificationPreference(subject, input.pref)) throw new AppError('FORBIDDEN', { userMessage: MSG.notificationPreferenceForbidden });
      const current = (await repo.listPreferences(db, actor.userId)).find((row) => row.key === input.pref);
      const flags = { ...(current ? { email: current.email, webpush: current.webpush } : defaultNotificationFlags(input.pref)), [input.key]: input.val };
      await repo.upsertPreference(db, actor.userId, input.pref, flags);
      return flags;
    },

    /** GET /api/notification: the caller's notifications, newest first, with the total and the unread count. */
    list: async (ctx: TRequestContext, query: TListNotificationsQuery): Promise<TNotificationList> => {
      const actor = requireActor(ctx);
      const [rows, counts] = await Promise.all([
        repo.listNotifications(db, actor.userId, { limit: query.limit, offset: (query.page - 1) * query.limit }),
        repo.countNotifications(db, actor.userId),
      ]);
      return { list: rows.map(toNotification), ...counts };
    },

    /** Marks read the given notifications, among the caller's own only; answers the unread count left. */
    markRead: async (ctx: TRequestContext, input: TMarkNotificationsReadRequest): Promise<TUnreadCount> => {
      const actor = requireActor(ctx);
      await repo.markNotificationsRead(db, actor.userId, input.ids);
      return { unread: await repo.countUnread(db, actor.userId) };
    },

    /** Marks every notification of the caller read (spec section 4, read-all). */
    readAll: async (ctx: TRequestContext): Promise<TUnreadCount> => {
      const actor = requireActor(ctx);
      await repo.markAllNotificationsRead(db, actor.userId);
      return { unread: await repo.countUnread(db, actor.userId) };
    },

    /**
     * The caller's notifications as they come: first those after `lastEventId` (what a reconnecting client
     * missed, from the database), then the live ones. Listening starts before the replay is read, so nothing
     * falls in between. Ends when `signal` aborts; fails with UNAUTHENTICATED once the session ends.
     */
    watch: async (ctx: TRequestContext, options: { lastEventId?: string | null; signal?: AbortSignal }): Promise<AsyncGenerator<TNotification>> => {
      const actor = requireActor(ctx);
      const lastEventId = options.lastEventId ?? null;
      if (lastEventId !== null && !ZNotificationId.safeParse(lastEventId).success) {
        throw new AppError('VALIDATION', { userMessage: MSG.notificationIdInvalid, fields: { lastEventId: [MSG.notificationIdInvalid] } });
      }
      const stream = openBusStream(bus, [topics.user(actor.userId), SESSIONS_TOPIC], { signal: options.signal });
      const replay = lastEventId === null ? [] : await repo.listNotificationsAfter(db, actor.userId, lastEventId, REPLAY_LIMIT).catch((error: unknown) => {
        stream.close();
        throw error;
      });
      return (async function* () {
        const replayed = new Set<string>();
        for (const row of replay) {
          const notification = toNotification(row);
          replayed.add(notification.id);
          yield notification;
        }
        for await (const { topic, payload } of stream) {
          if (topic === SESSIONS_TOPIC) {
            if (endsSessionOf(payload, actor)) throw new AppError('UNAUTHENTICATED');
            continue;
          }
          if (isClientEvent(payload) && payload.event === 'notification' && !replayed.has(payload.data.id)) yield payload.data;
        }
      })();
    },

    /**
     * The session stream of the tRPC `notification.onSession` subscription: one-time messages addressed to the
     * user or to everyone, then `ended` once the session the caller came with ends. Subscribed to the bus before
     * it returns, so nothing published after the subscription started is missed.
     */
    watchSession: (ctx: TRequestContext, options: { signal?: AbortSignal }): AsyncGenerator<TSessionEvent> => {
      const actor = requireActor(ctx);
      const stream = openBusStream(bus, [topics.all, topics.user(actor.userId), SESSIONS_TOPIC], { signal: options.signal });
      return (async function* () {
        for await (const { topic, payload } of stream) {
          if (topic === SESSIONS_TOPIC) {
            if (!endsSessionOf(payload, actor)) continue;
            yield { type: 'ended' } as const;
            return;
          }
          if (isClientEvent(payload) && payload.event === 'onetimemessage') yield { type: 'onetimemessage', message: payload.data } as const;
        }
      })();
    },
  };
};
