import { ZApiError } from '../../../../shared/schemas/common';
import { z } from 'zod';
import { ZUtilityOfferEntry } from '../../../../shared/practices/utility-offers';
import {
  ZCreatePracticeInput,
  ZListPracticesQuery,
  ZPractice,
  ZPracticeHistoryEntry,
  ZPracticeIdInput,
  ZPracticeSectorInput,
  ZPracticeTransitionInput,
} from '../../../../shared/schemas/practices';
import { ETAG_HEADER } from '../../../platform/etag';
import type { TDocResponse, TRouteDocs } from '../../../platform/openapi/route-docs';
import { locationHeader, totalCountHeader } from '../../../platform/rest-conventions';

/** What the parts' entries share (each part documents its own routes beside its `*.rest.ts`). */
export const TAG = 'Pratiche';
export const SCHEMA_HINT =
  'Lo schema di `data` è proprio del settore: lo pubblica `GET /api/practices/{sector}/schema` (`data` e `dataExample`; per altri rami e fideiussioni, in `products`, quello di ogni prodotto).';

/**
 * A practice's `data`: the sector's own object, checked by the sector's schema in the service (`z.unknown()` in
 * ZPractice); the contract says it is an object and where its schema is published.
 */
export const ZSectorData = z.record(z.string(), z.unknown()).meta({ description: `I dati della pratica. ${SCHEMA_HINT}` });
const ZPracticeOut = ZPractice.extend({ data: ZSectorData });

/** The error body (spec section 8, `ZApiError`) of the answers the document does not add by itself (413, the public 409). */
export const ZErrorBody = ZApiError;
export const tooLarge: TDocResponse = { description: 'Il caricamento supera la dimensione massima (`code`: `PAYLOAD_TOO_LARGE`); la connessione viene chiusa.', schema: ZErrorBody };

const practice = (description: string, headers?: TDocResponse['headers']): TDocResponse => ({ description, schema: ZPracticeOut, ...(headers ? { headers } : {}) });

/** The engine's REST routes in the published contract (issue 15's interfaces, issue 30's contract). */
export const PRACTICES_ENGINE_DOCS: TRouteDocs = {
  'GET /api/practices/:sector': {
    summary: 'Le pratiche di un settore, filtrate, ordinate e a pagine',
    description:
      'Il corner vede le sue, il broker quelle del suo settore (di un altro settore: nessuna), l’amministratore tutte. Il corpo è l’elenco; il totale per le pagine è nell’intestazione `X-Total-Count`. ' +
      SCHEMA_HINT,
    tag: TAG,
    params: ZPracticeSectorInput,
    query: ZListPracticesQuery,
    responses: {
      200: {
        description: 'Le pratiche della pagina (senza `blockers`).',
        schema: z.array(ZPracticeOut),
        headers: totalCountHeader('Il numero di pratiche che rispondono ai filtri, su tutte le pagine.'),
      },
    },
  },
  'POST /api/practices/:sector': {
    summary: 'Apre una pratica per un cliente, nello stato iniziale del settore',
    description:
      'Il corner per i suoi clienti, l’amministratore per qualunque cliente (per il suo corner); un broker no. Il settore deve essere nel livello del corner; alcuni settori chiedono il contratto firmato. 409 se una pratica aperta ha già gli stessi dati identificativi (targa, POD, PDR...). ' +
      SCHEMA_HINT,
    tag: TAG,
    params: ZPracticeSectorInput,
    body: ZCreatePracticeInput.omit({ sector: true }).extend({ data: ZSectorData }),
    responses: { 201: practice('La pratica creata.', { ...locationHeader('Il percorso della pratica creata.'), ETag: ETAG_HEADER }) },
  },
  'GET /api/practices/:sector/offers': {
    summary: 'Le offerte del catalogo di un settore delle utenze che si possono scegliere oggi',
    description: 'Qualunque utente autenticato; un settore che non è delle utenze risponde un elenco vuoto.',
    tag: TAG,
    params: ZPracticeSectorInput,
    responses: { 200: { description: 'Le offerte valide oggi.', schema: z.array(ZUtilityOfferEntry) } },
  },
  'GET /api/practices/:sector/:id': {
    summary: 'Una pratica, con quello che manca a ogni passaggio che chi chiama può fare ora',
    description: 'Chi raggiunge la pratica (il suo corner, i broker del settore, gli amministratori); le altre rispondono 404. ' + SCHEMA_HINT,
    tag: TAG,
    params: ZPracticeIdInput,
    responses: { 200: practice('La pratica, con `blockers`.', { ETag: ETAG_HEADER }) },
  },
  'PATCH /api/practices/:sector/:id': {
    summary: 'Modifica i dati della pratica (merge patch di `data`)',
    description:
      'Il corpo è una merge patch (RFC 7396) di `data`, o `{data: ...}`: cambiano solo i campi inviati (`null` li toglie); anche i dati interi vanno bene. Il corner della pratica o un amministratore, finché lo stato lo consente (altrimenti 409). ' +
      SCHEMA_HINT,
    tag: TAG,
    params: ZPracticeIdInput,
    body: ZSectorData.meta({ description: `Una merge patch dei dati della pratica, o \`{data: ...}\`. ${SCHEMA_HINT}` }),
    ifMatch: true,
    responses: { 200: practice('La pratica modificata.', { ETag: ETAG_HEADER }) },
  },
  'GET /api/practices/:sector/:id/history': {
    summary: 'La storia della pratica (solo in aggiunta): creazione, modifiche, passaggi, quotazioni, documenti',
    tag: TAG,
    params: ZPracticeIdInput,
    responses: { 200: { description: 'Gli eventi, dal più vecchio.', schema: z.array(ZPracticeHistoryEntry) } },
  },
  'POST /api/practices/:sector/:id/transition': {
    summary: 'Porta la pratica in un altro stato',
    description:
      'Il corpo è `{to, ...}`: lo stato di arrivo e i campi che quel passaggio chiede (il suo payload), il cui schema è in `transitions` di `GET /api/practices/{sector}/schema`. Ruolo, stato di partenza e requisiti (documenti, quotazione scelta, pacchetto precontrattuale...) sono controllati: 403 o 409 con il motivo.',
    tag: TAG,
    params: ZPracticeIdInput,
    body: z
      .object({ to: ZPracticeTransitionInput.shape.to.meta({ description: 'Lo stato di arrivo.' }) })
      .catchall(z.unknown())
      .meta({ description: 'Lo stato di arrivo e il payload del passaggio.' }),
    responses: { 200: practice('La pratica nel nuovo stato.') },
  },
  'POST /api/practices/:sector/:id/take': {
    summary: 'Prende in carico la pratica (broker del settore)',
    description: 'Già in carico a chi chiama: risponde la pratica. In carico a un altro broker o chiusa: 409.',
    tag: TAG,
    params: ZPracticeIdInput,
    responses: { 200: practice('La pratica presa in carico.') },
  },
};
