import {
  ZAddPushSubscriptionRequest,
  ZListNotificationsQuery,
  ZMarkNotificationsReadRequest,
  ZNotificationFlags,
  ZNotificationList,
  ZNotificationPreferences,
  ZPushEndpointRequest,
  ZPushPublicKey,
  ZPushSubscriptionDone,
  ZUnreadCount,
  ZUpdateNotificationPreferenceRequest,
} from '../../../shared/schemas/notifications';
import type { TRouteDocs } from '../../platform/openapi/route-docs';
import { totalCountHeader } from '../../platform/rest-conventions';

const TAG = 'Notifiche';

/** The notifications' and web push's REST routes in the published contract (spec section 7: /api/notification). */
export const NOTIFICATIONS_DOCS: TRouteDocs = {
  'GET /api/notification': {
    summary: 'Le notifiche dell’utente, le più recenti prima',
    tag: TAG,
    query: ZListNotificationsQuery,
    responses: {
      200: {
        description: 'La pagina di notifiche, il totale e quante non sono lette.',
        schema: ZNotificationList,
        headers: totalCountHeader('Il numero di notifiche dell’utente, come `total`.'),
      },
    },
  },
  'POST /api/notification/read': {
    summary: 'Segna come lette alcune notifiche',
    description: 'Solo tra le notifiche dell’utente: gli altri id sono ignorati.',
    tag: TAG,
    body: ZMarkNotificationsReadRequest,
    responses: { 200: { description: 'Quante notifiche restano da leggere.', schema: ZUnreadCount } },
  },
  'POST /api/notification/read-all': {
    summary: 'Segna come lette tutte le notifiche dell’utente',
    tag: TAG,
    responses: { 200: { description: 'Quante notifiche restano da leggere.', schema: ZUnreadCount } },
  },
  'GET /api/notification/preference': {
    summary: 'Le preferenze di notifica, per evento e canale',
    description: 'Solo gli eventi che l’utente vede (i valori predefiniti dove non li ha mai cambiati); 403 quando il suo ruolo non ha preferenze.',
    tag: TAG,
    responses: { 200: { description: 'Per ogni evento, l’invio per e-mail e come notifica push.', schema: ZNotificationPreferences } },
  },
  'PATCH /api/notification/preference': {
    summary: 'Cambia un canale di un evento',
    description: '403 per un evento che l’utente non può cambiare.',
    tag: TAG,
    body: ZUpdateNotificationPreferenceRequest,
    responses: { 200: { description: 'I canali dell’evento, dopo la modifica.', schema: ZNotificationFlags } },
  },
  'GET /api/notification/push-key': {
    summary: 'La chiave pubblica VAPID per iscrivere il browser alle notifiche push',
    tag: TAG,
    responses: { 200: { description: 'La chiave (base64url).', schema: ZPushPublicKey } },
  },
  'POST /api/notification/check-subscription': {
    summary: 'Se la sessione ha ancora questa iscrizione push',
    tag: TAG,
    body: ZPushEndpointRequest,
    responses: { 200: { description: 'Il testo `YES` quando la sessione ha l’iscrizione con questo endpoint, altrimenti `NO`.', contentType: 'text/plain' } },
  },
  'POST /api/notification/subscription/add': {
    summary: 'Registra l’iscrizione push del browser per la sessione',
    description:
      'Un endpoint già dell’utente passa a questa sessione; uno di un altro utente è rifiutato (409). Solo servizi push noti (400). Non durante «accedi come» (403): il browser dell’amministratore non deve ricevere le notifiche dell’utente.',
    tag: TAG,
    body: ZAddPushSubscriptionRequest,
    responses: { 200: { description: 'Iscrizione registrata.', schema: ZPushSubscriptionDone } },
  },
  'POST /api/notification/subscription/delete': {
    summary: 'Dimentica l’iscrizione push con questo endpoint',
    description: 'Solo un’iscrizione dell’utente; quella di un altro utente resta.',
    tag: TAG,
    body: ZPushEndpointRequest,
    responses: { 200: { description: 'Iscrizione rimossa (o già assente).', schema: ZPushSubscriptionDone } },
  },
};
