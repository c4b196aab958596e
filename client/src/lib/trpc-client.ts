import { createTRPCClient, httpLink, type TRPCClient } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/app-router';
import { toApiError } from './api-error';
import { getImpersonationToken } from './impersonation-storage';
import { plainJsonTransformer } from './plain-json-transformer';
import { followRedirectHeader } from './redirect-header';

/** What the procedures take and answer, as the router declares them (dates as Date, through superjson). */
export type TRouterInputs = inferRouterInputs<AppRouter>;
export type TRouterOutputs = inferRouterOutputs<AppRouter>;

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

type TTransformer = Parameters<typeof httpLink<AppRouter>>[0]['transformer'];

/**
 * Queries and mutations over HTTP, one request per call (as the REST calls were): each answer carries its own
 * status, cookies and `redirect` header. The signed-in shell passes superjson; see `publicTrpcClient`.
 */
export const trpcHttpLink = (transformer: TTransformer) =>
  httpLink<AppRouter>({
    url: '/trpc',
    transformer,
    fetch: fetchWithRedirect,
    // Read on every call: the token appears and disappears with impersonation.
    headers: () => {
      const token = getImpersonationToken();
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
  });

/**
 * The client of the public pages (sign-in, registration, password recovery) and of the session calls (auth.me,
 * auth.logout, auth.loginAs), which run before and outside the signed-in shell's provider. Their answers are plain
 * JSON, so it reads superjson's format without superjson's code and /accedi stays within its weight budget.
 */
export const publicTrpcClient: TRPCClient<AppRouter> = createTRPCClient<AppRouter>({ links: [trpcHttpLink(plainJsonTransformer)] });
