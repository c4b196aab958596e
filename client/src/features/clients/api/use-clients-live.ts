import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useCallback } from 'react';
import { useOnRealtimeOpen } from '../../../lib/realtime/realtime-context';
import { useTRPC } from '../../../lib/trpc';

/**
 * Keeps the open client pages in step with what others do (issue 14, the developers' guide's live updates): each
 * committed change of a book the user sees (`clients.onChange`: a corner its own, an admin every corner's) makes
 * the list refetch, and the records and notes it names; a `reload` (an import) refetches every client query.
 * When the connection (re)opens everything is refetched, as the subscription does not replay what it missed.
 * A record removed from the user's reach then answers "not found", which the detail page tells apart.
 */
export const useClientsLive = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  const refreshAll = useCallback(() => void queryClient.invalidateQueries({ queryKey: trpc.clients.pathKey() }), [queryClient, trpc]);
  useOnRealtimeOpen(refreshAll);

  /**
   * The echo of this tab's own change arrives before its answer: the refetch waits until the tab's client calls
   * have settled, so a record this tab deletes is not first shown as "deleted by another user".
   */
  const whenIdle = useCallback(
    (run: () => void) => {
      const isBusy = () => queryClient.isMutating({ mutationKey: trpc.clients.pathKey() }) > 0;
      if (!isBusy()) return run();
      const unsubscribe = queryClient.getMutationCache().subscribe(() => {
        if (isBusy()) return;
        unsubscribe();
        run();
      });
    },
    [queryClient, trpc],
  );

  useSubscription(
    trpc.clients.onChange.subscriptionOptions(undefined, {
      onData: ({ data: change }) =>
        whenIdle(() => {
          if (change.kind === 'reload') return refreshAll();
          void queryClient.invalidateQueries({ queryKey: trpc.clients.find.queryKey() });
          for (const id of change.ids) {
            void queryClient.invalidateQueries({ queryKey: trpc.clients.get.queryKey({ id }) });
            void queryClient.invalidateQueries({ queryKey: trpc.clients.notes.list.queryKey({ id }) });
          }
        }),
    }),
  );
};
