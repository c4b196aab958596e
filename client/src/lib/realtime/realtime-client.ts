import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH, type TClientToServerEvents, type TServerToClientEvents } from '../../../../shared/realtime';

export type TRealtimeSocket = Socket<TServerToClientEvents, TClientToServerEvents>;
export type TServerEvent = keyof TServerToClientEvents;

/** Spec section 3, socket connection state: connected or not, the server's online flag, and whether it ever connected. */
export type TConnectionState = { connected: boolean; online: boolean; isFirstConnection: boolean };

/** Pause before a fresh socket replaces one the server or the network dropped. */
export const RECONNECT_DELAY_MS = 1000;

const INITIAL_STATE: TConnectionState = { connected: false, online: false, isFirstConnection: true };

/** socket.io at /ws/ (spec section 7): websocket first, then polling, connected by hand, with the bearer token when there is one. */
export const createSocket = (token: string | null): TRealtimeSocket =>
  io({ path: SOCKET_PATH, transports: ['websocket', 'polling'], autoConnect: false, ...(token ? { auth: { token } } : {}) });

type THandler = (...args: unknown[]) => void;

/**
 * The one realtime connection of the signed-in shell (spec section 4): disconnected at start, connected on
 * `connect` (which emits `ready`), disconnected again on a connect error or a disconnect, and on a disconnect
 * a fresh socket takes the old one's place (and connects, unless the disconnect was asked for).
 */
export const createRealtimeClient = (makeSocket: (token: string | null) => TRealtimeSocket = createSocket) => {
  let socket: TRealtimeSocket | null = null;
  let token: string | null = null;
  /** Whether the connection should be up: false after `stop`, and after a disconnect asked for by the user. */
  let isWanted = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let state: TConnectionState = INITIAL_STATE;
  const stateListeners = new Set<() => void>();
  const handlers = new Map<string, Set<THandler>>();

  const setState = (patch: Partial<TConnectionState>): void => {
    const next = { ...state, ...patch };
    if (next.connected === state.connected && next.online === state.online && next.isFirstConnection === state.isFirstConnection) return;
    state = next;
    stateListeners.forEach((listener) => listener());
  };

  const clearReconnect = (): void => {
    if (reconnectTimer !== null) clearTimeout(reconnectTimer);
    reconnectTimer = null;
  };

  const dispose = (old: TRealtimeSocket | null): void => {
    if (!old) return;
    old.offAny();
    old.removeAllListeners();
    old.disconnect();
  };

  const build = (): TRealtimeSocket => {
    const next = makeSocket(token);
    next.on('connect', () => {
      if (socket !== next) return;
      setState({ connected: true, isFirstConnection: false });
      // The server answers `ready` with the recent notifications: sent on each (re)connection, so nothing missed stays missing.
      next.emit('ready');
    });
    next.on('connect_error', () => {
      if (socket === next) setState({ connected: false, online: false });
    });
    next.on('disconnect', () => {
      if (socket !== next) return;
      setState({ connected: false, online: false });
      dispose(next);
      socket = build();
      if (isWanted) {
        clearReconnect();
        reconnectTimer = setTimeout(() => {
          reconnectTimer = null;
          if (isWanted) socket?.connect();
        }, RECONNECT_DELAY_MS);
      }
    });
    next.on('online', (online) => {
      if (socket === next) setState({ online });
    });
    next.onAny((event: string, ...args: unknown[]) => {
      if (socket !== next) return;
      handlers.get(event)?.forEach((handler) => handler(...args));
    });
    return next;
  };

  /** Drops the current socket and connects a fresh one with `nextToken`. */
  const start = (nextToken: string | null): void => {
    clearReconnect();
    token = nextToken;
    isWanted = true;
    const old = socket;
    socket = null;
    dispose(old);
    setState({ connected: false, online: false });
    socket = build();
    socket.connect();
  };

  const stop = (): void => {
    clearReconnect();
    isWanted = false;
    const old = socket;
    socket = null;
    dispose(old);
    setState({ connected: false, online: false });
  };

  return {
    start,
    stop,
    /** The connection-status dot's double-click: disconnects when connected, otherwise reconnects with `nextToken`. */
    toggle: (nextToken: string | null): void => {
      if (state.connected) {
        isWanted = false;
        clearReconnect();
        // The `disconnect` handler puts a fresh, unconnected socket in its place.
        socket?.disconnect();
      } else {
        start(nextToken);
      }
    },
    getState: (): TConnectionState => state,
    subscribe: (listener: () => void): (() => void) => {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    /** Listens to a server event on whichever socket is current; returns the unsubscribe. */
    on: <E extends TServerEvent>(event: E, handler: TServerToClientEvents[E]): (() => void) => {
      const set = handlers.get(event) ?? new Set<THandler>();
      handlers.set(event, set);
      set.add(handler as THandler);
      return () => set.delete(handler as THandler);
    },
    /** Sends a client event when connected; answers whether it was sent. */
    emit: <E extends keyof TClientToServerEvents>(event: E, ...args: Parameters<TClientToServerEvents[E]>): boolean => {
      if (!socket?.connected) return false;
      socket.emit(event, ...args);
      return true;
    },
  };
};

export type TRealtimeClient = ReturnType<typeof createRealtimeClient>;
