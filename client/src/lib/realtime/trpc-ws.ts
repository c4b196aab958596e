import { createWSClient, TRPCClientError, wsLink, type Operation, type OperationLink, type TRPCLink, type TRPCWebSocketClient } from '@trpc/client';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import superjson from 'superjson';
import type { AppRouter } from '../../../../server/trpc/app-router';

/** Spec section 3, socket connection state: connected or not, the server's online flag, and whether it ever connected. */
export type TConnectionState = { connected: boolean; online: boolean; isFirstConnection: boolean };

/** First pause before reconnecting a connection the server or the network dropped; doubled on each failure. */
export const RECONNECT_DELAY_MS = 1000;
const MAX_RECONNECT_DELAY_MS = 10_000;

/** The server closes a tRPC WebSocket with this code when its session ended (server/realtime/trpc-ws-sessions.ts). */
export const SESSION_ENDED_CLOSE_CODE = 4001;

/** Mutations that travel over the realtime connection: a chat message fails, as the spec says, when it is down. */
const WS_MUTATIONS = new Set(['chat.send']);

/** Whether an operation goes over the WebSocket (the split in lib/trpc.ts): subscriptions and the chat's sends. */
export const isRealtimeOperation = (op: Pick<Operation, 'type' | 'path'>): boolean => op.type === 'subscription' || WS_MUTATIONS.has(op.path);

const INITIAL_STATE: TConnectionState = { connected: false, online: false, isFirstConnection: true };

/** The same host as the page, ws:// or wss:// as the page is http:// or https://. */
export const trpcSocketUrl = (location: Pick<Location, 'protocol' | 'host'> = window.location): string =>
  `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/trpc`;

export type TMakeWsClient = (options: {
  token: string | null;
  onOpen: () => void;
  onClose: (code: number | undefined) => void;
}) => TRPCWebSocketClient;

/** tRPC's WebSocket client at /trpc, opened at once (not lazy), with the login-as token as connection params. */
const makeBrowserWsClient: TMakeWsClient = ({ token, onOpen, onClose }) =>
  createWSClient({
    url: trpcSocketUrl(),
    ...(token ? { connectionParams: { token } } : {}),
    lazy: { enabled: false, closeMs: 0 },
    retryDelayMs: (attempt) => Math.min(RECONNECT_DELAY_MS * 2 ** attempt, MAX_RECONNECT_DELAY_MS),
    onOpen,
    onClose: (event) => onClose(event?.code),
  });

/** `isSameUser`: the new client acts for the user the previous one did (a toggle), so subscriptions may resume. */
type TClientListener = (client: TRPCWebSocketClient | null, isSameUser: boolean) => void;

/**
 * The one realtime connection of the signed-in shell (spec sections 2 to 4), over tRPC's WebSocket: disconnected
 * at start, connected when the socket opens, disconnected again when it closes (tRPC then reconnects by itself,
 * and resends each subscription with the last tracked id it saw). `start` opens a fresh client with a token,
 * `stop` closes it for good; subscriptions made through `realtimeLink` survive both and resume where they were.
 */
