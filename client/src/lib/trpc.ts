import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../../server/trpc/app-router';
import { toApiError } from './api-error';
import { followRedirectHeader } from './http';
import { getImpersonationToken } from './impersonation-storage';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * Same rules as the REST helper: session cookie, the login-as bearer when stored, the `redirect` header. An
 * answer that is not tRPC's JSON (a proxy's 502 page) fails here with its status, which tRPC would lose.
 */
const fetchWithRedirect: typeof fetch = async (input, init) => {
  const response = await fetch(input, { ...init, credentials: 'same-origin' });
  followRedirectHeader(response);
  const isJson = response.headers.get('Content-Type')?.includes('json') ?? false;
  if (!response.ok && !isJson) throw toApiError(response.status, await response.text().catch(() => ''));
  return response;
};

export const createTrpcClient = (): TRPCClient<AppRouter> =>
  createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        transformer: superjson,
        fetch: fetchWithRedirect,
        // Read on every call: the token appears and disappears with impersonation.
        headers: () => {
          const token = getImpersonationToken();
          return token ? { Authorization: `Bearer ${token}` } : {};
        },
      }),
    ],
  });
