import { useQuery } from '@tanstack/react-query';
import type { TProfile } from '../../../../../shared/schemas/profile';
import { http } from '../../../lib/http';

export const PROFILE_QUERY_KEY = ['profile'] as const;

export const useProfile = () =>
  useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => http.get<TProfile>('/api/profile', { signal }),
  });
