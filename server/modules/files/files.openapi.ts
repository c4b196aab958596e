import { z } from 'zod';
import { ZApiError, ZMessageResponse } from '../../../shared/schemas/common';
import {
  ZDeleteFileRequest,
  ZFileList,
  ZFilePath,
  ZListFilesQuery,
  ZRenameFileRequest,
  ZRenameFileResponse,
  ZUploadDocsQuery,
  ZUploadResponse,
} from '../../../shared/schemas/files';
import type { TDocResponse, TRouteDocs } from '../../platform/openapi/route-docs';
import { totalCountHeader } from '../../platform/rest-conventions';

const TAG = 'Documenti';

/**
 * The query of GET /api/docs/download as an object: ZDownloadQuery reads any number of `path_N`/`name_N` pairs, which
 * a query parameter list cannot name; the first pair stands for them.
 */
const ZDownloadQueryDoc = z.object({
  path_0: ZFilePath.optional().meta({ description: 'Il riferimento di un file (`files/<uuid>`); `path_1`, `path_2`… per altri file, nell’ordine degli indici.' }),
  name_0: z.string().max(255).optional().meta({ description: 'Il nome con cui scaricare il file `path_0` (`name_1`… per gli altri).' }),
  zipName: z.string().max(200).optional().meta({ description: 'Il nome dello zip, per più file (predefinito «documenti»).' }),
  inline: z.enum(['1', 'true']).optional().meta({ description: 'Un solo file mostrato nel browser, quando il suo tipo lo consente.' }),
});

/** The query of GET /api/docs/file (ZViewFileQuery) as an object. */
const ZViewFileQueryDoc = z.object({
  path: ZFilePath.meta({ description: 'Il riferimento del file (`files/<uuid>`).' }),
  download: z.string().optional().meta({ description: 'Presente (con qualsiasi valore): il file come allegato invece che mostrato.' }),
});

const fileHeaders = {
  'Content-Disposition': { description: 'inline o attachment, con il nome del file.', type: 'string' },
  'Accept-Ranges': { description: '`bytes`: si può chiedere una parte del file con `Range`.', type: 'string' },
} as const;

/** Answers of a route that sends one stored file, with byte ranges (RFC 9110). */
const oneFileResponses = (whole: string): Readonly<Record<number, TDocResponse>> => ({
  200: { description: whole, contentType: '*/*', headers: fileHeaders },
  206: {
    description: 'La parte chiesta con `Range: bytes=…` (un solo intervallo; più intervalli o `If-Range` ricevono il file intero).',
    contentType: '*/*',
    headers: { ...fileHeaders, 'Content-Range': { description: '`bytes <inizio>-<fine>/<dimensione>`.', type: 'string' } },
  },
  416: {
    description: 'L’intervallo chiesto è fuori dal file (corpo vuoto).',
    headers: { 'Content-Range': { description: '`bytes */<dimensione>`.', type: 'string' } },
  },
});

/** The stored files' REST routes in the published contract (spec section 7: the /api/docs paths). */
export const FILES_DOCS: TRouteDocs = {
  'GET /api/docs': {
    summary: 'I documenti dell’utente e quelli pubblicati per lui',
    description: 'I più recenti prima, con i permessi di modifica e cancellazione di ciascuno.',
    tag: TAG,
    query: ZListFilesQuery,
    responses: { 200: { description: 'La pagina di documenti e il totale.', schema: ZFileList, headers: totalCountHeader('Il numero di documenti con questi filtri, come `total`.') } },
  },
  'POST /api/docs/upload': {
    summary: 'Carica documenti dell’utente',
    description:
      'Multipart: `file0`…`fileN`, con i dati di ciascuno in `m0`…`mN`. `docType` vale per tutti i file; `subjectType` e `subjectId` (entrambi o nessuno) li allegano a una scheda che l’utente può modificare (i documenti di un cliente: `subjectType=client`). Il contenuto deve essere di un tipo ammesso; i limiti di dimensione e numero sono della configurazione (413 oltre). Se il caricamento non riesce non resta nulla.',
    tag: TAG,
    query: ZUploadDocsQuery,
    multipart: {
      fields: {
        m0: 'JSON con i dati di `file0`: {name, type?, docType?, …} (le altre chiavi restano nei metadati del file); `m1`… per gli altri.',
        body: 'JSON facoltativo.',
      },
      files: 'Uno o più file: `file0`, `file1`, …',
    },
    responses: {
      200: { description: 'I file caricati.', schema: ZUploadResponse },
      413: { description: 'Il caricamento supera un limite (codice `PAYLOAD_TOO_LARGE`; la connessione è chiusa).', schema: ZApiError },
    },
  },
  'GET /api/docs/download': {
    summary: 'Scarica uno o più file',
    description:
      'Ogni file è controllato (accesso, al più 200 file e 1 GB in tutto) prima che parta un byte. Un file: il suo contenuto con il suo tipo (intervalli di byte ammessi); più file: uno zip creato mentre è inviato.',
    tag: TAG,
    query: ZDownloadQueryDoc,
    responses: oneFileResponses('Il file (con il suo tipo) o, per più file, lo zip (`application/zip`) come allegato.'),
  },
  'GET /api/docs/file': {
    summary: 'Un file per il visualizzatore',
    description:
      'Mostrato nel browser quando il suo tipo lo consente senza rischi (PDF, immagini, audio, video; con una Content-Security-Policy che non permette altro), altrimenti come allegato.',
    tag: TAG,
    query: ZViewFileQueryDoc,
    responses: oneFileResponses('Il file, con il suo tipo.'),
  },
  'PATCH /api/docs/rename': {
    summary: 'Rinomina un file',
    description: 'Solo un file che l’utente può modificare (403 altrimenti).',
    tag: TAG,
    body: ZRenameFileRequest,
    responses: { 200: { description: 'Il file con il nuovo nome.', schema: ZRenameFileResponse } },
  },
  'DELETE /api/docs/delete': {
    summary: 'Elimina un file',
    description: 'Solo un file che l’utente può eliminare (403 altrimenti: un contratto firmato non si elimina). Il contenuto è rimosso; resta traccia di chi lo aveva caricato.',
    tag: TAG,
    body: ZDeleteFileRequest,
    responses: { 200: { description: 'File eliminato.', schema: ZMessageResponse } },
  },
};
