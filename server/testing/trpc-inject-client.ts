import { createTRPCClient, httpLink } from '@trpc/client';
import superjson from 'superjson';
import type { TTestApp } from './test-app';
import type { AppRouter } from '../trpc/app-router';

/** A typed tRPC client over app.inject, signed in as the given user (no listening port needed). */
export const createTrpcHttpCaller = async (t: TTestApp, email: string, password: string) => {
  const cookie = await t.login(email, password);
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: 'http://localhost/trpc',
        transformer: superjson,
        fetch: async (url, init) => {
          const target = new URL(String(url));
          const response = await t.app.inject({
            method: (init?.method ?? 'GET') as 'GET' | 'POST',
            url: target.pathname + target.search,
            headers: { ...(init?.headers as Record<string, string>), cookie },
            payload: init?.body as string | undefined,
          });
          return new Response(response.body, { status: response.statusCode, headers: response.headers as Record<string, string> });
        },
      }),
    ],
  });
};
