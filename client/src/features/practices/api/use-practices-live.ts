import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useCallback } from 'react';
import type { TSectorSlug } from '../../../../../shared/sectors';
import { useOnRealtimeOpen } from '../../../lib/realtime/realtime-context';
import { useTRPC } from '../../../lib/trpc';

/**
 * Keeps a sector's open practice lists in step with what others do (`practices.onChange`: a corner hears of its
 * own practices, a broker of its sector's, an admin of all): each committed change refetches the lists and the
 * practice it names. When the connection (re)opens everything is refetched, as the subscription does not replay.
 */
export const usePracticesLive = (sector: TSectorSlug) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshAll = useCallback(() => void queryClient.invalidateQueries({ queryKey: trpc.practices.pathKey() }), [queryClient, trpc]);
  useOnRealtimeOpen(refreshAll);
  useSubscription(
    trpc.practices.onChange.subscriptionOptions(
      { sector },
      {
        onData: (change) => {
          void queryClient.invalidateQueries({ queryKey: trpc.practices.list.queryKey() });
          void queryClient.invalidateQueries({ queryKey: trpc.stuck.list.queryKey() });
          void queryClient.invalidateQueries({ queryKey: trpc.practices.get.queryKey({ sector: change.sector, id: change.id }) });
        },
      },
    ),
  );
};
