import { hashKey, useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useCallback, useMemo, useState } from 'react';
import { NOTIFICATIONS_RECENT_LIMIT } from '../../../../../shared/schemas/notifications';
import { showApiError } from '../../../lib/api-error-display';
import { useTRPC } from '../../../lib/trpc';
import { playNotificationSound, readAudioFlag, writeAudioFlag } from '../notification-sound';
import { markListRead, prependNotification, RECENT_NOTIFICATIONS_INPUT, type TNotificationList } from './notifications-api';

/** The bell's recent list and the pages of /notifiche are all `notification.find` queries. */
const useNotificationQueries = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const recentKey = trpc.notification.find.queryKey(RECENT_NOTIFICATIONS_INPUT);
    const recentHash = hashKey(recentKey);
    return {
      updateRecent: (update: (current: TNotificationList | undefined) => TNotificationList | undefined) => void queryClient.setQueryData(recentKey, update),
      /** The pages of /notifiche refetch; the bell's list was updated in place. */
      invalidatePages: () =>
        void queryClient.invalidateQueries({ queryKey: trpc.notification.find.queryKey(), predicate: (query: Query) => query.queryHash !== recentHash }),
      invalidateAll: () => void queryClient.invalidateQueries({ queryKey: trpc.notification.find.queryKey() }),
    };
  }, [trpc, queryClient]);
};

/** Marks every notification read (spec section 4); the bell and the pages of /notifiche follow. */
export const useReadAllNotifications = () => {
  const trpc = useTRPC();
  const queries = useNotificationQueries();
  return useMutation(
    trpc.notification.readAll.mutationOptions({
      onSuccess: ({ unread }) => {
        queries.updateRecent((current) => markListRead(current, unread, new Date()));
        queries.invalidatePages();
      },
      onError: (error) => showApiError(error),
    }),
  );
};

/**
 * The bell's recent notifications: `notification.find`, brought up to date by the realtime connection. The list is
 * refetched each time `notification.onNotification` starts (the `ready` of spec section 7): the subscription may
 * start a moment after the connection opens, and what was raised in between is in that answer. Each new one is put
 * on top at once, rings if the audio alert is on, and the lists are refetched behind it, so an answer that was on
 * its way when it came cannot hide it. After a drop the subscription replays what came meanwhile.
 */
export const useRecentNotifications = () => {
  const trpc = useTRPC();
  const queries = useNotificationQueries();
  const [isAudioOn, setIsAudioOn] = useState(readAudioFlag);
  const recent = useQuery(trpc.notification.find.queryOptions(RECENT_NOTIFICATIONS_INPUT));
  const readAll = useReadAllNotifications();
  const read = useMutation(trpc.notification.read.mutationOptions());

  useSubscription(
    trpc.notification.onNotification.subscriptionOptions(undefined, {
      onStarted: queries.invalidateAll,
      onData: ({ data: notification }) => {
        queries.updateRecent((current) => prependNotification(current, notification, NOTIFICATIONS_RECENT_LIMIT));
        queries.invalidateAll();
        if (readAudioFlag()) playNotificationSound();
      },
    }),
  );

  /** Marks read the notifications the user has seen in the open bell; the badge takes the unread count answered. */
  const { mutate: markRead } = read;
  const { updateRecent, invalidatePages } = queries;
  const acknowledge = useCallback(
    (ids: string[]) => {
      if (ids.length === 0) return;
      markRead(
        { ids },
        {
          onSuccess: ({ unread }) => {
            updateRecent((current) => markListRead(current, unread, new Date(), ids));
            invalidatePages();
          },
        },
      );
    },
    [markRead, updateRecent, invalidatePages],
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
