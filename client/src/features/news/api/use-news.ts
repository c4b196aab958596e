import { useQuery } from '@tanstack/react-query';
import type { TNews } from '../../../../../shared/schemas/data';
import { http } from '../../../lib/http';

export const NEWS_QUERY_KEY = ['news'] as const;

/** GET /api/news (spec section 7): the published news, newest first. */
export const useNews = (options: { showErrors?: boolean } = {}) =>
  useQuery({
    queryKey: NEWS_QUERY_KEY,
    queryFn: ({ signal }) => http.get<TNews[]>('/api/news', { signal }),
    staleTime: 5 * 60_000,
    meta: { errorToast: options.showErrors ?? false },
  });
