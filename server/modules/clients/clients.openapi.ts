import { z } from 'zod';
import { ZClientErasureResult } from '../../../shared/schemas/client-gdpr';
import { IMPORT_LIMITS, ZImportResult } from '../../../shared/schemas/client-import';
import {
  ZAddClientNoteInput,
  ZClientCompanyInput,
  ZClientIdInput,
  ZClientNote,
  ZClientNoteIdInput,
  ZClientPersonInput,
  ZClientRecord,
  ZCreateClientInput,
  ZMoveClientInput,
} from '../../../shared/schemas/client-record';
import { ZApiError, ZMessageResponse } from '../../../shared/schemas/common';
import { ZClient, ZListClientsQuery } from '../../../shared/schemas/data';
import { ETAG_HEADER } from '../../platform/etag';
import type { TRouteDocs } from '../../platform/openapi/route-docs';
import { locationHeader, totalCountHeader } from '../../platform/rest-conventions';

const TAG = 'Clienti';
const IMPORT_MAX_MB = IMPORT_LIMITS.maxFileBytes / 1024 / 1024;

/**
 * The merge patch of PATCH /api/clients/:id: any fields of a person's or a company's record (the shapes without their
 * checks, which run on the patched record as a whole).
 */
const ZClientPatch = z.union([z.object(ZClientPersonInput.shape).partial(), z.object(ZClientCompanyInput.shape).partial()]);

