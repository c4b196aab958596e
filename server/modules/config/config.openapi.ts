import { ZPublicConfig } from '../../../shared/schemas/config';
import type { TRouteDocs } from '../../platform/openapi/route-docs';

/** The installation's public facts in the published contract. */
export const CONFIG_DOCS: TRouteDocs = {
  'GET /api/public-config': {
    summary: 'I dati dell’installazione mostrati prima dell’accesso',
    description: 'L’indirizzo dell’assistenza.',
    tag: 'Configurazione',
    auth: 'public',
    responses: { 200: { description: 'La configurazione pubblica.', schema: ZPublicConfig } },
  },
};
