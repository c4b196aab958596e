import path from 'node:path';
import type { Readable } from 'node:stream';
import { createStoredZip } from './zip-writer';

/**
 * A name safe as a zip entry and in a Content-Disposition header: no path separators, no `..`, no control
 * characters, not empty, at most 150 characters (the extension kept).
 */
export const safeFileName = (name: string, fallback = 'file'): string => {
  const cleaned = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[/\\:*?"<>|]/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const value = cleaned || fallback;
  if (value.length <= 150) return value;
  const ext = path.extname(value).slice(0, 20);
  return value.slice(0, 150 - ext.length) + ext;
};

/** Gives the file the extension of its type when its name has none (a renamed "Carta d'identità" is still a PDF). */
export const withExtension = (name: string, mime: string): string => {
  if (path.extname(name)) return name;
  const ext: Record<string, string> = {
    'application/pdf': '.pdf',
    'image/png': '.png',
    'image/jpeg': '.jpg',
    'image/webp': '.webp',
    'image/gif': '.gif',
    'video/mp4': '.mp4',
    'video/webm': '.webm',
    'audio/mpeg': '.mp3',
    'audio/wav': '.wav',
    'audio/ogg': '.ogg',
  };
  return name + (ext[mime] ?? '');
};

/** Makes names unique, case-insensitively: "a.pdf", "a (2).pdf", "a (3).pdf". */
export const dedupeNames = (names: readonly string[]): string[] => {
  const used = new Set<string>();
  return names.map((name) => {
    const ext = path.extname(name);
    const base = name.slice(0, name.length - ext.length);
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n += 1) candidate = `${base} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
};

/** The headers of a zip sent as an attachment (`no-store` for what must not stay in a cache, such as a GDPR export). */
export const zipAttachmentHeaders = (fileName: string, cache: 'no-cache' | 'no-store' = 'no-cache') => ({
  'content-type': 'application/zip',
  'content-disposition': contentDisposition('attachment', fileName),
  'x-content-type-options': 'nosniff',
  'cache-control': `private, ${cache}`,
});

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name of RFC 6266 / RFC 5987. */
export const contentDisposition = (kind: 'attachment' | 'inline', name: string): string => {
  const safe = safeFileName(name);
  const ascii = safe
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
};

/**
 * One zip streamed as it is built (see zip-writer.ts): each file opened only when its turn comes, read in 1 MiB
 * chunks (a sixteenth of the reads, writes and buffers of the default 64 KiB), entries stored as they are.
 */
export const createZipStream = (entries: readonly { name: string; mime: string; open: () => Readable }[]): Readable => {
  const names = dedupeNames(entries.map((entry) => safeFileName(withExtension(entry.name, entry.mime))));
  const now = new Date();
  return createStoredZip(entries.map((entry, index) => ({ name: names[index]!, open: entry.open, date: now })));
};
