import { QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../../../server/trpc/app-router';
import { publicTrpcClient } from './trpc-client';
import { PROFILE_QUERY_KEY } from './use-profile';

describe('PROFILE_QUERY_KEY', () => {
  it('is the key prefix of profile.get, so invalidating it reloads what useProfile shows', async () => {
    const queryClient = new QueryClient();
    const trpc = createTRPCOptionsProxy<AppRouter>({ client: publicTrpcClient, queryClient });
    expect(PROFILE_QUERY_KEY).toEqual(trpc.profile.get.pathKey());
    queryClient.setQueryData(trpc.profile.get.queryKey(), { user: {} } as never);
    await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY, refetchType: 'none' });
    expect(queryClient.getQueryState(trpc.profile.get.queryKey())?.isInvalidated).toBe(true);
  });
});
