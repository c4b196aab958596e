import { z } from 'zod';
import {
  ZPrecontract,
  ZPrecontractIdInput,
  ZPrecontractQuestionnaire,
  ZPrecontractSendResponse,
  ZPrecontractSetup,
  ZPrecontractTemplate,
  ZPrecontractTemplateContent,
  ZPrecontractToken,
  ZPublicPrecontract,
  ZPublicPrecontractOtpResponse,
  ZPublicPrecontractSignRequest,
  ZPublicPrecontractSignResponse,
  ZSavePrecontractTemplateInput,
} from '../../../../shared/schemas/precontract';
import type { TDocResponse, TRouteDocs } from '../../../platform/openapi/route-docs';
import { TAG, ZErrorBody } from '../engine/practices.openapi';

const pdf = (description: string): TDocResponse => ({
  description,
  contentType: 'application/pdf',
  headers: { 'Content-Disposition': { description: '`inline` o, con `?download`, `attachment`, con il nome del file.', type: 'string' } },
});

const ZTokenParams = z.object({ token: ZPrecontractToken });
const ZDownloadQuery = z.object({ download: z.string().optional().meta({ description: 'Presente (anche vuoto): il file come allegato da salvare invece che da mostrare.' }) });

/** The pre-contract pack's REST routes (the corner's, the admin's and the public signing page's) in the published contract. */
export const PRACTICES_PRECONTRACT_DOCS: TRouteDocs = {
  'GET /api/practices/:sector/:id/precontract': {
    summary: 'Il pacchetto precontrattuale della pratica (stato, questionario, documenti)',
    description: 'Il corner della pratica, i broker del settore (con l’e-mail del cliente mascherata), gli amministratori.',
    tag: TAG,
    params: ZPrecontractIdInput,
    responses: { 200: { description: 'Il pacchetto.', schema: ZPrecontract } },
  },
  'PUT /api/practices/:sector/:id/precontract/questionnaire': {
    summary: 'Salva il questionario delle esigenze e richieste del cliente',
    description:
      'Il corpo sono le risposte (o `{answers: ...}`) alle domande del settore, elencate in `questions` del pacchetto. Il corner della pratica o un amministratore. Cambiare le risposte dopo l’invio ritira il pacchetto: va inviato di nuovo.',
    tag: TAG,
    params: ZPrecontractIdInput,
    body: z.union([ZPrecontractQuestionnaire, z.object({ answers: ZPrecontractQuestionnaire })]),
    responses: { 200: { description: 'Il pacchetto aggiornato.', schema: ZPrecontract } },
  },
  'POST /api/practices/:sector/:id/precontract/send': {
    summary: 'Invia al cliente il link per firmare il pacchetto precontrattuale',
    description: 'Servono i dati dell’intermediario nel modello, il questionario e una quotazione scelta ancora valida (altrimenti 409).',
    tag: TAG,
    params: ZPrecontractIdInput,
    responses: { 200: { description: 'Il messaggio per l’utente e il pacchetto inviato.', schema: ZPrecontractSendResponse } },
  },
  'POST /api/practices/:sector/:id/precontract/paper': {
    summary: 'Registra il pacchetto firmato su carta',
    description: 'Dopo aver caricato le scansioni sulla pratica (tipo documento `precontractSigned`); vale per la quotazione scelta. 409 senza scansioni nuove o se è già firmato.',
    tag: TAG,
    params: ZPrecontractIdInput,
    responses: { 200: { description: 'Il pacchetto firmato su carta.', schema: ZPrecontract } },
  },
  'GET /api/admin/precontract-template': {
    summary: 'Il modello del modulo unico precontrattuale in vigore (amministratori)',
    tag: TAG,
    responses: { 200: { description: 'Il modello (id null: il testo predefinito della piattaforma).', schema: ZPrecontractTemplate } },
  },
  'PUT /api/admin/precontract-template': {
    summary: 'Salva una nuova versione del modello precontrattuale (amministratori)',
    description: 'Il corpo è `{content}` o il contenuto stesso; ogni versione resta: un pacchetto nomina quella da cui è fatto.',
    tag: TAG,
    body: z.union([ZSavePrecontractTemplateInput, ZPrecontractTemplateContent]),
    responses: { 200: { description: 'Il modello salvato.', schema: ZPrecontractTemplate } },
  },
  'GET /api/admin/precontract-setup': {
    summary: 'Cosa manca alla configurazione del pacchetto precontrattuale (amministratori)',
    tag: TAG,
    responses: { 200: { description: 'La lista di controllo.', schema: ZPrecontractSetup } },
  },

  // The public signing page (the client is not a platform user: the link's token is the only key).
  'GET /api/public/precontract/:token': {
    summary: 'La pagina pubblica di firma: cosa firmare e a che punto è',
    description: 'Senza sessione: la chiave è il token del link inviato al cliente (scaduto o ritirato: 404).',
    tag: TAG,
    auth: 'public',
    params: ZTokenParams,
    responses: { 200: { description: 'Il pacchetto da firmare o firmato.', schema: ZPublicPrecontract } },
  },
  'GET /api/public/precontract/:token/document': {
    summary: 'Il PDF del pacchetto da firmare (o la copia firmata, una volta firmato)',
    tag: TAG,
    auth: 'public',
    params: ZTokenParams,
    query: ZDownloadQuery,
    responses: { 200: pdf('Il PDF, da mostrare nel browser o, con `?download`, da salvare.') },
  },
  'GET /api/public/precontract/:token/attachments/:index': {
    summary: 'Un documento della compagnia allegato alla quotazione (DIP), per indice',
    tag: TAG,
    auth: 'public',
    params: z.object({ token: ZPrecontractToken, index: z.coerce.number().int().min(0).max(50).meta({ description: 'L’indice in `attachments` della pagina.' }) }),
    query: ZDownloadQuery,
    responses: { 200: pdf('Il documento, da mostrare nel browser o, con `?download`, da salvare.') },
  },
  'POST /api/public/precontract/:token/otp': {
    summary: 'Invia al cliente un codice di 6 cifre per firmare',
    description: 'All’e-mail a cui è andato il pacchetto; valido 10 minuti, 5 tentativi, uno nuovo dopo 60 secondi, al massimo 10 al giorno (429).',
    tag: TAG,
    auth: 'public',
    params: ZTokenParams,
    responses: {
      200: { description: 'Il codice inviato, con scadenza e destinazione mascherata.', schema: ZPublicPrecontractOtpResponse },
      409: { description: 'Il pacchetto è già firmato.', schema: ZErrorBody },
    },
  },
  'POST /api/public/precontract/:token/sign': {
    summary: 'Firma il pacchetto con il codice ricevuto',
    description: 'Un codice sbagliato o scaduto risponde 400 e costa un tentativo (il quinto lo blocca); firmato, la copia con la pagina delle evidenze è sulla pagina e sulla pratica.',
    tag: TAG,
    auth: 'public',
    params: ZTokenParams,
    body: ZPublicPrecontractSignRequest,
    responses: {
      200: { description: 'Firmato.', schema: ZPublicPrecontractSignResponse },
      409: { description: 'Il pacchetto è già firmato (anche da un’altra firma arrivata insieme).', schema: ZErrorBody },
    },
  },
};
