import type { AddressInfo } from 'node:net';
import { createTRPCClient, createWSClient, httpBatchLink, wsLink } from '@trpc/client';
import { afterEach, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import superjson from 'superjson';
import WebSocket from 'ws';
import { SOCKET_PATH, type TClientToServerEvents, type TServerToClientEvents } from '../../shared/realtime';
import type { AppRouter } from '../trpc/app-router';

/** Starts listening on a free local port; answers the base URL. */
export const listenOnFreePort = async (app: FastifyInstance): Promise<string> => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

type TRecorded = { event: string; args: unknown[] };

export type TTestSocket = {
  socket: Socket<TServerToClientEvents, TClientToServerEvents>;
  /** Every server event received so far, in order (none is lost while a test is not yet waiting). */
  events: TRecorded[];
  /** The first `event` (received already or still to come) whose first argument satisfies `match`. */
  waitFor: <T = unknown>(event: string, match?: (payload: T) => boolean, timeoutMs?: number) => Promise<T>;
  /** Resolves with the reason when the server ends the connection. */
  disconnected: Promise<string>;
  close: () => void;
};

/**
 * A real socket.io client, as a browser would connect: the session cookie in the handshake, or the
 * impersonation token as `auth.token`. Rejects with the connect_error when the server refuses.
 */
export const connectSocket = (
  baseUrl: string,
  options: { cookie?: string; token?: string; origin?: string; transports?: ('websocket' | 'polling')[] } = {},
): Promise<TTestSocket> =>
  new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    if (options.origin) headers.origin = options.origin;
    const socket: Socket<TServerToClientEvents, TClientToServerEvents> = io(baseUrl, {
      path: SOCKET_PATH,
      transports: options.transports ?? ['websocket'],
      auth: options.token ? { token: options.token } : {},
      extraHeaders: headers,
      reconnection: false,
      forceNew: true,
    });
    const events: TRecorded[] = [];
    const waiters = new Set<() => void>();
    socket.onAny((event: string, ...args: unknown[]) => {
      events.push({ event, args });
      for (const check of [...waiters]) check();
    });
    const disconnected = new Promise<string>((resolveDisconnect) => socket.on('disconnect', (reason) => resolveDisconnect(reason)));
    const waitFor: TTestSocket['waitFor'] = (event, match, timeoutMs = 5_000) =>
      new Promise((resolveWait, rejectWait) => {
        const check = () => {
          const found = events.find((entry) => entry.event === event && (!match || match(entry.args[0] as never)));
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolveWait(found.args[0] as never);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          rejectWait(new Error(`no "${event}" event within ${timeoutMs} ms; received: ${events.map((entry) => entry.event).join(', ') || 'none'}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    socket.once('connect', () => resolve({ socket, events, waitFor, disconnected, close: () => socket.close() }));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });

/** A typed tRPC client over a real WebSocket to /trpc, with the cookie of the upgrade request or the token. */
export const createTrpcWsClient = (baseUrl: string, options: { cookie?: string; token?: string } = {}) => {
  const cookie = options.cookie;
  class CookieWebSocket extends WebSocket {
    constructor(url: string) {
      super(url, cookie ? { headers: { cookie } } : {});
    }
  }
  const wsClient = createWSClient({
    url: `${baseUrl.replace('http', 'ws')}/trpc`,
    WebSocket: CookieWebSocket as never,
    ...(options.token ? { connectionParams: { token: options.token } } : {}),
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] });
  return { client, close: () => wsClient.close() };
};

/** A typed tRPC client over HTTP to /trpc, signed in with the cookie. */
export const createTrpcHttpClient = (baseUrl: string, cookie: string) =>
  createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${baseUrl}/trpc`, transformer: superjson, headers: { cookie } })] });

/** Waits until `check()` holds (polled every 20 ms); throws after `timeoutMs`. */
export const until = async (check: () => boolean, timeoutMs = 5_000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** What a test opened (WebSocket clients, subscriptions) and must close after it: `closers.push(close)`. */
export const useClosers = () => {
  const closers: (() => void)[] = [];
  afterEach(() => {
    for (const close of closers.splice(0)) close();
  });
  return closers;
};

/**
 * The lifecycle of a realtime test file: the app listening on a free port, and every socket a test opened
 * closed after it. `track(socket)` registers a socket for closing; `connect(options)` opens one that is.
 */
export const useListeningApp = (t: { app: Parameters<typeof listenOnFreePort>[0] }) => {
  const state = { baseUrl: '' };
  const opened: TTestSocket[] = [];
  beforeAll(async () => {
    state.baseUrl = await listenOnFreePort(t.app);
  });
  afterEach(() => {
    for (const socket of opened.splice(0)) socket.close();
  });
  return {
    get baseUrl() {
      return state.baseUrl;
    },
    track: <T extends TTestSocket>(socket: T): T => {
      opened.push(socket);
      return socket;
    },
    /** A socket.io connection to the app (closed after the test); with `online`, once the server said so. */
    connect: async (options: Parameters<typeof connectSocket>[1], { online = true } = {}): Promise<TTestSocket> => {
      const socket = await connectSocket(state.baseUrl, options);
      opened.push(socket);
      if (online) await socket.waitFor('online');
      return socket;
    },
  };
};
