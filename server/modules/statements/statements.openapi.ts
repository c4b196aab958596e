import { ZStatementQuery } from '../../../shared/schemas/statements';
import type { TRouteDocs } from '../../platform/openapi/route-docs';

/** The commission statement's REST route in the published contract (issue 30's contract). */
export const STATEMENTS_DOCS: TRouteDocs = {
  'GET /api/ledger/statement': {
    summary: 'L’estratto conto provvigionale di un mese, in PDF',
    description:
      'Il corner il suo (un `cornerId` diverso risponde 404); un amministratore quello del corner `cornerId` (obbligatorio); i broker ricevono 403. `month` AAAA-MM, fino al mese in corso (fatto fino a ora). ' +
      'Il saldo d’apertura, ogni registrazione del mese con il suo importo e il saldo di chiusura, in euro (il registro li tiene in centesimi interi).',
    tag: 'Registro provvigioni',
    query: ZStatementQuery,
    responses: {
      200: {
        description: 'Il PDF, come allegato (non memorizzato nella cache).',
        contentType: 'application/pdf',
        headers: { 'Content-Disposition': { description: 'attachment, con il nome «Estratto conto provvigionale <mese anno>.pdf».', type: 'string' } },
      },
    },
  },
};
