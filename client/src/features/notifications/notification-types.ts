import type { TJson } from '../../../../shared/realtime';
import type { TNotification as TStoredNotification, TNotificationList as TStoredNotificationList } from '../../../../shared/schemas/notifications';

/** A notification (spec section 3) as the browser gets it, over REST or the socket: dates are ISO strings. */
export type TNotification = TJson<TStoredNotification>;
export type TNotificationList = TJson<TStoredNotificationList>;

export const isUnread = (notification: TNotification): boolean => notification.readAt === null;
