import { NOTIFICATIONS_RECENT_LIMIT } from '../../../../../shared/schemas/notifications';
import type { TRouterOutputs } from '../../../lib/trpc-client';

/** A page of notifications (spec section 3) as `notification.find` answers it: dates are Dates. */
export type TNotificationList = TRouterOutputs['notification']['find'];
export type TNotification = TNotificationList['list'][number];

/** The bell's input of `notification.find`: the most recent ones. */
export const RECENT_NOTIFICATIONS_INPUT = { page: 1, limit: NOTIFICATIONS_RECENT_LIMIT };

export const isUnread = (notification: TNotification): boolean => notification.readAt === null;

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
export const markListRead = (current: TNotificationList | undefined, unread: number, readAt: Date, ids?: readonly string[]): TNotificationList | undefined => {
  if (!current) return current;
  const wanted = ids ? new Set(ids) : null;
  return {
    ...current,
    unread,
    list: current.list.map((item) => (item.readAt === null && (!wanted || wanted.has(item.id)) ? { ...item, readAt } : item)),
  };
};
