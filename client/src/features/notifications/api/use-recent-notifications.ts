import { useCallback, useState } from 'react';
import type { TNotification } from '../notification-types';

/**
 * The recent notifications of the bell. The realtime issue feeds this list from the socket's `notifications`
 * and `notification` events and sends `ackNotif` from `markAllRead`; until then there are none.
 */
export const useRecentNotifications = () => {
  const [list, setList] = useState<TNotification[]>([]);
  const markAllRead = useCallback(() => setList((current) => current.map((item) => ({ ...item, read: true }))), []);
  const unreadCount = list.filter((item) => !item.read).length;
  return { list, unreadCount, markAllRead };
};
