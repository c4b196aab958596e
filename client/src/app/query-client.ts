import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error';

/** Client errors (4xx) will not change on retry; a dropped connection or a 5xx might. */
const shouldRetry = (failureCount: number, error: Error): boolean =>
  failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
