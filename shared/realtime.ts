import type { TApiError } from './schemas/common';
import type { TNewMessageEvent, TSendMessageRequest, TChatMessage } from './schemas/chat';
import type { TNotification, TOneTimeMessage, TUnreadCount } from './schemas/notifications';

/** Path of the socket.io endpoint (spec section 7); the client connects websocket first, then polling. */
export const SOCKET_PATH = '/ws/';

/** What JSON makes of a value: dates travel as ISO strings over socket.io (tRPC keeps them as Date). */
export type TJson<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? TJson<U>[]
    : T extends object
      ? { [K in keyof T]: TJson<T[K]> }
      : T;

/** Payload of every server event of spec section 7 (as the server holds it); `undefined`: no payload. */
export type TServerEventPayloads = {
  /** The recent notifications, answered to `ready`. */
  notifications: TNotification[];
  /** One new notification, live. */
  notification: TNotification;
  onetimemessage: TOneTimeMessage;
  /** Settings changed: reload them. */
  syncSettings: undefined;
  /** Sent once the connection is authenticated and subscribed. */
  online: boolean;
  /** A chat message for a room the user takes part in (the room as the user sees it). */
  newMessage: TNewMessageEvent;
  /** One of the user's chat messages was acknowledged by its recipient (not in the spec's list: an addition). */
  msgAcked: { messageId: string; roomId: string };
};
export type TServerEventName = keyof TServerEventPayloads;

export type TServerToClientEvents = {
  [E in TServerEventName]: TServerEventPayloads[E] extends undefined ? () => void : (payload: TJson<TServerEventPayloads[E]>) => void;
};

/** Answer to a client event sent with an acknowledgement callback. */
export type TSocketAck<T> = { ok: true; data: T } | { ok: false; error: TApiError };

export type TClientToServerEvents = {
  /** Sent on the first connect: the server answers with `notifications`. */
  ready: () => void;
  /** Marks the caller's notifications read: one id or a list. */
  ackNotif: (ids: string | string[], ack?: (result: TSocketAck<TUnreadCount>) => void) => void;
  /**
   * Sends a chat message: stored first, then acknowledged (`false` when it failed; retry with the same clientId),
   * then delivered to the other participants as `newMessage`.
   */
  message: (payload: TSendMessageRequest, ack?: (result: TJson<TChatMessage> | false) => void) => void;
  /** Acknowledges a received chat message (by id). */
  ackMsg: (messageId: string, ack?: (result: TSocketAck<{ acked: boolean }>) => void) => void;
};
