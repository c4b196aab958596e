import { createTRPCClient, splitLink, type TRPCClient } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../../server/trpc/app-router';
import { isRealtimeOperation, realtimeConnection, realtimeLink } from './realtime/trpc-ws';
import { trpcHttpLink } from './trpc-client';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** The client of the signed-in shell's provider (lib/trpc-client.ts holds the HTTP link and its rules). */
export const createTrpcClient = (): TRPCClient<AppRouter> =>
  createTRPCClient<AppRouter>({
    // Subscriptions and the chat's sends over the realtime WebSocket (lib/realtime/trpc-ws.ts), the rest over HTTP.
    links: [splitLink({ condition: isRealtimeOperation, true: realtimeLink(realtimeConnection), false: trpcHttpLink(superjson) })],
  });
