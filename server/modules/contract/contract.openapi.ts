import { z } from 'zod';
import { ZContractOtpResponse, ZContractStatus, ZSignContractRequest, ZSignContractResponse } from '../../../shared/schemas/contract';
import type { TRouteDocs } from '../../platform/openapi/route-docs';

const TAG = 'Contratto di collaborazione';

/** The corner's contract signed with a one-time password in the published contract (spec section 4). */
export const CONTRACT_DOCS: TRouteDocs = {
  'GET /api/docs/contract': {
    summary: 'A che punto è il contratto dell’utente',
    description: 'Lo stato, il documento firmato e la sua impronta, e il codice in attesa (scadenza, tentativi rimasti, destinazione mascherata).',
    tag: TAG,
    responses: { 200: { description: 'Lo stato del contratto.', schema: ZContractStatus } },
  },
  'GET /api/docs/contract/preview': {
    summary: 'Il contratto da firmare, da leggere prima di chiedere il codice (corner)',
    description:
      'Il PDF che il prossimo codice firmerebbe; non invia codici e non cambia nulla. Solo il corner (anche un amministratore che opera come il corner); 409 quando il contratto è già firmato.',
    tag: TAG,
    query: z.object({ download: z.string().optional().meta({ description: 'Presente (con qualsiasi valore): il PDF come allegato invece che mostrato.' }) }),
    responses: {
      200: {
        description: 'Il PDF, mostrato nel browser o come allegato.',
        contentType: 'application/pdf',
        headers: {
          'Content-Disposition': { description: 'inline o attachment, con il nome «Contratto di collaborazione.pdf».', type: 'string' },
          'X-Content-SHA256': { description: 'L’impronta SHA-256 (esadecimale) di questi byte.', type: 'string' },
        },
      },
    },
  },
  'POST /api/docs/contract/otp': {
    summary: 'Invia il codice di 6 cifre per firmare il contratto (corner)',
    description:
      'Prepara il contratto (di nuovo, se il profilo o il modello sono cambiati) e invia un nuovo codice, valido 10 minuti per 5 tentativi. Non durante «accedi come», non a contratto firmato (409), non con il profilo incompleto (400). Un nuovo codice dopo 60 secondi dal precedente (429 prima).',
    tag: TAG,
    responses: { 200: { description: 'Il codice è stato inviato: scadenza, attesa per un nuovo invio, canale, destinazione mascherata, contratto da firmare.', schema: ZContractOtpResponse } },
  },
  'POST /api/docs/contract/sign': {
    summary: 'Firma il contratto con il codice ricevuto (corner)',
    description:
      'Non durante «accedi come» (403). Un codice errato consuma un tentativo; il quinto lo blocca; uno scaduto è rifiutato. Il contratto firmato, con la pagina delle evidenze, diventa un documento che non si elimina né rinomina; la firma è nel registro attività.',
    tag: TAG,
    body: ZSignContractRequest,
    responses: { 200: { description: 'Contratto firmato, con il suo nuovo stato.', schema: ZSignContractResponse } },
  },
};
