import {
  ZPracticeFileFromChat,
  ZPracticeFiledDocument,
  ZPracticeThread,
  ZPracticeThreadMessage,
  ZPracticeThreadMessageIdInput,
  ZPracticeThreadQuery,
  ZPracticeThreadSend,
} from '../../../../shared/schemas/practice-thread';
import { ZPracticeIdInput } from '../../../../shared/schemas/practices';
import type { TRouteDocs } from '../../../platform/openapi/route-docs';
import { locationHeader } from '../../../platform/rest-conventions';

const MESSAGE_LOCATION = locationHeader('Il percorso del messaggio (`/api/practices/{sector}/{id}/thread/{messageId}`).');
import { TAG, tooLarge } from '../engine/practices.openapi';

/** The conversation's REST routes in the published contract. */
export const PRACTICES_THREAD_DOCS: TRouteDocs = {
  'GET /api/practices/:sector/:id/thread': {
    summary: 'La conversazione della pratica: gli ultimi messaggi, i precedenti con `before`',
    tag: TAG,
    params: ZPracticeIdInput,
    query: ZPracticeThreadQuery.pick({ before: true }),
    responses: { 200: { description: 'La stanza (null prima del primo messaggio), i messaggi dal più vecchio e se ce ne sono di precedenti.', schema: ZPracticeThread } },
  },
  'POST /api/practices/:sector/:id/thread': {
    summary: 'Scrive un messaggio nella conversazione della pratica',
    tag: TAG,
    params: ZPracticeIdInput,
    body: ZPracticeThreadSend.pick({ text: true }),
    responses: { 201: { description: 'Il messaggio inviato.', schema: ZPracticeThreadMessage, headers: MESSAGE_LOCATION } },
  },
  'GET /api/practices/:sector/:id/thread/:messageId': {
    summary: 'Un messaggio della conversazione della pratica',
    description: 'Chi raggiunge la pratica; un messaggio di un’altra pratica, o di una pratica che non raggiunge, risponde 404 come uno che non esiste.',
    tag: TAG,
    params: ZPracticeThreadMessageIdInput,
    responses: { 200: { description: 'Il messaggio.', schema: ZPracticeThreadMessage } },
  },
  'POST /api/practices/:sector/:id/thread/upload': {
    summary: 'Invia file nella conversazione della pratica (un messaggio con gli allegati)',
    description: 'Multipart come `POST /api/chat/upload`.',
    tag: TAG,
    params: ZPracticeIdInput,
    multipart: {
      fields: { m0: 'I dati di file0 in JSON: `{name, type?, docType?}` (m1 per file1...).', body: 'In JSON: `{text?, clientId?}`, la didascalia e l’id del messaggio del client.' },
      files: 'I file come file0, file1, ... con i loro dati in m0, m1, ...',
    },
    responses: { 201: { description: 'Il messaggio con gli allegati.', schema: ZPracticeThreadMessage, headers: MESSAGE_LOCATION }, 413: tooLarge },
  },
  'POST /api/practices/:sector/:id/thread/file': {
    summary: 'Archivia un allegato della conversazione tra i documenti della pratica',
    description: 'Una copia, con il nome dell’allegato; chi chiama deve poter aggiungere documenti alla pratica.',
    tag: TAG,
    params: ZPracticeIdInput,
    body: ZPracticeFileFromChat.omit({ sector: true, id: true }),
    responses: {
      201: {
        description: 'Il documento archiviato.',
        schema: ZPracticeFiledDocument,
        headers: locationHeader('Il documento archiviato, da leggere (`/api/docs/file?path=files/{uuid}`, il suo `path`) per chi vede i documenti della pratica.'),
      },
    },
  },
};
