import { createContext, useContext, useSyncExternalStore } from 'react';
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
