import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error';
import { showApiError } from '../lib/api-error-display';
import { fromTrpcError } from '../lib/trpc-error';

declare module '@tanstack/react-query' {
  interface Register {
    /**
     * `errorToast: true`: the failure has no place on the page (the news ticker, a menu action), so it is
     * shown as toasts by the error display of spec section 8. Forms and pages show theirs inline instead.
     */
    queryMeta: { errorToast?: boolean };
    mutationMeta: { errorToast?: boolean };
  }
}

/** Client errors (4xx) will not change on retry; a dropped connection or a 5xx might. */
const shouldRetry = (failureCount: number, caught: Error): boolean => {
  const error = fromTrpcError(caught);
  return failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
};

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorToast) showApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorToast) showApiError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
