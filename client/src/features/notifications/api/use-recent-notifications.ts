import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { NOTIFICATIONS_RECENT_LIMIT } from '../../../../../shared/schemas/notifications';
import { showApiError } from '../../../lib/api-error-display';
import { useRealtime, useRealtimeEvent } from '../../../lib/realtime/realtime-context';
import { playNotificationSound, readAudioFlag, writeAudioFlag } from '../notification-sound';
import type { TNotificationList } from '../notification-types';
import {
  fetchNotifications,
  markListRead,
  NOTIFICATIONS_QUERY_KEY,
  prependNotification,
  readAllNotifications,
  RECENT_NOTIFICATIONS_QUERY_KEY,
} from './notifications-api';

/** Marks every notification read (spec section 4); the bell and the pages of /notifiche follow. */
export const useReadAllNotifications = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readAllNotifications,
    onSuccess: ({ unread }) => {
      queryClient.setQueryData<TNotificationList>(RECENT_NOTIFICATIONS_QUERY_KEY, (current) => markListRead(current, unread, new Date().toISOString()));
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY, predicate: (query) => query.queryKey[1] === 'page' });
    },
    onError: (error) => showApiError(error),
  });
};

/**
 * The bell's recent notifications: the REST list, brought up to date by the socket (`notifications` after
 * `ready` refetches it, each `notification` is put on top and rings if the audio alert is on).
 */
export const useRecentNotifications = () => {
  const queryClient = useQueryClient();
  const realtime = useRealtime();
  const [isAudioOn, setIsAudioOn] = useState(readAudioFlag);
  const recent = useQuery({
    queryKey: RECENT_NOTIFICATIONS_QUERY_KEY,
    queryFn: ({ signal }) => fetchNotifications(1, NOTIFICATIONS_RECENT_LIMIT, signal),
  });
  const readAll = useReadAllNotifications();

  useRealtimeEvent('notifications', () => {
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
  });
  useRealtimeEvent('notification', (notification) => {
    queryClient.setQueryData<TNotificationList>(RECENT_NOTIFICATIONS_QUERY_KEY, (current) =>
      prependNotification(current, notification, NOTIFICATIONS_RECENT_LIMIT),
    );
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY, predicate: (query) => query.queryKey[1] === 'page' });
    if (readAudioFlag()) playNotificationSound();
  });

  /** `ackNotif` for notifications the user has seen in the open bell; the badge takes the unread count answered. */
  const acknowledge = useCallback(
    (ids: string[]) => {
      if (ids.length === 0) return;
      realtime.emit('ackNotif', ids, (result) => {
        if (!result.ok) return;
        queryClient.setQueryData<TNotificationList>(RECENT_NOTIFICATIONS_QUERY_KEY, (current) =>
          markListRead(current, result.data.unread, new Date().toISOString(), ids),
        );
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY, predicate: (query) => query.queryKey[1] === 'page' });
      });
    },
    [realtime, queryClient],
  );

  const toggleAudio = useCallback(() => {
    setIsAudioOn((current) => {
      writeAudioFlag(!current);
      return !current;
    });
  }, []);

  return {
    list: recent.data?.list ?? [],
    unreadCount: recent.data?.unread ?? 0,
    markAllRead: () => readAll.mutate(),
    isMarkingAllRead: readAll.isPending,
    acknowledge,
    isAudioOn,
    toggleAudio,
  };
};
