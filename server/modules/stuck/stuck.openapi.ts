import { ZPractice, ZPracticeIdInput } from '../../../shared/schemas/practices';
import { ZAssignPracticeRequest, ZStuckPage, ZStuckQuery, ZStuckThresholds } from '../../../shared/schemas/stuck';
import type { TRouteDocs } from '../../platform/openapi/route-docs';
import { totalCountHeader } from '../../platform/rest-conventions';

const TAG = 'Lavoro fermo';

/** The stuck-work board's REST routes in the published contract (issue 28's board, issue 30's contract). */
export const STUCK_DOCS: TRouteDocs = {
  'GET /api/admin/stuck': {
    summary: 'Il lavoro fermo oltre le soglie, da quello che aspetta da più tempo',
    description:
      'Gli amministratori vedono ogni settore (o `sector`) e i pagamenti da confermare; un broker solo il suo settore, senza pagamenti (un altro settore risponde 403). ' +
      'Una pagina (`page` da 1, `limit` fino a 200), il totale (al più 1000: `totalCapped` dice se sono di più) e le soglie in vigore. `amountCents` (dei pagamenti) è in centesimi di euro (interi).',
    tag: TAG,
    query: ZStuckQuery,
    responses: {
      200: {
        description: 'La pagina, il totale e le soglie.',
        schema: ZStuckPage,
        headers: totalCountHeader('Come `total`: il numero di righe ferme, al più 1000 (`totalCapped` dice se sono di più).'),
      },
    },
  },
  'POST /api/admin/practices/:sector/:id/assign': {
    summary: 'Assegna una pratica a un altro broker del suo settore',
    description:
      'Solo amministratori. Il broker deve essere attivo e del settore della pratica (400 altrimenti); una pratica in uno stato finale, o già di quel broker, risponde 409. ' +
      'La modifica entra nella storia della pratica e nel Registro attività; il nuovo broker e il precedente, se c’era, ricevono una notifica.',
    tag: TAG,
    params: ZPracticeIdInput,
    body: ZAssignPracticeRequest,
    responses: { 200: { description: 'La pratica assegnata.', schema: ZPractice } },
  },
  'GET /api/admin/stuck/thresholds': {
    summary: 'Le soglie del lavoro fermo, in ore',
    description: 'Solo amministratori. Per settore e stato aperto, più quelle della pratica senza broker e del pagamento da confermare; un settore senza soglie salvate ha le predefinite del suo tipo.',
    tag: TAG,
    responses: { 200: { description: 'Le soglie in vigore.', schema: ZStuckThresholds } },
  },
  'PUT /api/admin/stuck/thresholds': {
    summary: 'Salva le soglie del lavoro fermo',
    description: 'Solo amministratori. Ore intere da 1 a 2160, solo per settori e stati aperti che esistono (400 altrimenti). La modifica entra nella cronologia delle impostazioni.',
    tag: TAG,
    body: ZStuckThresholds,
    responses: { 200: { description: 'Le soglie in vigore dopo il salvataggio.', schema: ZStuckThresholds } },
  },
};
