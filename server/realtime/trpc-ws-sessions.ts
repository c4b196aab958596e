import type { TActor } from '../platform/context';
import type { TEventBus } from './event-bus';
import { endsSessionOf, SESSIONS_TOPIC } from './session-events';

type TClosableSocket = { close: (code?: number, reason?: string) => void; once: (event: 'close', listener: () => void) => unknown };

export const isClosableSocket = (value: unknown): value is TClosableSocket =>
  typeof (value as TClosableSocket | null)?.close === 'function' && typeof (value as TClosableSocket | null)?.once === 'function';

/** Close code for a tRPC WebSocket whose session ended (4000-4999 are free for applications). */
export const SESSION_ENDED_CLOSE_CODE = 4001;

/**
 * A tRPC WebSocket resolves its user once, when it opens; without this, an open connection would keep acting
 * as a user who has since logged out or changed password. Connections are tracked with their actor and closed
 * as soon as any instance announces that their session ended.
 */
export const createTrpcSocketSessions = (bus: TEventBus) => {
  const sockets = new Map<TClosableSocket, TActor>();
  const unsubscribe = bus.subscribe(SESSIONS_TOPIC, (event) => {
    for (const [socket, actor] of sockets) {
      if (!endsSessionOf(event, actor)) continue;
      sockets.delete(socket);
      socket.close(SESSION_ENDED_CLOSE_CODE, 'Sessione terminata');
    }
  });
  return {
    track: (socket: TClosableSocket, actor: TActor) => {
      sockets.set(socket, actor);
      socket.once('close', () => sockets.delete(socket));
    },
    close: unsubscribe,
  };
};