export const createRealtimeConnection = (makeClient: TMakeWsClient = makeBrowserWsClient) => {
  let client: TRPCWebSocketClient | null = null;
  /** Whom the connection acts for (user and token): a subscription resumes only for the same one. */
  let identity: { userId: string | null; token: string | null } | null = null;
  let state: TConnectionState = INITIAL_STATE;
  const stateListeners = new Set<() => void>();
  const clientListeners = new Set<TClientListener>();
  const openListeners = new Set<() => void>();
  const sessionEndListeners = new Set<() => void>();

  const setState = (patch: Partial<TConnectionState>): void => {
    const next = { ...state, ...patch };
    if (next.connected === state.connected && next.online === state.online && next.isFirstConnection === state.isFirstConnection) return;
    state = next;
    stateListeners.forEach((listener) => listener());
  };

  const replace = (next: TRPCWebSocketClient | null, isSameUser: boolean): void => {
    const old = client;
    client = next;
    setState({ connected: false, online: false });
    clientListeners.forEach((listener) => listener(next, isSameUser));
    void old?.close();
  };

  const stop = (): void => replace(null, true);

  /** Opens a fresh client with `token`; `userId` (when known) tells whether subscriptions may resume where they were. */
  const start = (token: string | null, userId: string | null = null): void => {
    const next = { userId: userId ?? identity?.userId ?? null, token };
    const isSameUser = identity === null || (identity.userId === next.userId && identity.token === next.token);
    identity = next;
    const made: TRPCWebSocketClient = makeClient({
      token,
      onOpen: () => {
        if (client !== made) return;
        setState({ connected: true, isFirstConnection: false });
        // The `ready` of spec section 7: what was missed while down is fetched again.
        openListeners.forEach((listener) => listener());
      },
      onClose: (code) => {
        if (client !== made) return;
        setState({ connected: false, online: false });
        if (code !== SESSION_ENDED_CLOSE_CODE) return;
        stop();
        sessionEndListeners.forEach((listener) => listener());
      },
    });
    replace(made, isSameUser);
  };

  const listen = <T>(set: Set<T>, listener: T): (() => void) => {
    set.add(listener);
    return () => set.delete(listener);
  };

  return {
    start,
    stop,
    /** The connection-status dot's double-click: disconnects when connected, otherwise reconnects with `token`. */
    toggle: (token: string | null): void => (state.connected ? stop() : start(token)),
    /** The server started the session stream: from now on nothing addressed to the user is missed. */
    setOnline: (online: boolean): void => setState({ online: online && state.connected }),
    getState: (): TConnectionState => state,
    subscribe: (listener: () => void) => listen(stateListeners, listener),
    /** Each time the socket opens (first connection and every reconnection). */
    onOpen: (listener: () => void) => listen(openListeners, listener),
    /** The server closed the socket because its session ended (logged out or revoked elsewhere). */
    onSessionEnd: (listener: () => void) => listen(sessionEndListeners, listener),
    /** The current tRPC WebSocket client (null while stopped), then each one that replaces it. */
    follow: (listener: TClientListener) => {
      listener(client, true);
      return listen(clientListeners, listener);
    },
    currentClient: (): TRPCWebSocketClient | null => client,
  };
};

export type TRealtimeConnection = ReturnType<typeof createRealtimeConnection>;

const closedError = () => TRPCClientError.from(new Error('Connessione in tempo reale assente'));

/**
 * The terminating link of the realtime operations. A mutation goes over the current WebSocket client, and fails
 * at once when there is none. A subscription follows the connection: stopped and started again with each new
 * client (a toggle, an impersonation), it resumes from the last tracked id it received, as tRPC itself does on a
 * reconnection of the same client.
 */
export const realtimeLink =
  (connection: TRealtimeConnection): TRPCLink<AppRouter> =>
  (runtime) => {
    const linksOf = new WeakMap<TRPCWebSocketClient, OperationLink<AppRouter>>();
    const operationLink = (client: TRPCWebSocketClient) => {
      const known = linksOf.get(client);
      if (known) return known;
      const made = wsLink<AppRouter>({ client, transformer: superjson })(runtime);
      linksOf.set(client, made);
      return made;
    };
    return ({ op, next }) =>
      observable((observer) => {
        if (op.type !== 'subscription') {
          const client = connection.currentClient();
          if (!client) {
            observer.error(closedError());
            return;
          }
          return operationLink(client)({ op, next }).subscribe(observer);
        }
        const input = op.input as { lastEventId?: string | null } | undefined;
        let lastEventId = input?.lastEventId ?? undefined;
        let current: Unsubscribable | null = null;
        const unfollow = connection.follow((client, isSameUser) => {
          current?.unsubscribe();
          current = null;
          // Another user's (an impersonation started or ended): their stream starts afresh, nothing to resume.
          if (!isSameUser) lastEventId = input?.lastEventId ?? undefined;
          if (!client) return;
          const resumed = lastEventId === undefined ? op : { ...op, input: { ...(input ?? {}), lastEventId } };
          current = operationLink(client)({ op: resumed, next }).subscribe({
            next: (envelope) => {
              if (envelope.result.type === 'data' && envelope.result.id !== undefined) lastEventId = String(envelope.result.id);
              observer.next(envelope);
            },
            error: (error) => observer.error(error),
            // A client being replaced completes its subscriptions: only the current client's end is the end.
            complete: () => {
              if (connection.currentClient() === client) observer.complete();
            },
          });
        });
        return () => {
          unfollow();
          current?.unsubscribe();
        };
      });
  };

/** The browser's one realtime connection: lib/trpc.ts routes the realtime operations to it, RealtimeProvider opens it. */
export const realtimeConnection = createRealtimeConnection();
