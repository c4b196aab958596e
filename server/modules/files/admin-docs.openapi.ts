import { z } from 'zod';
import { ROLES } from '../../../shared/constants';
import {
  ADMIN_DOC_TYPES,
  DOC_AUDIENCES,
  ZAdminDocList,
  ZAdminDocsQuery,
  ZAdminDocUploadResponse,
  ZSetDocAudienceRequest,
  ZSetDocAudienceResponse,
} from '../../../shared/schemas/contract';
import { ZApiError } from '../../../shared/schemas/common';
import type { TRouteDocs } from '../../platform/openapi/route-docs';
import { totalCountHeader } from '../../platform/rest-conventions';

const TAG = 'Documenti pubblicati';

/** The query of POST /api/admin/docs/upload (ZAdminDocUploadQuery, whose defaults depend on docType) as an object. */
const ZAdminDocUploadQueryDoc = z.object({
  docType: z.enum(ADMIN_DOC_TYPES).default('other').meta({ description: '`contract-template`: il modello del contratto dei corner (il più recente vale); `other`: un altro documento.' }),
  audience: z.enum(DOC_AUDIENCES).optional().meta({ description: 'Chi lo vede: tutti, alcuni ruoli, alcuni utenti o solo gli amministratori (`none`). Se manca: `none` per un modello, `all` per gli altri.' }),
  roles: z.string().optional().meta({ description: `I ruoli, separati da virgole (${ROLES.join(', ')}); almeno uno con \`audience=roles\`.` }),
  userIds: z.string().optional().meta({ description: 'Gli id degli utenti, separati da virgole; almeno uno con `audience=users`.' }),
});

/** The admins' documents page (/admin/documenti) in the published contract. Every route: admins only. */
export const ADMIN_DOCS_DOCS: TRouteDocs = {
  'POST /api/admin/docs/upload': {
    summary: 'Pubblica documenti per gli utenti (amministratori)',
    description:
      'Multipart: `file0`…`fileN`, con i dati di ciascuno in `m0`…`mN`. I destinatari sono controllati prima di leggere i file; un modello di contratto deve essere un PDF leggibile e non protetto. Si elimina con `DELETE /api/docs/delete`.',
    tag: TAG,
    query: ZAdminDocUploadQueryDoc,
    multipart: {
      fields: { m0: 'JSON con i dati di `file0`: {name, type?, …}; `m1`… per gli altri.' },
      files: 'Uno o più file: `file0`, `file1`, …',
    },
    responses: {
      200: { description: 'I documenti pubblicati, con i loro destinatari.', schema: ZAdminDocUploadResponse },
      413: { description: 'Il caricamento supera un limite (codice `PAYLOAD_TOO_LARGE`; la connessione è chiusa).', schema: ZApiError },
    },
  },
  'GET /api/admin/docs': {
    summary: 'I documenti pubblicati, con i destinatari (amministratori)',
    description: '`search` cerca nel nome.',
    tag: TAG,
    query: ZAdminDocsQuery,
    responses: { 200: { description: 'La pagina di documenti e il totale.', schema: ZAdminDocList, headers: totalCountHeader('Il numero di documenti con questi filtri, come `total`.') } },
  },
  'PATCH /api/admin/docs/audience': {
    summary: 'Cambia i destinatari di un documento pubblicato (amministratori)',
    description: '`roles` e `userIds` si inviano come liste (o testo separato da virgole).',
    tag: TAG,
    body: ZSetDocAudienceRequest,
    responses: { 200: { description: 'Il documento con i nuovi destinatari.', schema: ZSetDocAudienceResponse } },
  },
};
