import { Transform } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { FILE_MSG } from '../../../shared/schemas/files';
import { AppError } from '../../platform/errors';

/**
 * Types accepted in uploads, recognised by their content (magic bytes), never by name or declared type:
 * documents, images, video and audio a phone produces, and zip-based office files. Text formats (HTML, SVG,
 * scripts) have no magic bytes, so file-type cannot vouch for them and they are refused.
 */
export const ALLOWED_MIME_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/heic',
  'image/heif',
  'image/avif',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/x-wav',
  'audio/mp4',
  'audio/x-m4a',
  'audio/webm',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
]);

/** Types a browser may show inline (viewer, previews); everything else is always sent as an attachment. */
export const INLINE_MIME_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/avif',
  'video/mp4',
  'video/webm',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/x-wav',
  'audio/mp4',
  'audio/webm',
]);

/** Bytes looked at to recognise a type: enough for the zip directory of an office file's first entries. */
const SNIFF_BYTES = 256 * 1024;

/**
 * A pass-through that holds back the first bytes until the type is recognised, then calls `onType` with it
 * (or fails with 'Tipo di file non consentito: …' before anything is written when it is not allowed).
 */
export const typeCheck = (displayName: string, onType: (mime: string) => void): Transform => {
  const head: Buffer[] = [];
  let headSize = 0;
  let decided = false;
  const decide = async (stream: Transform) => {
    decided = true;
    const sample = Buffer.concat(head);
    const detected = await fileTypeFromBuffer(sample);
    if (!detected || !ALLOWED_MIME_TYPES.has(detected.mime)) {
      const what = detected ? `${displayName} (${detected.mime})` : displayName;
      throw new AppError('VALIDATION', { userMessage: `${FILE_MSG.typeNotAllowed} ${what}.` });
    }
    onType(detected.mime);
    stream.push(sample);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (decided) return callback(null, chunk);
      head.push(chunk);
      headSize += chunk.length;
      if (headSize < SNIFF_BYTES) return callback();
      decide(this).then(() => callback(), callback);
    },
    flush(callback) {
      if (decided) return callback();
      decide(this).then(() => callback(), callback);
    },
  });
};
