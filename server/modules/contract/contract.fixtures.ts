import { PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';

/** Test-only: the text a PDF draws (page contents and form appearances), from its hex-string Tj operators. */
export const pdfText = async (bytes: Uint8Array): Promise<string> => {
  const doc = await PDFDocument.load(bytes);
  const parts: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    let content: string;
    try {
      content = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    } catch {
      continue;
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj/g)) {
      parts.push(Buffer.from(match[1]!.replace(/\s/g, ''), 'hex').toString('latin1'));
    }
    for (const match of content.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) parts.push(match[1]!);
  }
  return parts.join('\n');
};

/** A contract template with AcroForm text fields named as the contract fills them (and one it does not know). */
export const templateWithFields = async (fields: readonly string[] = ['nome', 'cognome', 'codice_fiscale', 'data', 'altro']) => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595.28, 841.89]);
  page.drawText('Modello di contratto del corner', { x: 50, y: 780, size: 16 });
  const form = doc.getForm();
  fields.forEach((name, index) => {
    page.drawText(`${name}:`, { x: 50, y: 720 - index * 40, size: 11 });
    form.createTextField(name).addToPage(page, { x: 160, y: 710 - index * 40, width: 300, height: 22 });
  });
  return Buffer.from(await doc.save());
};

export const pageCount = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPageCount();
