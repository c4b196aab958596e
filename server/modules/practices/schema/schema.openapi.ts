import { ZPracticeSchemaDocument } from '../../../../shared/schemas/practice-live';
import { ZPracticeSectorInput } from '../../../../shared/schemas/practices';
import type { TRouteDocs } from '../../../platform/openapi/route-docs';
import { TAG } from '../engine/practices.openapi';

/** The schema document's REST route in the published contract. */
export const PRACTICES_SCHEMA_DOCS: TRouteDocs = {
  'GET /api/practices/:sector/schema': {
    summary: 'Gli schemi JSON di quello che il settore accetta, con un esempio valido di ciascuno',
    description:
      'Lo schema (JSON Schema 2020-12) e un esempio di `data`, della quotazione (null per un settore senza quotazioni), del payload di ogni passaggio di stato (con lo stato di arrivo `to` e quelli di partenza) e, per altri rami e fideiussioni, di `data` per ogni prodotto attivo. Qualunque utente autenticato.',
    tag: TAG,
    params: ZPracticeSectorInput,
    responses: { 200: { description: 'Il documento degli schemi del settore.', schema: ZPracticeSchemaDocument } },
  },
};
