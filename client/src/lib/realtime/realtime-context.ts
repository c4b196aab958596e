import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { TConnectionState, TRealtimeConnection } from './trpc-ws';

export const RealtimeContext = createContext<TRealtimeConnection | null>(null);

export const useRealtime = (): TRealtimeConnection => {
  const connection = useContext(RealtimeContext);
  if (!connection) throw new Error('useRealtime must be used inside <RealtimeProvider>');
  return connection;
};

export const useConnectionState = (): TConnectionState => {
  const connection = useRealtime();
  return useSyncExternalStore(connection.subscribe, connection.getState, connection.getState);
};

/**
 * Calls the latest `handler` each time the realtime connection opens (the first time and after every drop): the
 * `ready` of spec section 7, on which what a subscription does not replay is fetched again.
 */
export const useOnRealtimeOpen = (handler: () => void): void => {
  const connection = useRealtime();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => connection.onOpen(() => latest.current()), [connection]);
};
