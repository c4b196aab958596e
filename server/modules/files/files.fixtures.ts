import { randomBytes } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';

/** Test-only helpers: multipart bodies and real files of the allowed (and refused) types. */
export type TPart =
  | { kind: 'file'; field: string; filename: string; content: Buffer; contentType?: string }
  | { kind: 'field'; field: string; value: string; contentType?: string };

export const multipart = (parts: readonly TPart[]) => {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.kind === 'file' ? `form-data; name="${part.field}"; filename="${part.filename}"` : `form-data; name="${part.field}"`;
    const type = part.kind === 'file' ? (part.contentType ?? 'application/octet-stream') : part.contentType;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`));
    chunks.push(part.kind === 'file' ? part.content : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

export const pngOf = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

export const jpegOf = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 30, b: 200 } } })
    .jpeg()
    .toBuffer();

export const pdfOf = async (text = 'Contratto') => {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(text);
  return Buffer.from(await doc.save());
};

export const HTML_AS_PNG = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
export const SVG_AS_PNG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
