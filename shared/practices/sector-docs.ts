import { z } from 'zod';
import { zText } from '../schemas/common';

/**
 * The documents a sector's settings ask for (`rcaDocs`, `altriRamiDocs`, `fideiussioniConfig.docs`, each offer of
 * `luceGasConfig` and `gplConfig`): files uploaded with that `docType` on the practice. Named Rca for history; neutral.
 */

export const SECTOR_DOCS_MSG = {
  docTypeInvalid: 'Codice documento non valido: lettere, cifre, «-» o «_», al massimo 50 caratteri, iniziando con una lettera.',
  docTypeDuplicate: 'Codice documento ripetuto.',
  docLabelRequired: 'Indica il nome del documento (al massimo 100 caratteri).',
  docsTooMany: 'Al massimo 30 documenti.',
  booleanInvalid: 'Valore non valido: sì o no.',
} as const;

/** One document a RC Auto request asks for (files uploaded with that `docType` on the practice). */
export const ZRcaDoc = z.object({
  docType: zText({ error: SECTOR_DOCS_MSG.docTypeInvalid }).trim().regex(/^[A-Za-z][A-Za-z0-9_-]{0,49}$/, { error: SECTOR_DOCS_MSG.docTypeInvalid }),
  label: zText({ error: SECTOR_DOCS_MSG.docLabelRequired }).trim().min(1, { error: SECTOR_DOCS_MSG.docLabelRequired }).max(100, { error: SECTOR_DOCS_MSG.docLabelRequired }),
  required: z.boolean({ error: SECTOR_DOCS_MSG.booleanInvalid }),
});
export type TRcaDoc = z.infer<typeof ZRcaDoc>;

export const ZRcaDocs = z
  .array(ZRcaDoc)
  .max(30, { error: SECTOR_DOCS_MSG.docsTooMany })
  .superRefine((docs, ctx) => {
    const seen = new Set<string>();
    docs.forEach((doc, index) => {
      if (seen.has(doc.docType)) ctx.addIssue({ code: 'custom', path: [index, 'docType'], message: SECTOR_DOCS_MSG.docTypeDuplicate });
      seen.add(doc.docType);
    });
  });
export type TRcaDocs = z.infer<typeof ZRcaDocs>;
