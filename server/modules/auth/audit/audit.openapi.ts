import { z } from 'zod';
import { ZAuditPage, ZAuditQuery } from '../../../../shared/schemas/audit';
import type { TRouteDocs } from '../../../platform/openapi/route-docs';
import { totalCountHeader } from '../../../platform/rest-conventions';

const TAG = 'Registro attività';

/** The audit log's REST routes in the published contract (issue 28's page, issue 30's contract). */
export const AUDIT_DOCS: TRouteDocs = {
  'GET /api/admin/audit': {
    summary: 'Il registro delle attività, filtrato e a pagine (amministratori)',
    description:
      'Le voci più recenti prima; le chiamate fatte con «accedi come» sono raggruppate nella loro sessione di impersonazione. Pagine da 50 voci se `limit` manca.',
    tag: TAG,
    query: ZAuditQuery,
    responses: {
      200: {
        description: 'Una pagina del registro.',
        schema: ZAuditPage,
        headers: totalCountHeader('Il numero di righe della lista con questi filtri (voci e sessioni di impersonazione), come `total`.'),
      },
    },
  },
  'GET /api/admin/audit/export': {
    summary: 'Il registro delle attività in CSV (amministratori)',
    description: 'Le voci con gli stessi filtri della lista (senza paginazione), al più 50.000, le più recenti prima: intestazioni in italiano, separatore `;`, UTF-8 con BOM.',
    tag: TAG,
    // The shape without the period check (a refined object cannot omit): the check still answers 400.
    query: z.object(ZAuditQuery.shape).omit({ page: true, limit: true }),
    responses: {
      200: {
        description: 'Il file CSV, come allegato `registro-attivita-<data>.csv`.',
        contentType: 'text/csv',
        headers: { 'Content-Disposition': { description: 'attachment, con il nome del file.', type: 'string' } },
      },
    },
  },
};
