import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProfile } from '../../../shared/schemas/profile';
import { http } from './http';

/** GET /api/profile in the query cache; invalidate this key after anything that changes the profile. */
export const PROFILE_QUERY_KEY = ['profile'] as const;

export const profileQueryOptions = queryOptions({
  queryKey: PROFILE_QUERY_KEY,
  queryFn: ({ signal }) => http.get<TProfile>('/api/profile', { signal }),
});

export const useProfile = () => useQuery(profileQueryOptions);
