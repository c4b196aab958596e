import { z } from 'zod';
import { ZApiError } from './schemas/common';
import { ZChatMessage, ZMessageId, ZNewMessageEvent, ZSendMessageRequest } from './schemas/chat';
import { ZAckNotifPayload, ZNotification, ZOneTimeMessage, ZUnreadCount } from './schemas/notifications';
import type { TClientToServerEvents, TServerEventName, TServerEventPayloads } from './realtime';

/**
 * The socket.io events of spec section 7 as zod schemas: the one source of the AsyncAPI document
 * (`GET /api/asyncapi.json`, server/platform/openapi/asyncapi.ts). The event types of `./realtime` are checked
 * against these below, so the two cannot drift. Kept apart from `./realtime` so the client's bundle does not carry it.
 */

/** What a server event carries (`null`: no payload), and what it is for. */
type TServerEventContract = { summary: string; payload: z.ZodType | null };
/** What a client sends with an event (`null`: nothing), what it is for, and the acknowledgement it gets back (`null`: none). */
type TClientEventContract = { summary: string; payload: z.ZodType | null; ack: z.ZodType | null };

/** The answer to a client event sent with an acknowledgement callback (`TSocketAck`). */
const socketAck = <T extends z.ZodType>(data: T) => z.union([z.object({ ok: z.literal(true), data }), z.object({ ok: z.literal(false), error: ZApiError })]);

export const SOCKET_SERVER_EVENTS = {
  notifications: { summary: 'Le notifiche recenti, in risposta a `ready`.', payload: z.array(ZNotification) },
  notification: { summary: 'Una nuova notifica, in tempo reale.', payload: ZNotification },
  onetimemessage: { summary: 'Un avviso da mostrare una volta (inviato da un amministratore).', payload: ZOneTimeMessage },
  syncSettings: { summary: 'Le impostazioni sono cambiate: ricaricale (`GET /api/settings`).', payload: null },
  online: { summary: 'La connessione è autenticata e iscritta ai propri argomenti.', payload: z.boolean() },
  newMessage: { summary: 'Un messaggio di chat per una stanza di cui l’utente fa parte (la stanza come la vede l’utente).', payload: ZNewMessageEvent },
  msgAcked: {
    summary: 'Un messaggio dell’utente è stato confermato dal destinatario (un’aggiunta alla spec).',
    payload: z.object({ messageId: z.string(), roomId: z.string() }),
  },
} as const satisfies Record<TServerEventName, TServerEventContract>;

export const SOCKET_CLIENT_EVENTS = {
  ready: { summary: 'Alla prima connessione: il server risponde con `notifications`.', payload: null, ack: null },
  ackNotif: { summary: 'Segna lette le notifiche indicate (un id o una lista).', payload: ZAckNotifPayload, ack: socketAck(ZUnreadCount) },
  message: {
    summary:
      'Invia un messaggio di chat: salvato, poi confermato (con il messaggio salvato, o `false` se non riuscito: riprova con lo stesso `clientId`), poi consegnato agli altri partecipanti come `newMessage`.',
    payload: ZSendMessageRequest,
    ack: z.union([ZChatMessage, z.literal(false)]),
  },
  ackMsg: { summary: 'Conferma la ricezione di un messaggio di chat (per id).', payload: ZMessageId, ack: socketAck(z.object({ acked: z.boolean() })) },
} as const satisfies Record<keyof TClientToServerEvents, TClientEventContract>;

// Compile-time: the event types the server and the client use are exactly what these schemas describe.
type TEqual<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type TPayloadOf<C> = C extends { payload: infer S } ? (S extends z.ZodType ? z.output<S> : undefined) : never;
type TServerEventsMatch = { [E in TServerEventName]: TEqual<TServerEventPayloads[E], TPayloadOf<(typeof SOCKET_SERVER_EVENTS)[E]>> };
type TAllTrue<T> = T[keyof T] extends true ? true : false;
export const SERVER_EVENT_TYPES_MATCH: TAllTrue<TServerEventsMatch> = true;
