import { z } from 'zod';
import { ZAdminComune, ZAdminComuniQuery, ZComune, ZIstatCode, ZProvince, ZRegion, ZSearchComuniQuery, ZUpdateComuneFields } from '../../../shared/schemas/geo';
import type { TRouteDocs } from '../../platform/openapi/route-docs';
import { totalCountHeader } from '../../platform/rest-conventions';

const TAG = 'Dati geografici';

/** The reference data (regions, provinces, comuni) in the published contract. */
export const GEO_DOCS: TRouteDocs = {
  'GET /api/geo/comuni': {
    summary: 'Cerca i comuni attivi per nome',
    description: 'Prima i nomi che iniziano con il testo, poi quelli che lo contengono; `province` (sigla) restringe a una provincia.',
    tag: TAG,
    query: ZSearchComuniQuery,
    responses: { 200: { description: 'I comuni trovati.', schema: z.array(ZComune) } },
  },
  'GET /api/geo/provinces': {
    summary: 'Le province',
    tag: TAG,
    responses: { 200: { description: 'Le province, con la regione.', schema: z.array(ZProvince) } },
  },
  'GET /api/geo/regions': {
    summary: 'Le regioni',
    tag: TAG,
    responses: { 200: { description: 'Le regioni.', schema: z.array(ZRegion) } },
  },
  'GET /api/admin/geo/comuni': {
    summary: 'Tutti i comuni, anche uniti e non attivi (amministratori)',
    description: 'Ricerca, filtro per provincia, ordinamento e pagine.',
    tag: TAG,
    query: ZAdminComuniQuery,
    responses: {
      200: {
        description: 'La pagina di comuni, con popolazione e ultima modifica.',
        schema: z.array(ZAdminComune),
        headers: totalCountHeader('Il numero di comuni con questi filtri.'),
      },
    },
  },
  'PATCH /api/admin/geo/comuni/:istat': {
    summary: 'Modifica un comune (amministratori)',
    description:
      'Nome, CAP, attivo, unione in un altro comune (`mergedInto`; null la annulla). Un comune unito smette di essere proposto, salvo `active` esplicito. La modifica è nel registro attività.',
    tag: TAG,
    params: z.object({ istat: ZIstatCode }),
    body: ZUpdateComuneFields,
    responses: { 200: { description: 'Il comune modificato.', schema: ZAdminComune } },
  },
};
