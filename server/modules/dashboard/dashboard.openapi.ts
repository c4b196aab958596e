import { ZDashboard, ZDashboardQuery } from '../../../shared/schemas/dashboard';
import type { TRouteDocs } from '../../platform/openapi/route-docs';

/** The dashboard's REST route in the published contract (issue 28's dashboard, issue 30's contract). */
export const DASHBOARD_DOCS: TRouteDocs = {
  'GET /api/admin/dashboard': {
    summary: 'Le cifre della dashboard di un periodo e del periodo precedente',
    description:
      'Solo amministratori. `from` e `to` sono giorni AAAA-MM-GG in Italia, inclusi, al più 3 anni; senza uno dei due, 30 giorni (che finiscono a `to`, o oggi). ' +
      'Per il periodo e per quello di uguale durata subito prima: pratiche per settore e settimana, premi, provvigioni e storni per mese, nuovi corner, conversione, tempi mediani negli stati; ' +
      'e ora: pratiche aperte per stato, pagamenti da confermare, pagamenti ai corner da fare. Gli importi (`…Cents`) sono in centesimi di euro (interi).',
    tag: 'Dashboard',
    query: ZDashboardQuery,
    responses: { 200: { description: 'Le cifre.', schema: ZDashboard } },
  },
};
