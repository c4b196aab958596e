import { z } from 'zod';
import { ZPracticeSectorInput } from '../../../../shared/schemas/practices';
import { ZExportInput, ZOutcomeReport, ZUtilityBulkSector } from '../../../../shared/schemas/utility-bulk';
import type { TRouteDocs } from '../../../platform/openapi/route-docs';
import { TAG, tooLarge } from '../engine/practices.openapi';

/** The utility brokers' bulk work over REST in the published contract. */
export const PRACTICES_BULK_DOCS: TRouteDocs = {
  'POST /api/practices/:sector/export': {
    summary: 'Esporta le attivazioni scelte per il portale del fornitore (CSV o Excel)',
    description:
      'Solo i settori delle utenze. Risponde il file come allegato: CSV (`text/csv`) con `format: csv`, Excel (`application/vnd.openxmlformats-officedocument.spreadsheetml.sheet`) con `format: xlsx`; le attivazioni che chi chiama non raggiunge non sono esportate.',
    tag: TAG,
    params: z.object({ sector: ZUtilityBulkSector }),
    body: ZExportInput.omit({ sector: true }),
    responses: {
      200: {
        description: 'Il file esportato (CSV; Excel con `format: xlsx`).',
        contentType: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        headers: {
          'Content-Disposition': { description: '`attachment`, con il nome del file (`attivazioni-<settore>-<data>.<formato>`).', type: 'string' },
          'X-Exported-Count': { description: 'Il numero di attivazioni esportate.', type: 'integer' },
        },
      },
    },
  },
  'POST /api/practices/:sector/outcomes': {
    summary: 'Importa il file degli esiti del fornitore (broker del settore o amministratore)',
    description:
      'Solo i settori delle utenze. Il file (CSV o Excel) ha le colonne «Codice» (POD, PDR o codice pratica) ed «Esito» e, quando servono, «Data» e «Motivo»; ogni riga è applicata o rifiutata da sola.',
    tag: TAG,
    params: ZPracticeSectorInput,
    multipart: { files: 'Il file degli esiti, come `file` o `file0` (uno solo).' },
    responses: { 200: { description: 'Il resoconto riga per riga.', schema: ZOutcomeReport }, 413: tooLarge },
  },
};
