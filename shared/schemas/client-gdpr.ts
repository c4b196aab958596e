import { z } from 'zod';
import { ZFileItem } from './files';
import { ZClientNote, ZClientRecord } from './client-record';

/** The kinds of a client's documents (its documents panel), with their Italian labels, in the panel's order. */
export const CLIENT_DOC_TYPES = ['identity_document', 'tax_code_card', 'other'] as const;
export type TClientDocType = (typeof CLIENT_DOC_TYPES)[number];
export const CLIENT_DOC_TYPE_LABELS: Record<TClientDocType, string> = {
  identity_document: "Documento d'identità",
  tax_code_card: 'Tessera sanitaria / codice fiscale',
  other: 'Altro',
};

/** The files subject of a client's documents (POST /api/docs/upload?subjectType=client&subjectId=<id>). */
export const CLIENT_FILE_SUBJECT = 'client';

/** The name a date until which data is held is shown with: 31/12/2031. */
export const formatHeldUntil = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
};

export const CLIENT_GDPR_MSG = {
  erased: 'I dati del cliente sono stati cancellati.',
  erasedName: 'Cliente cancellato',
  erasureRefused: (heldUntil: string) =>
    `I dati di questo cliente non possono essere cancellati: una pratica o un pagamento obbliga a conservarli fino al ${formatHeldUntil(heldUntil)}. La richiesta è stata registrata.`,
} as const;

/** One document of a client in its data export: where it is in the zip (`documenti/…`). */
export const ZClientExportDocument = z.object({
  name: z.string(),
  docType: z.string().nullable(),
  mime: z.string(),
  size: z.number(),
  createdAt: z.string(),
  fileName: z.string(),
});

/** `cliente.json` of a client's data export (GDPR art. 15 and 20), and the answer of clients.gdpr.exportData. */
export const ZClientExport = z.object({
  exportedAt: z.string(),
  client: ZClientRecord.extend({ createdAt: z.string(), updatedAt: z.string() }),
  notes: z.array(ZClientNote.extend({ createdAt: z.string() })),
  documents: z.array(ZClientExportDocument),
});
export type TClientExport = z.infer<typeof ZClientExport>;

/** What an erasure request answers when it is carried out (a refusal is an error naming the date). */
export const ZClientErasureResult = z.object({ message: z.string(), erasedAt: z.string() });
export type TClientErasureResult = z.infer<typeof ZClientErasureResult>;

export const ZClientDocuments = z.array(ZFileItem);
