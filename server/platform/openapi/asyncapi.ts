import type { z } from 'zod';
import { SOCKET_PATH } from '../../../shared/realtime';
import { SOCKET_CLIENT_EVENTS, SOCKET_SERVER_EVENTS } from '../../../shared/realtime-contract';
import { SESSION_COOKIE } from '../http-context';
import { jsonSchemaOf } from './document';

type TJson = Record<string, unknown>;

/**
 * The AsyncAPI 3.0 document of the socket.io events at `/ws/` (spec section 7), built from the shared zod schemas of
 * `shared/realtime-contract.ts`, as the OpenAPI document is from the REST routes'. The application it describes is
 * the platform's server: the events it emits are `send` operations, those clients emit are `receive` operations,
 * and an event answered through socket.io's acknowledgement callback has that answer as its `reply`. Payloads are
 * JSON as they travel (dates as ISO strings).
 */
export const buildAsyncApiDocument = (info: { version: string; serverUrl: string }): TJson => {
  const url = new URL(info.serverUrl);
  const messages: Record<string, TJson> = {};
  const channelMessages: Record<string, TJson> = {};
  const operations: Record<string, TJson> = {};
  const channel = { $ref: '#/channels/socket' };
  const message = (name: string, summary: string, schema: z.ZodType | null, io: 'input' | 'output'): TJson => ({
    name,
    title: name,
    summary,
    ...(schema ? { payload: jsonSchemaOf(schema, io) } : {}),
  });
  const addMessage = (id: string, body: TJson) => {
    messages[id] = body;
    channelMessages[id] = { $ref: `#/components/messages/${id}` };
    return { $ref: `#/channels/socket/messages/${id}` };
  };

  for (const [name, event] of Object.entries(SOCKET_SERVER_EVENTS)) {
    const ref = addMessage(name, message(name, event.summary, event.payload, 'output'));
    operations[`send_${name}`] = { action: 'send', channel, summary: event.summary, messages: [ref] };
  }
  for (const [name, event] of Object.entries(SOCKET_CLIENT_EVENTS)) {
    const ref = addMessage(name, message(name, event.summary, event.payload, 'input'));
    const operation: TJson = { action: 'receive', channel, summary: event.summary, messages: [ref] };
    if (event.ack) {
      const ackRef = addMessage(`${name}_ack`, message(`${name} (conferma)`, `La risposta del server a \`${name}\`, nella callback di conferma di socket.io.`, event.ack, 'output'));
      operation.reply = { channel, messages: [ackRef] };
    }
    operations[`receive_${name}`] = operation;
  }

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Piattaforma intermediari — eventi in tempo reale (socket.io)',
      version: info.version,
      description:
        `Gli eventi socket.io della piattaforma (spec, sezione 7), al percorso \`${SOCKET_PATH}\` (trasporto websocket, poi long-polling). ` +
        'Ogni messaggio è un evento socket.io col nome indicato in `name`; il `payload` è il suo primo argomento. ' +
        'La connessione si autentica all’apertura: con il cookie di sessione, o con il token di «accedi come» in `auth.token`. ' +
        'Le API REST sono descritte in `GET /api/openapi.json`.',
      license: { name: 'Proprietaria' },
    },
    defaultContentType: 'application/json',
    servers: {
      platform: {
        host: url.host,
        protocol: url.protocol === 'https:' ? 'wss' : 'ws',
        pathname: SOCKET_PATH,
        description: 'socket.io (Engine.IO 4).',
        security: [{ $ref: '#/components/securitySchemes/session' }, { $ref: '#/components/securitySchemes/loginAs' }],
        bindings: { ws: { bindingVersion: '0.1.0' } },
      },
    },
    channels: {
      socket: {
        address: SOCKET_PATH,
        title: 'La connessione socket.io dell’utente',
        description: 'Una connessione per scheda: riceve gli eventi dei propri argomenti (l’utente, il ruolo, tutti, le stanze di chat).',
        messages: channelMessages,
      },
    },
    operations,
    components: {
      messages,
      securitySchemes: {
        session: { type: 'httpApiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Il cookie di sessione, impostato da `POST /api/auth/login`.' },
        loginAs: {
          type: 'http',
          scheme: 'bearer',
          description: 'Il token di «accedi come» di un amministratore: in `Authorization: Bearer` della richiesta di apertura, o in `auth.token` di socket.io.',
        },
      },
    },
  };
};
