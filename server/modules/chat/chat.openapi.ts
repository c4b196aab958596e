import { z } from 'zod';
import {
  CHAT_PAGE_SIZE,
  ZChatRoom,
  ZChatRoomListItem,
  ZChatRoomQuery,
  ZChatRoomSummary,
  ZChatSearchQuery,
  ZChatSearchResult,
  ZChatUploadQuery,
  ZChatUploadResponse,
  ZOpenRoomRequest,
  ZPendingAck,
  ZStaffEntry,
} from '../../../shared/schemas/chat';
import { ZApiError } from '../../../shared/schemas/common';
import type { TRouteDocs } from '../../platform/openapi/route-docs';

const TAG = 'Chat';

/** The chat's REST routes in the published contract (spec section 7; messages are sent over socket.io or tRPC). */
export const CHAT_DOCS: TRouteDocs = {
  'GET /api/chat': {
    summary: 'Cerca per nome tra le stanze dell’utente e le persone a cui può scrivere',
    description: 'Con `name` vuoto risponde liste vuote.',
    tag: TAG,
    query: ZChatSearchQuery,
    responses: { 200: { description: 'Le stanze e i contatti trovati.', schema: ZChatSearchResult } },
  },
  'GET /api/chat/staff': {
    summary: 'Il contatto dello staff',
    description:
      'Per un corner il contatto «Staff» con l’id della sua stanza dello staff (null finché non è aperta con `POST /api/chat/staff/open`); per un amministratore gli amministratori attivi. Un broker non ha la chat dello staff (403).',
    tag: TAG,
    responses: { 200: { description: 'I contatti dello staff.', schema: z.array(ZStaffEntry) } },
  },
  'POST /api/chat/staff/open': {
    summary: 'Apre la stanza dello staff del corner (creata alla prima apertura)',
    description: 'Solo i corner: gli amministratori aprono la stanza di un corner con `POST /api/chat/open`, i broker non hanno la chat dello staff (403).',
    tag: TAG,
    responses: { 200: { description: 'La stanza.', schema: ZChatRoomSummary } },
  },
  'GET /api/chat/rooms': {
    summary: 'Le stanze dell’utente, con l’ultimo messaggio',
    description: 'Le 50 con l’attività più recente, ciascuna con il suo ultimo messaggio (null se nessuno) e quanti messaggi attendono la conferma di lettura dell’utente.',
    tag: TAG,
    responses: { 200: { description: 'Le stanze, le più recenti prima.', schema: z.array(ZChatRoomListItem) } },
  },
  'GET /api/chat/ack': {
    summary: 'I messaggi che attendono la conferma di lettura dell’utente',
    description: 'Al più 500.',
    tag: TAG,
    responses: { 200: { description: 'I messaggi da confermare, con la loro stanza.', schema: z.array(ZPendingAck) } },
  },
  'POST /api/chat/open': {
    summary: 'Apre (creandola al primo uso) la stanza con un utente',
    description: 'Solo con un utente attivo a cui le regole della chat permettono di scrivere (404 altrimenti).',
    tag: TAG,
    body: ZOpenRoomRequest,
    responses: { 200: { description: 'La stanza.', schema: ZChatRoomSummary } },
  },
  'GET /api/chat/:roomId': {
    summary: 'Una stanza con i suoi messaggi più recenti',
    description: `Al più ${CHAT_PAGE_SIZE} messaggi, i più vecchi prima; \`hasMore\` quando ce ne sono di precedenti, che si leggono con \`before\` (l’id del più vecchio già letto).`,
    tag: TAG,
    params: ZChatRoomQuery.pick({ roomId: true }),
    query: ZChatRoomQuery.pick({ before: true }),
    responses: { 200: { description: 'La stanza e i messaggi.', schema: ZChatRoom } },
  },
  'POST /api/chat/upload': {
    summary: 'Invia file in una stanza, come un messaggio',
    description:
      'Multipart: `file0`…`fileN`, con i dati di ciascuno in `m0`…`mN`, e una parte `body` (JSON `{text?, clientId?}`: la didascalia e l’id del messaggio scelto dal client, lo stesso a ogni nuovo tentativo). Stanza e limite di invii sono controllati prima di leggere i file.',
    tag: TAG,
    query: ZChatUploadQuery,
    multipart: {
      fields: {
        m0: 'JSON con i dati di `file0`: {name, type?, …}; `m1`… per gli altri.',
        body: 'JSON facoltativo: {text?, clientId?}.',
      },
      files: 'Uno o più file: `file0`, `file1`, …',
    },
    responses: {
      200: { description: 'File caricato: il messaggio che porta i file.', schema: ZChatUploadResponse },
      413: { description: 'Il caricamento supera un limite (codice `PAYLOAD_TOO_LARGE`; la connessione è chiusa).', schema: ZApiError },
    },
  },
};
