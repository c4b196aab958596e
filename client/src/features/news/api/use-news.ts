import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

/** news.find (GET /api/news of spec section 7): the published news, newest first. */
export const useNews = (options: { showErrors?: boolean } = {}) => {
  const trpc = useTRPC();
  return useQuery(trpc.news.find.queryOptions(undefined, { staleTime: 5 * 60_000, meta: { errorToast: options.showErrors ?? false } }));
};
