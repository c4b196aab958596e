import { z } from 'zod';
import { ZLedgerCorrectionInput, ZLedgerEntry, ZLedgerEntryIdInput, ZLedgerPage, ZLedgerQuery, ZLedgerReversalInput, ZLedgerSummary, ZLedgerSummaryQuery } from '../../../shared/schemas/ledger';
import type { TRouteDocs } from '../../platform/openapi/route-docs';
import { locationHeader, totalCountHeader } from '../../platform/rest-conventions';

const TAG = 'Registro provvigioni';
const CENTS = 'Gli importi sono in centesimi di euro (interi, con segno: storni e pagamenti sono negativi).';

/** The ledger's REST routes in the published contract (design "Money", issue 30's contract). */
export const LEDGER_DOCS: TRouteDocs = {
  'GET /api/ledger': {
    summary: 'Le registrazioni del registro, dalla più recente, con saldo, trattenuto e disponibile',
    description:
      'Il corner legge il suo registro; un amministratore quello di un corner (`cornerId`) o di tutti; i broker ricevono 403. Filtri per tipo e per giorni (calendario italiano, estremi inclusi). ' +
      `Il saldo vale per tutte le registrazioni del registro, non solo per quelle filtrate. ${CENTS}`,
    tag: TAG,
    query: ZLedgerQuery,
    responses: {
      200: {
        description: 'La pagina, il numero di registrazioni filtrate e i saldi.',
        schema: ZLedgerPage,
        headers: totalCountHeader('Il numero di registrazioni con questi filtri, come `total`.'),
      },
    },
  },
  'GET /api/ledger/summary': {
    summary: 'I guadagni per mese e settore negli ultimi dodici mesi',
    description: `Provvigioni al netto degli storni e quote di segnalazione, per mese (AAAA-MM, in Italia). Come \`GET /api/ledger\`: il corner il suo, un amministratore di un corner o di tutti; i broker ricevono 403. ${CENTS}`,
    tag: TAG,
    query: ZLedgerSummaryQuery,
    responses: { 200: { description: 'I guadagni per mese.', schema: ZLedgerSummary } },
  },
  'GET /api/ledger/:id': {
    summary: 'Una registrazione del registro',
    description: `Il corner le sue, un amministratore ogni registrazione (quella di un altro corner risponde 404, come una che non esiste); i broker ricevono 403. ${CENTS}`,
    tag: TAG,
    params: ZLedgerEntryIdInput,
    responses: { 200: { description: 'La registrazione.', schema: ZLedgerEntry } },
  },
  'POST /api/admin/ledger': {
    summary: 'Registra una rettifica sul registro di un corner',
    description: 'Solo amministratori. `amountCents` in centesimi di euro con segno (diverso da zero, fino a 10.000.000,00 €), con il motivo che il corner legge; un corner sconosciuto risponde 404.',
    tag: TAG,
    body: ZLedgerCorrectionInput,
    responses: { 201: { description: `La registrazione scritta. ${CENTS}`, schema: ZLedgerEntry, headers: locationHeader('Il percorso della registrazione (`/api/ledger/{id}`).') } },
  },
  'POST /api/admin/ledger/:id/reverse': {
    summary: 'Storna una registrazione con quella che la annulla',
    description:
      'Solo amministratori. Si stornano solo provvigioni, quote di segnalazione e rettifiche, una volta sola (409 altrimenti); lo storno di una provvigione si porta via la quota di segnalazione nata da essa.',
    tag: TAG,
    params: z.object({ id: ZLedgerReversalInput.shape.entryId }),
    body: ZLedgerReversalInput.omit({ entryId: true }),
    responses: {
      201: { description: `La registrazione di storno (importo opposto). ${CENTS}`, schema: ZLedgerEntry, headers: locationHeader('Il percorso della registrazione di storno (`/api/ledger/{id}`).') },
    },
  },
};
