import { ZSyncLogin } from '../../../shared/schemas/data';
import type { TRouteDocs } from '../../platform/openapi/route-docs';

/** The data a client loads after signing in, in the published contract (spec section 7). */
export const SYNC_DOCS: TRouteDocs = {
  'GET /api/sync-login': {
    summary: 'I dati da caricare dopo l’accesso',
    description:
      'Il profilo e i clienti della rubrica (nessuno per un broker); le impostazioni e il riepilogo dei pagamenti tranne che per i broker; le impostazioni di amministrazione solo per gli amministratori.',
    tag: 'Sincronizzazione',
    responses: { 200: { description: 'I dati dell’utente.', schema: ZSyncLogin } },
  },
};
