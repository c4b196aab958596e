import { z } from 'zod';
import { ZPayments } from '../../../shared/schemas/data';
import {
  ZAdminPayment,
  ZAdminPayments,
  ZAdminPaymentsQuery,
  ZCreatePaymentInput,
  ZDeclaredPayments,
  ZPaymentDecision,
  ZPaymentEvent,
  ZPaymentIdInput,
  ZRejectPaymentInput,
} from '../../../shared/schemas/payments';
import type { TRouteDocs } from '../../platform/openapi/route-docs';
import { locationHeader, totalCountHeader } from '../../platform/rest-conventions';

const TAG = 'Pagamenti';
const CENTS = 'Gli importi sono in centesimi di euro (interi).';

/** The payments' REST routes in the published contract (issue 27's payments, issue 30's contract). */
export const PAYMENTS_DOCS: TRouteDocs = {
  'GET /api/payments': {
    summary: 'I pagamenti del chiamante: da pagare, in attesa di conferma, pagati, e le sue gift card',
    description: `Corner e amministratori (i broker ricevono 403). Con i totali per stato e i dati per il bonifico (IBAN, beneficiario, causale). ${CENTS}`,
    tag: TAG,
    responses: { 200: { description: 'I pagamenti, i totali e le gift card ricevute.', schema: ZPayments } },
  },
  'POST /api/payments/declare': {
    summary: 'Dichiara pagati uno o più pagamenti, con la ricevuta del bonifico',
    description:
      'Solo corner. Multipart: la ricevuta (una sola, PDF o immagine PNG, JPEG, HEIC, WebP) come `file0` e la parte `body`, JSON `{"paymentIds": [...]}` (da 1 a 50). ' +
      'Ogni pagamento deve essere del corner (un altro risponde 404) e da pagare (409 se è già dichiarato o pagato); passano tutti in attesa di conferma o nessuno, e una dichiarazione rifiutata non tiene la ricevuta; 413 oltre i limiti di dimensione. ' +
      `Gli amministratori ricevono una notifica. ${CENTS}`,
    tag: TAG,
    multipart: { fields: { body: 'JSON `{"paymentIds": ["<id>", ...]}`: i pagamenti che la ricevuta paga.' }, files: 'La ricevuta del bonifico, un solo file (PDF o immagine).' },
    responses: { 200: { description: 'Il messaggio da mostrare e i pagamenti aggiornati (senza gift card).', schema: ZDeclaredPayments } },
  },
  'GET /api/payments/:id': {
    summary: 'Un pagamento',
    description: `Gli amministratori ogni pagamento, il corner i suoi (un altro risponde 404, come uno che non esiste); i broker ricevono 403. Con il nome del corner, la ricevuta dell’ultima dichiarazione e il motivo di un rifiuto. ${CENTS}`,
    tag: TAG,
    params: ZPaymentIdInput,
    responses: { 200: { description: 'Il pagamento.', schema: ZAdminPayment } },
  },
  'GET /api/payments/:id/history': {
    summary: 'Le modifiche di un pagamento, dalla più vecchia',
    description: 'Gli amministratori per ogni pagamento, il corner per i suoi (un altro risponde 404). `kind` è `declared` (con la ricevuta), `confirmed` o `rejected` (con il motivo).',
    tag: TAG,
    params: ZPaymentIdInput,
    responses: { 200: { description: 'Le modifiche.', schema: z.array(ZPaymentEvent) } },
  },
  'GET /api/admin/payments': {
    summary: 'I pagamenti di tutti i corner, per stato, corner e giorno',
    description: `Solo amministratori. Una pagina (\`page\` da 1, \`limit\` fino a 200), il numero di pagamenti che corrispondono ai filtri e i totali per stato. ${CENTS}`,
    tag: TAG,
    query: ZAdminPaymentsQuery,
    responses: {
      200: {
        description: 'La pagina, il totale e i totali per stato.',
        schema: ZAdminPayments,
        headers: totalCountHeader('Il numero di pagamenti con questi filtri, come `total`.'),
      },
    },
  },
  'POST /api/admin/payments': {
    summary: 'Chiede un pagamento a un corner (una quota o una rettifica)',
    description: `Solo amministratori. \`amountCents\` in centesimi di euro (interi, fino a 1.000.000,00 €), scadenza da oggi in poi; un corner che non esiste o non è attivo risponde 404. Il corner riceve una notifica.`,
    tag: TAG,
    body: ZCreatePaymentInput,
    responses: {
      201: { description: `Il messaggio da mostrare e il pagamento creato. ${CENTS}`, schema: ZPaymentDecision, headers: locationHeader('Il percorso del pagamento creato (`/api/payments/{id}`).') },
    },
  },
  'POST /api/admin/payments/:id/confirm': {
    summary: 'Conferma un pagamento in attesa: è pagato',
    description: `Solo amministratori. 409 quando il pagamento non è in attesa di conferma. Il corner riceve una notifica.`,
    tag: TAG,
    params: ZPaymentIdInput,
    responses: { 200: { description: `Il messaggio da mostrare e il pagamento aggiornato. ${CENTS}`, schema: ZPaymentDecision } },
  },
  'POST /api/admin/payments/:id/reject': {
    summary: 'Respinge la ricevuta di un pagamento in attesa, con il motivo',
    description: 'Solo amministratori. Il pagamento torna da pagare e il corner vede il motivo (da 5 a 1000 caratteri). 409 quando il pagamento non è in attesa di conferma.',
    tag: TAG,
    params: ZPaymentIdInput,
    body: ZRejectPaymentInput.omit({ id: true }),
    responses: { 200: { description: `Il messaggio da mostrare e il pagamento aggiornato. ${CENTS}`, schema: ZPaymentDecision } },
  },
};