/** The corners' book of clients in the published contract (spec section 7; GDPR, move and import of issues 14-16). */
export const CLIENTS_DOCS: TRouteDocs = {
  'GET /api/clients': {
    summary: 'I clienti, filtrati, ordinati e a pagine',
    description:
      'Un corner vede la propria rubrica, un amministratore tutte (`cornerId` per una sola), un broker nessuna (lista vuota). `limit=0`: tutti. I testi si confrontano senza maiuscole né accenti.',
    tag: TAG,
    query: ZListClientsQuery,
    responses: {
      200: {
        description: 'La pagina di clienti.',
        schema: z.array(ZClient),
        headers: totalCountHeader('Il numero di clienti con questi filtri.'),
      },
    },
  },
  'POST /api/clients': {
    summary: 'Un nuovo cliente (persona o azienda) nella rubrica',
    description:
      'Un corner lo aggiunge alla propria rubrica; un amministratore indica il corner (`cornerId`); un broker non può (403). Le incongruenze del codice fiscale sono errori finché `acknowledgedWarnings` non le conferma; 409 per un codice fiscale o una partita IVA già in rubrica (l’errore ha `details.existingClientId`).',
    tag: TAG,
    body: ZCreateClientInput,
    responses: { 201: { description: 'Il cliente creato.', schema: ZClientRecord, headers: { ...locationHeader('Il percorso del cliente creato.'), ETag: ETAG_HEADER } } },
  },
  'GET /api/clients/:id': {
    summary: 'Una scheda cliente',
    description: 'Della propria rubrica (tutte per un amministratore); un broker legge i clienti delle pratiche del suo settore.',
    tag: TAG,
    params: ZClientIdInput,
    responses: { 200: { description: 'Il cliente.', schema: ZClientRecord, headers: { ETag: ETAG_HEADER } } },
  },
  'PATCH /api/clients/:id': {
    summary: 'Modifica un cliente (merge patch, RFC 7396)',
    description: 'Cambia solo ciò che è inviato; la scheda che ne risulta è controllata per intero, come alla creazione (409 per un codice fiscale o una partita IVA già in rubrica).',
    tag: TAG,
    params: ZClientIdInput,
    body: ZClientPatch,
    ifMatch: true,
    responses: { 200: { description: 'Il cliente modificato.', schema: ZClientRecord, headers: { ETag: ETAG_HEADER } } },
  },
  'DELETE /api/clients/:id': {
    summary: 'Elimina un cliente dalla rubrica',
    description: 'Il cliente esce da ogni lista; i suoi dati restano per ciò che vi fa riferimento (la cancellazione dei dati è `POST /api/clients/{id}/erase`).',
    tag: TAG,
    params: ZClientIdInput,
    responses: { 200: { description: 'Cliente eliminato.', schema: ZMessageResponse } },
  },
  'GET /api/clients/:id/notes': {
    summary: 'Le note di un cliente, le più recenti prima',
    tag: TAG,
    params: ZClientIdInput,
    responses: { 200: { description: 'Le note, con il nome dell’autore.', schema: z.array(ZClientNote) } },
  },
  'POST /api/clients/:id/notes': {
    summary: 'Aggiunge una nota a un cliente',
    tag: TAG,
    params: ZClientIdInput,
    body: ZAddClientNoteInput.pick({ text: true }),
    responses: { 201: { description: 'La nota aggiunta.', schema: ZClientNote, headers: locationHeader('Il percorso della nota (`/api/clients/{id}/notes/{noteId}`).') } },
  },
  'GET /api/clients/:id/notes/:noteId': {
    summary: 'Una nota di un cliente',
    description: 'Di un cliente della propria rubrica (tutte per un amministratore); di un’altra rubrica risponde 404, come una nota che non esiste.',
    tag: TAG,
    params: ZClientNoteIdInput,
    responses: { 200: { description: 'La nota, con il nome dell’autore.', schema: ZClientNote } },
  },
  'GET /api/clients/:id/export': {
    summary: 'I dati di un cliente in uno zip (GDPR, artt. 15 e 20)',
    description: 'Lo zip contiene `cliente.json` (la scheda, le note, l’elenco dei documenti) e i documenti sotto `documenti/`. L’esportazione è registrata nel registro attività.',
    tag: TAG,
    params: ZClientIdInput,
    responses: {
      200: {
        description: 'Lo zip, come allegato `dati-cliente-<nome>.zip` (non conservato nelle cache).',
        contentType: 'application/zip',
        headers: { 'Content-Disposition': { description: 'attachment, con il nome del file.', type: 'string' } },
      },
    },
  },
  'POST /api/clients/:id/erase': {
    summary: 'Cancella i dati personali di un cliente (GDPR, art. 17)',
    description:
      'La scheda è anonimizzata, le note e i documenti cancellati. Un amministratore raggiunge anche un cliente già eliminato dal corner. 409, con la data, quando una pratica o un pagamento obbliga a conservare i dati (la richiesta resta registrata).',
    tag: TAG,
    params: ZClientIdInput,
    responses: { 200: { description: 'Dati cancellati.', schema: ZClientErasureResult } },
  },
  'POST /api/clients/:id/move': {
    summary: 'Sposta un cliente nella rubrica di un altro corner (amministratori)',
    description: 'Il motivo è scritto nel registro attività. 409 quando la rubrica di destinazione ha già lo stesso codice fiscale o partita IVA.',
    tag: TAG,
    params: ZClientIdInput,
    body: ZMoveClientInput.omit({ id: true }),
    responses: { 200: { description: 'Il cliente nella nuova rubrica.', schema: ZClientRecord } },
  },
  'POST /api/clients/import': {
    summary: 'Importa clienti da un file CSV o Excel',
    description:
      'Un file (`file0` o `file`) e le opzioni: in una parte `body` (JSON `{mapping?, dryRun?, cornerId?}`) o nei campi omonimi. Senza `mapping` si usa quella suggerita dalle intestazioni; `dryRun` vale `true` se manca (anteprima: nulla è scritto). Un amministratore indica il corner. ' +
      `Al più ${IMPORT_MAX_MB} MB e ${IMPORT_LIMITS.maxRows.toLocaleString('it-IT')} righe.`,
    tag: TAG,
    multipart: {
      fields: {
        body: 'Le opzioni in JSON: {mapping?, dryRun?, cornerId?}.',
        mapping: 'JSON: per ogni campo del cliente l’indice (da 0) della colonna che lo riempie, o null.',
        dryRun: '`true` (anteprima, il valore se manca) o `false` (importa).',
        cornerId: 'Il corner della rubrica (solo amministratori).',
      },
      files: 'Un solo file CSV o Excel, come `file0` (o `file`).',
    },
    responses: {
      200: { description: 'L’esito riga per riga, i conteggi e l’anteprima.', schema: ZImportResult },
      413: { description: `Il file supera i ${IMPORT_MAX_MB} MB (codice \`PAYLOAD_TOO_LARGE\`; la connessione è chiusa).`, schema: ZApiError },
    },
  },
};
