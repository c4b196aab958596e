import { z } from 'zod';
import { ZMessageResponse } from '../../../shared/schemas/common';
import { ZNews } from '../../../shared/schemas/data';
import { ZAdminNews, ZNewsId, ZNewsInput, ZNewsPatch } from '../../../shared/schemas/news';
import type { TRouteDocs } from '../../platform/openapi/route-docs';
import { locationHeader } from '../../platform/rest-conventions';

const TAG = 'Notizie';
const ADMINS = 'Solo amministratori.';

/** The news' REST routes in the published contract (spec section 7 and issue 28, issue 30's contract). */
export const NEWS_DOCS: TRouteDocs = {
  'GET /api/news': {
    summary: 'Le notizie in pubblicazione ora (quelle del ticker)',
    description: 'Ogni utente con una sessione. Prima quelle in evidenza, poi dalla più recente; al più 100.',
    tag: TAG,
    responses: { 200: { description: 'Le notizie.', schema: z.array(ZNews) } },
  },
  'GET /api/admin/news': {
    summary: 'Tutte le notizie: in pubblicazione, programmate, scadute',
    description: `${ADMINS} Prima quelle in evidenza, poi per inizio, dalla più recente; al più 500.`,
    tag: TAG,
    responses: { 200: { description: 'Le notizie, con il loro stato.', schema: z.array(ZAdminNews) } },
  },
  'POST /api/admin/news': {
    summary: 'Scrive una notizia',
    description: `${ADMINS} In pubblicazione da subito se \`publishFrom\` manca, senza fine se \`publishUntil\` è null o manca; le date sono stringhe ISO 8601. Chi è collegato la vede subito.`,
    tag: TAG,
    body: ZNewsInput,
    responses: { 201: { description: 'La notizia scritta.', schema: ZAdminNews, headers: locationHeader('Il percorso della notizia (`/api/admin/news/{id}`).') } },
  },
  'GET /api/admin/news/:id': {
    summary: 'Una notizia, con il suo stato',
    description: `${ADMINS} Anche programmata o scaduta.`,
    tag: TAG,
    params: ZNewsId,
    responses: { 200: { description: 'La notizia.', schema: ZAdminNews } },
  },
  'PATCH /api/admin/news/:id': {
    summary: 'Modifica una notizia: cambiano solo i campi inviati',
    description: `${ADMINS} La fine della pubblicazione deve restare dopo l’inizio, contando i valori salvati (400 altrimenti).`,
    tag: TAG,
    params: ZNewsId,
    body: ZNewsPatch,
    responses: { 200: { description: 'La notizia modificata.', schema: ZAdminNews } },
  },
  'DELETE /api/admin/news/:id': {
    summary: 'Elimina una notizia',
    description: `${ADMINS} Esce subito dai ticker.`,
    tag: TAG,
    params: ZNewsId,
    responses: { 200: { description: 'Il messaggio da mostrare.', schema: ZMessageResponse } },
  },
};
