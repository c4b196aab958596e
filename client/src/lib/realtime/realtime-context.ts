import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { TServerToClientEvents } from '../../../../shared/realtime';
import type { TConnectionState, TRealtimeClient, TServerEvent } from './realtime-client';

export const RealtimeContext = createContext<TRealtimeClient | null>(null);

export const useRealtime = (): TRealtimeClient => {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtime must be used inside <RealtimeProvider>');
  return client;
};

export const useConnectionState = (): TConnectionState => {
  const client = useRealtime();
  return useSyncExternalStore(client.subscribe, client.getState, client.getState);
};

/** Calls the latest `handler` on each `event` from the server, for as long as the component is mounted. */
export const useRealtimeEvent = <E extends TServerEvent>(event: E, handler: TServerToClientEvents[E]): void => {
  const client = useRealtime();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const forward = ((...args: unknown[]) => (latest.current as (...values: unknown[]) => void)(...args)) as TServerToClientEvents[E];
    return client.on(event, forward);
  }, [client, event]);
};
