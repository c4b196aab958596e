import { NOTIFICATIONS_RECENT_LIMIT, type TUnreadCount } from '../../../../../shared/schemas/notifications';
import { http } from '../../../lib/http';
import type { TNotification, TNotificationList } from '../notification-types';

/** Every notification query lives under this key: the bell's recent list and the pages of /notifiche. */
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;
export const RECENT_NOTIFICATIONS_QUERY_KEY = [...NOTIFICATIONS_QUERY_KEY, 'recent'] as const;
export const notificationsPageQueryKey = (page: number) => [...NOTIFICATIONS_QUERY_KEY, 'page', page] as const;

export const fetchNotifications = (page: number, limit: number = NOTIFICATIONS_RECENT_LIMIT, signal?: AbortSignal) =>
  http.get<TNotificationList>('/api/notification', { query: { page, limit }, signal });

export const readAllNotifications = () => http.post<TUnreadCount>('/api/notification/read-all');

/** A new notification on top of a list, once, keeping at most `limit`. */
export const prependNotification = (current: TNotificationList | undefined, notification: TNotification, limit: number): TNotificationList => {
  if (!current) return { list: [notification], total: 1, unread: notification.readAt === null ? 1 : 0 };
  if (current.list.some((item) => item.id === notification.id)) return current;
  return {
    list: [notification, ...current.list].slice(0, limit),
    total: current.total + 1,
    unread: current.unread + (notification.readAt === null ? 1 : 0),
  };
};

/** The list with `ids` (or all when omitted) read at `readAt`, and the unread count the server answered. */
export const markListRead = (current: TNotificationList | undefined, unread: number, readAt: string, ids?: readonly string[]): TNotificationList | undefined => {
  if (!current) return current;
  const wanted = ids ? new Set(ids) : null;
  return {
    ...current,
    unread,
    list: current.list.map((item) => (item.readAt === null && (!wanted || wanted.has(item.id)) ? { ...item, readAt } : item)),
  };
};
