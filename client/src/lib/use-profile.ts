import { useQuery } from '@tanstack/react-query';
import { useTRPC } from './trpc';

/**
 * The key prefix of `profile.get` in the query cache (`trpc.profile.get.pathKey()`), for code that invalidates it
 * without the tRPC context; invalidate it after anything that changes the profile.
 */
export const PROFILE_QUERY_KEY = [['profile', 'get']] as const;

/** The caller's profile (spec section 7), with its contract progress. */
export const useProfile = () => {
  const trpc = useTRPC();
  return useQuery(trpc.profile.get.queryOptions());
};
