import { z } from 'zod';
import { ZInsuredQuotationInput, ZQuotationInput } from '../../../../shared/practices/quotation';
import { ZFileItem, ZUploadDocsQuery, ZUploadResponse } from '../../../../shared/schemas/files';
import { ZPracticeIdInput } from '../../../../shared/schemas/practices';
import { ZQuotation, ZQuotationIdInput } from '../../../../shared/schemas/quotations';
import type { TRouteDocs } from '../../../platform/openapi/route-docs';
import { locationHeader } from '../../../platform/rest-conventions';
import { TAG, tooLarge } from '../engine/practices.openapi';

/** A quotation as its sector checks it: RC Auto's limits per claim (raised by vehicle type), or one insured sum. */
const ZAnyQuotationInput = z.union([ZQuotationInput, ZInsuredQuotationInput]);

/** The multipart alternative of a quotation's JSON body: the quotation as JSON text, with its PDF. */
const QUOTATION_MULTIPART = {
  fields: { body: 'La quotazione in JSON, come nel corpo JSON.' },
  files: 'La quotazione in JSON nella parte `body`, con il PDF del preventivo come `file0`.',
};

/** The quotations' and documents' REST routes in the published contract. */
export const PRACTICES_QUOTATIONS_DOCS: TRouteDocs = {
  'GET /api/practices/:sector/:id/quotations': {
    summary: 'Le quotazioni della pratica',
    tag: TAG,
    params: ZPracticeIdInput,
    responses: { 200: { description: 'Le quotazioni, dalla più vecchia.', schema: z.array(ZQuotation) } },
  },
  'POST /api/practices/:sector/:id/quotations': {
    summary: 'Aggiunge una quotazione (broker che ha in carico la pratica, o amministratore)',
    description:
      'Mentre la pratica è in quotazione (altrimenti 409). Il corpo JSON è la quotazione (lo schema del settore è in `quotation` di `GET /api/practices/{sector}/schema`: RC Auto con i massimali, gli altri con la somma assicurata); in alternativa multipart, con il PDF del preventivo come `file0` e la quotazione in JSON nella parte `body`. Un broker che aggiunge la prima quotazione di una pratica libera la prende in carico.',
    tag: TAG,
    params: ZPracticeIdInput,
    body: ZAnyQuotationInput,
    multipart: QUOTATION_MULTIPART,
    responses: {
      201: { description: 'La quotazione aggiunta.', schema: ZQuotation, headers: locationHeader('Il percorso della quotazione (`/api/practices/{sector}/{id}/quotations/{qid}`).') },
      413: tooLarge,
    },
  },
  'GET /api/practices/:sector/:id/quotations/:qid': {
    summary: 'Una quotazione della pratica',
    description: 'Chi raggiunge la pratica; di una pratica che non raggiunge risponde 404, come una quotazione che non esiste.',
    tag: TAG,
    params: ZQuotationIdInput,
    responses: { 200: { description: 'La quotazione, con il suo PDF e il nome di chi l’ha scritta.', schema: ZQuotation } },
  },
  'PATCH /api/practices/:sector/:id/quotations/:qid': {
    summary: 'Sostituisce una quotazione (di nuovo intera), con o senza un nuovo PDF',
    description:
      'Come l’aggiunta: JSON, o multipart con il nuovo PDF come `file0` e la quotazione nella parte `body`. Una quotazione cambiata non è più scelta: il corner sceglie di nuovo.',
    tag: TAG,
    params: ZQuotationIdInput,
    body: ZAnyQuotationInput,
    multipart: QUOTATION_MULTIPART,
    responses: { 200: { description: 'La quotazione modificata.', schema: ZQuotation }, 413: tooLarge },
  },
  'POST /api/practices/:sector/:id/quotations/:qid/choose': {
    summary: 'Sceglie una quotazione ancora valida (corner della pratica o amministratore)',
    description: 'Le altre non sono più scelte. 409 fuori dalla quotazione o per una quotazione scaduta.',
    tag: TAG,
    params: ZQuotationIdInput,
    responses: { 200: { description: 'Le quotazioni della pratica dopo la scelta.', schema: z.array(ZQuotation) } },
  },
  'GET /api/practices/:sector/:id/documents': {
    summary: 'I documenti della pratica',
    tag: TAG,
    params: ZPracticeIdInput,
    responses: { 200: { description: 'I documenti, dal più vecchio.', schema: z.array(ZFileItem) } },
  },
  'POST /api/practices/:sector/:id/documents': {
    summary: 'Carica documenti sulla pratica',
    description: 'Chi raggiunge la pratica e può scriverci; 409 su una pratica chiusa. `?docType=` vale per tutti i file del caricamento.',
    tag: TAG,
    params: ZPracticeIdInput,
    query: z.object({ docType: ZUploadDocsQuery.shape.docType.meta({ description: 'Il tipo di documento di tutti i file (es. un docType dei documenti richiesti dal settore).' }) }),
    multipart: {
      fields: { m0: 'I dati di file0 in JSON: `{name, type?, docType?}` (m1 per file1...).' },
      files: 'I file come file0, file1, ... con i loro dati in m0, m1, ...',
    },
    responses: {
      201: {
        description: 'I documenti caricati (nessun header `Location`: sono più record, ciascuno nel suo `path`; si rileggono con `GET /api/practices/{sector}/{id}/documents`).',
        schema: ZUploadResponse,
      },
      413: tooLarge,
    },
  },
};
