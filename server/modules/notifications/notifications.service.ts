import { MSG } from '../../../shared/messages';
import {
  ZNotificationId,
  type TListNotificationsQuery,
  type TMarkNotificationsReadRequest,
  type TNotification,
  type TNotificationData,
  type TNotificationKind,
  type TNotificationList,
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

/** Most notifications a subscription replays after its last event id; older ones are in the list. */
const REPLAY_LIMIT = 500;

const toNotification = (row: Pick<NotificationRow, 'id' | 'created_at' | 'read_at' | 'data'>): TNotification => ({
  id: String(row.id),
  createdAt: row.created_at,
  readAt: row.read_at,
  data: row.data as TNotificationData,
});

export type TNotificationsService = ReturnType<typeof createNotificationsService>;

export const createNotificationsService = ({ db, bus, logger }: TServiceDeps) => {
  /**
   * Stores one notification per recipient (users by id, or every active user of a role), then announces each to
   * its user's live connections on every instance. Stored first: a user offline now finds it in the list later.
   */
  const notify = async (
    recipients: repo.TRecipients,
    data: TNotificationData,
    kind: TNotificationKind = 'other',
  ): Promise<{ userId: string; notification: TNotification }[]> => {
    const rows = await repo.insertNotifications(db, recipients, kind, data);
    const sent = rows.map((row) => ({ userId: row.user_id, notification: toNotification(row) }));
    await Promise.all(
      sent.map(({ userId, notification }) =>
        publishToClients(bus, topics.user(userId), { event: 'notification', data: notification }).catch((error: unknown) =>
          logger.warn({ err: error, userId }, 'notifica salvata ma non annunciata in tempo reale'),
        ),
      ),
    );
    return sent;
  };

  return {
    notify,

    /** Tells the admins that a corner registered (`new_user`), linking to the user management filtered on its e-mail. */
    notifyNewUser: (user: { email: string; name: string }) =>
      notify(
        { role: 'admin' },
        {
          title: MSG.newUserTitle,
          text: [`${MSG.newUserIntro} ${user.name} (${user.email}).`, MSG.newUserText],
          link: `/admin/gestione-utenti?q=${encodeURIComponent(user.email)}`,
          textLink: MSG.newUserLinkText,
        },
        'new_user',
      ),

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
  };
};
