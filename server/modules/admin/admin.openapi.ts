import { z } from 'zod';
import {
  ZAdminDeleteUserBody,
  ZAdminDeleteUserResponse,
  ZAdminMessage,
  ZAdminUpdateUserBody,
  ZAdminUserDetail,
  ZAdminUserId,
} from '../../../shared/schemas/admin-users';
import { ZAdminUser, ZCreateUserRequest, ZCreateUserResponse, ZListUsersQuery, ZSetUserStateRequest, ZSetUserStateResponse } from '../../../shared/schemas/auth';
import { ZOneTimeMessageRequest, ZOneTimeMessageResponse } from '../../../shared/schemas/notifications';
import type { TRouteDocs } from '../../platform/openapi/route-docs';
import { locationHeader, totalCountHeader } from '../../platform/rest-conventions';

const TAG = 'Utenti (amministrazione)';
/** `:id` of the paths, checked as the service's `userId`. */
const ZUserIdParams = z.object({ id: ZAdminUserId.shape.userId });

/** The admins' user management in the published contract (spec section 7, issue 28). Every route: admins only. */
export const ADMIN_DOCS: TRouteDocs = {
  'GET /api/admin/users': {
    summary: 'Gli account, con ricerca, filtri e pagine (amministratori)',
    description: 'Ricerca su nome, ragione sociale ed e-mail; i più recenti prima. `limit=0`: tutti.',
    tag: TAG,
    query: ZListUsersQuery,
    responses: {
      200: {
        description: 'La pagina di account.',
        schema: z.array(ZAdminUser),
        headers: totalCountHeader('Il numero di account con questi filtri.'),
      },
    },
  },
  'POST /api/admin/users': {
    summary: 'Crea un account attivo e invia l’invito a scegliere la password (amministratori)',
    description: 'Un broker creato è annunciato agli amministratori. 409 quando l’e-mail è già registrata.',
    tag: TAG,
    body: ZCreateUserRequest,
    responses: { 201: { description: 'L’id dell’account creato.', schema: ZCreateUserResponse, headers: locationHeader('Il percorso dell’account creato.') } },
  },
  'POST /api/admin/users/state': {
    summary: 'Attiva o disattiva un account (amministratori)',
    description: 'Disattivare chiude tutte le sessioni dell’account e i token di «accedi come» che ha emesso. Non sul proprio account (403).',
    tag: TAG,
    body: ZSetUserStateRequest,
    responses: { 200: { description: 'L’account e il suo nuovo stato.', schema: ZSetUserStateResponse } },
  },
  'GET /api/admin/users/:id': {
    summary: 'Un account, come lo mostra la finestra di modifica (amministratori)',
    tag: TAG,
    params: ZUserIdParams,
    responses: { 200: { description: 'L’account.', schema: ZAdminUserDetail } },
  },
  'PATCH /api/admin/users/:id': {
    summary: 'Modifica i dati, il livello e l’iscrizione RUI di un account (amministratori)',
    description:
      'Cambiano solo i campi inviati (un testo vuoto svuota un campo facoltativo). `tier` e `rui` sono dei corner (Silver e Gold richiedono l’iscrizione RUI), `brokerType` dei broker. Un livello cambiato raggiunge subito le sessioni del corner.',
    tag: TAG,
    params: ZUserIdParams,
    body: ZAdminUpdateUserBody,
    responses: { 200: { description: 'L’account modificato.', schema: ZAdminUserDetail } },
  },
  'DELETE /api/admin/users/:id': {
    summary: 'Elimina un account, con le regole di conservazione (amministratori)',
    description:
      'I dati personali sono cancellati; pratiche, documenti e movimenti restano. Il corpo `{reason}` è facoltativo (finisce nel registro attività). 403 per il proprio account; 409 per l’ultimo amministratore attivo, un corner con pratiche non concluse, saldo diverso da zero o pagamenti richiesti, un broker con pratiche aperte.',
    tag: TAG,
    params: ZUserIdParams,
    body: ZAdminDeleteUserBody,
    bodyOptional: true,
    responses: { 200: { description: 'L’account eliminato.', schema: ZAdminDeleteUserResponse } },
  },
  'POST /api/admin/users/:id/invite': {
    summary: 'Invia di nuovo l’invito a scegliere la password (amministratori)',
    description: '409 per un account disattivato.',
    tag: TAG,
    params: ZUserIdParams,
    responses: { 200: { description: 'Invito inviato.', schema: ZAdminMessage } },
  },
  'POST /api/admin/users/:id/password-reset': {
    summary: 'Invia all’account l’e-mail per reimpostare la password (amministratori)',
    description: '409 per un account disattivato.',
    tag: TAG,
    params: ZUserIdParams,
    responses: { 200: { description: 'E-mail inviata.', schema: ZAdminMessage } },
  },
  'POST /api/admin/onetime-message': {
    summary: 'Un avviso mostrato una volta sola, a un utente o a tutti i connessi (amministratori)',
    description: 'Arriva alle connessioni aperte come evento `onetimemessage`; non è conservato. Senza `userId` va a tutti.',
    tag: TAG,
    body: ZOneTimeMessageRequest,
    responses: { 200: { description: 'Avviso inviato.', schema: ZOneTimeMessageResponse } },
  },
};
