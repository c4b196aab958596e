import {
  ZAdminPayouts,
  ZAdminPayoutsQuery,
  ZPayoutPaid,
  ZPayoutProfile,
  ZPayoutProfileSaved,
  ZPayoutRequested,
  ZPayoutRequestInput,
  ZPayoutsOverview,
  ZPayout,
  ZPayoutIdInput,
  ZPayPayoutBody,
  ZPlatformCompany,
  ZPlatformCompanyAnswer,
  ZPlatformCompanySaved,
} from '../../../shared/schemas/payouts';
import type { TRouteDocs } from '../../platform/openapi/route-docs';
import { locationHeader, totalCountHeader } from '../../platform/rest-conventions';

const TAG = 'Pagamenti ai corner';
const CENTS = 'Gli importi sono in centesimi di euro (interi).';
/** The payout's id: another value, or another corner's payout, answers 404. */
const ZPayoutIdParams = ZPayoutIdInput;

/** The payouts' REST routes in the published contract (issue 27's payouts, issue 30's contract). */
export const PAYOUTS_DOCS: TRouteDocs = {
  'GET /api/payouts': {
    summary: 'I pagamenti chiesti dal corner, quanto può chiedere e come',
    description:
      'Solo corner. Con il saldo, la parte trattenuta (provvigioni ancora nel periodo di storno) e la disponibile, i metodi che può scegliere (persone: gift card o ricevuta; aziende: fattura), ' +
      `i compensi occasionali dell’anno, i dati per ricevute e fatture e la gift card scelta. ${CENTS}`,
    tag: TAG,
    responses: { 200: { description: 'I pagamenti e i dati per chiederne un altro.', schema: ZPayoutsOverview } },
  },
  'POST /api/payouts': {
    summary: 'Chiede il pagamento di una parte del disponibile',
    description:
      'Solo corner. `amountCents` in centesimi di euro (interi, da 10,00 €), non oltre il disponibile (400); 409 quando non c’è nulla di disponibile. L’importo è subito riservato nel registro; ' +
      'per ricevuta e fattura ne calcola ritenuta, bollo e netto e ne fissa il documento. Gli amministratori ricevono una notifica.',
    tag: TAG,
    body: ZPayoutRequestInput,
    responses: {
      201: {
        description: `Il messaggio, il pagamento chiesto e l’avviso dei 5.000 € di compensi occasionali dell’anno superati (altrimenti null). ${CENTS}`,
        schema: ZPayoutRequested,
        headers: locationHeader('Il percorso del pagamento chiesto (`/api/payouts/{id}`).'),
      },
    },
  },
  'GET /api/payouts/:id': {
    summary: 'Un pagamento chiesto',
    description: `Il corner i suoi (quello di un altro corner risponde 404, come uno che non esiste), gli amministratori tutti; i broker ricevono 403. Con il codice della gift card, una volta consegnata. ${CENTS}`,
    tag: TAG,
    params: ZPayoutIdParams,
    responses: { 200: { description: 'Il pagamento.', schema: ZPayout } },
  },
  'PUT /api/payouts/profile': {
    summary: 'Salva i dati del corner per ricevute e fatture (indirizzo e IBAN)',
    description: 'Solo corner.',
    tag: TAG,
    body: ZPayoutProfile,
    responses: { 200: { description: 'Il messaggio e i dati salvati.', schema: ZPayoutProfileSaved } },
  },
  'GET /api/payouts/:id/document': {
    summary: 'Il documento di un pagamento: la ricevuta in PDF o la fattura elettronica in XML',
    description:
      'Il corner per i suoi pagamenti, gli amministratori per tutti. Come allegato: `application/pdf` per una ricevuta, `application/xml` (FatturaPA) per una fattura; ' +
      'un pagamento con gift card non ha documento (404).',
    tag: TAG,
    params: ZPayoutIdParams,
    responses: {
      200: {
        description: 'Il documento (PDF della ricevuta; per una fattura il contenuto è `application/xml`).',
        contentType: ['application/pdf', 'application/xml'],
        headers: { 'Content-Disposition': { description: 'attachment, con il nome del file (ricevuta-AAAA-NNNN.pdf o IT<partita IVA>_<progressivo>.xml).', type: 'string' } },
      },
    },
  },
  'GET /api/admin/payouts': {
    summary: 'I pagamenti chiesti dai corner: prima quelli da fare, poi quelli fatti',
    description: `Solo amministratori. Una pagina (\`page\` da 1, \`limit\` fino a 200), il numero di pagamenti che corrispondono ai filtri e il totale ancora da pagare. ${CENTS}`,
    tag: TAG,
    query: ZAdminPayoutsQuery,
    responses: {
      200: {
        description: 'La pagina, il totale e l’importo ancora da pagare.',
        schema: ZAdminPayouts,
        headers: totalCountHeader('Il numero di pagamenti con questi filtri, come `total`.'),
      },
    },
  },
  'POST /api/admin/payouts/:id/pay': {
    summary: 'Registra un pagamento fatto: il codice della gift card o il bonifico',
    description:
      'Solo amministratori. Una gift card si paga con `{giftcardCode}` (la carta arriva al corner), una ricevuta o una fattura con `{transferDate, reference}` (data non futura, CRO/TRN); ' +
      'il metodo sbagliato risponde 400, un pagamento già fatto 409. Il corner riceve una notifica.',
    tag: TAG,
    params: ZPayoutIdParams,
    body: ZPayPayoutBody,
    responses: { 200: { description: `Il messaggio e il pagamento aggiornato. ${CENTS}`, schema: ZPayoutPaid } },
  },
  'GET /api/admin/payouts/company': {
    summary: 'I dati della piattaforma stampati su ricevute e fatture',
    description: 'Solo amministratori. `company` è null finché un amministratore non li salva.',
    tag: TAG,
    responses: { 200: { description: 'I dati della piattaforma.', schema: ZPlatformCompanyAnswer } },
  },
  'PUT /api/admin/payouts/company': {
    summary: 'Salva i dati della piattaforma per ricevute e fatture',
    description: 'Solo amministratori. La modifica entra nella cronologia delle impostazioni.',
    tag: TAG,
    body: ZPlatformCompany,
    responses: { 200: { description: 'Il messaggio e i dati salvati.', schema: ZPlatformCompanySaved } },
  },
};
