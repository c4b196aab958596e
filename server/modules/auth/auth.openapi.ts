import {
  ZLoginAsRequest,
  ZLoginAsResponse,
  ZLoginRequest,
  ZRecoverPasswordRequest,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZSessionUser,
  ZTokenRequest,
  ZUpdatePasswordRequest,
} from '../../../shared/schemas/auth';
import { ZApiError, ZMessageResponse } from '../../../shared/schemas/common';
import { SESSION_COOKIE } from '../../platform/http-context';
import type { TRouteDocs } from '../../platform/openapi/route-docs';
import { locationHeader } from '../../platform/rest-conventions';

const TAG = 'Accesso e account';
const message = (description: string) => ({ description, schema: ZMessageResponse });

/** The accounts' and sessions' REST routes in the published contract (spec section 7, issue 30). */
export const AUTH_DOCS: TRouteDocs = {
  'GET /api/auth/me': {
    summary: 'Chi è l’utente della richiesta',
    description: 'L’utente della sessione (o, con il token di «accedi come», l’utente impersonato): id, ruolo e stato.',
    tag: TAG,
    responses: { 200: { description: 'L’utente.', schema: ZSessionUser } },
  },
  'POST /api/auth/login': {
    summary: 'Accesso con e-mail e password',
    description:
      `Apre una nuova sessione e la affida al cookie \`${SESSION_COOKIE}\` (HttpOnly, SameSite=Lax). ` +
      'Risponde 429 dopo troppi tentativi falliti (per account e per IP).',
    tag: TAG,
    auth: 'public',
    body: ZLoginRequest,
    responses: {
      200: {
        description: 'L’utente che ha effettuato l’accesso.',
        schema: ZSessionUser,
        headers: { 'Set-Cookie': { description: `Il cookie di sessione \`${SESSION_COOKIE}\` (HttpOnly, SameSite=Lax, Secure in HTTPS).`, type: 'string' } },
      },
      // A public route: the document adds only 400, 404 and 429 on its own.
      401: { description: 'E-mail o password errate.', schema: ZApiError },
      403: { description: 'Account disattivato, eliminato o non ancora verificato (il messaggio dice quale).', schema: ZApiError },
    },
  },
  'POST /api/auth/logout': {
    summary: 'Esce dalla sessione',
    description:
      'Chiude la sessione della richiesta e cancella il cookie. Con il token di «accedi come» chiude solo l’impersonazione: la sessione dell’amministratore resta. Senza sessione risponde comunque 200.',
    tag: TAG,
    auth: 'public',
    responses: {
      200: {
        ...message('Uscita eseguita.'),
        headers: { 'Set-Cookie': { description: `Cancella il cookie \`${SESSION_COOKIE}\` (non con il token di «accedi come»).`, type: 'string' } },
      },
    },
  },
  'POST /api/auth/register': {
    summary: 'Registrazione di un corner',
    description:
      'Crea un account corner in attesa e invia l’e-mail con il link di verifica. Con `referralCode` registra il presentatore.',
    tag: TAG,
    auth: 'public',
    body: ZRegisterRequest,
    responses: {
      201: {
        ...message('Registrazione ricevuta: l’account si attiva aprendo il link nell’e-mail.'),
        headers: locationHeader('Il percorso dell’account creato (`/api/admin/users/{id}`), che leggono gli amministratori.'),
      },
      409: { description: 'L’indirizzo e-mail è già registrato.', schema: ZApiError },
    },
  },
  'POST /api/auth/verify-email': {
    summary: 'Verifica l’indirizzo e-mail con il token del link',
    description: 'Attiva l’account in attesa. Un token scaduto, usato o sconosciuto risponde 400.',
    tag: TAG,
    auth: 'public',
    body: ZTokenRequest,
    responses: { 200: message('Indirizzo verificato.') },
  },
  'POST /api/auth/recover-password': {
    summary: 'Chiede l’e-mail per reimpostare la password',
    description: 'Risponde allo stesso modo che l’indirizzo esista o no; l’e-mail (un link valido un’ora) parte solo per un account attivo o in attesa.',
    tag: TAG,
    auth: 'public',
    body: ZRecoverPasswordRequest,
    responses: { 200: message('Richiesta ricevuta.') },
  },
  'POST /api/auth/reset-password': {
    summary: 'Imposta una nuova password con il token del link',
    description: 'Il token vale una volta; chiude tutte le sessioni dell’account e non effettua l’accesso. Un token non valido risponde 400.',
    tag: TAG,
    auth: 'public',
    body: ZResetPasswordRequest,
    responses: { 200: message('Password reimpostata.') },
  },
  'POST /api/auth/update-password': {
    summary: 'Cambia la password dell’utente',
    description:
      'Chiude le altre sessioni dell’utente. `currentPassword` si può omettere solo pochi minuti dopo l’accesso; quando c’è è sempre verificata. Non consentito durante «accedi come» (403).',
    tag: TAG,
    body: ZUpdatePasswordRequest,
    responses: { 200: message('Password aggiornata.') },
  },
  'POST /api/admin/auth/login-as': {
    summary: 'Accedi come un altro utente (amministratori)',
    description:
      'Risponde un token bearer legato all’amministratore, da inviare come `Authorization: Bearer <token>`; il cookie dell’amministratore resta. Non si impersona un amministratore (403), né un account non attivo (409), né da un’impersonazione (403). L’inizio è registrato nel registro attività.',
    tag: TAG,
    body: ZLoginAsRequest,
    responses: { 200: { description: 'L’utente impersonato e il token bearer.', schema: ZLoginAsResponse } },
  },
};
