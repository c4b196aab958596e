import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useTRPC } from '../../../lib/trpc';

/** news.find (GET /api/news of spec section 7): the live news, pinned first, then newest first. */
export const useNews = (options: { showErrors?: boolean } = {}) => {
  const trpc = useTRPC();
  return useQuery(trpc.news.find.queryOptions(undefined, { staleTime: 5 * 60_000, meta: { errorToast: options.showErrors ?? false } }));
};

/**
 * Reloads the news (the ticker's and the admins' list) whenever they change: an admin's action anywhere, or a
 * scheduled start or end reached (`news.onChange`, which also signals once after a reconnect).
 */
export const useNewsLiveUpdates = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useSubscription(
    trpc.news.onChange.subscriptionOptions(undefined, {
      onData: () => void queryClient.invalidateQueries({ queryKey: trpc.news.pathKey() }),
    }),
  );
};
