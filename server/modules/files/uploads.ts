import { Transform } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { FILE_MSG, ZUploadMetadata, type TFileItem, type TUploadMetadata } from '../../../shared/schemas/files';
import type { TConfig } from '../../config';
import { AppError, toFieldErrors } from '../../platform/errors';
import { parseInput } from '../../platform/validate';
import type { TUploadTarget } from './files.service';
import type { TErrorBody } from '../../../shared/schemas/common';

export type TUploadLimits = TConfig['uploads'];

/** Room for the multipart boundaries, part headers and the m/body fields on top of the files' bytes. */
const MULTIPART_OVERHEAD = 256 * 1024;
const FIELD_MAX_BYTES = 64 * 1024;

/** An upload over a limit: answered 413 with its Italian message, and the connection closed (its body unread). */
export class UploadLimitError extends Error {
  readonly statusCode = 413;
  constructor(readonly userMessage: string) {
    super(userMessage);
    this.name = 'UploadLimitError';
  }
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * Multipart parsing (@fastify/multipart) for the routes of the plugin that registers this, and nowhere else:
 * JSON bodies of every other route keep the app's parser and 1 MB limit. Also answers UploadLimitError with
 * 413 and the Italian message; other errors go on to the app's error handler.
 */
export const uploadSupport = fp(
  async (app: FastifyInstance, options: { limits: TUploadLimits }) => {
    const { limits } = options;
    await app.register(fastifyMultipart, {
      throwFileSizeLimit: true,
      limits: {
        // Backstops: receiveUpload counts the bytes itself and stops first, with a clearer message.
        fileSize: limits.maxFileBytes + 1,
        files: limits.maxFiles,
        fields: limits.maxFiles + 2,
        fieldSize: FIELD_MAX_BYTES,
        parts: limits.maxFiles * 2 + 2,
        headerPairs: 50,
      },
    });
    app.setErrorHandler((error: FastifyError | UploadLimitError, _request, reply: FastifyReply) => {
      if (!(error instanceof UploadLimitError)) throw error;
      reply.header('connection', 'close');
      return reply.status(413).send({ message: error.userMessage, type: 'warn', code: 'PAYLOAD_TOO_LARGE' } satisfies TErrorBody);
    });
  },
  { name: 'upload-support', encapsulate: false },
);

/** Counts the bytes of one file and of the whole request, failing the stream as soon as one limit is passed. */
const byteLimit = (name: string, limits: TUploadLimits, totals: { bytes: number }) => {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      totals.bytes += chunk.length;
      if (bytes > limits.maxFileBytes) return callback(new UploadLimitError(FILE_MSG.uploadFileTooLarge(name, mb(limits.maxFileBytes))));
      if (totals.bytes > limits.maxTotalBytes) return callback(new UploadLimitError(FILE_MSG.uploadTooLarge(mb(limits.maxTotalBytes))));
      callback(null, chunk);
    },
  });
};

/**
 * The name the browser sent with a file, cleaned: control characters dropped (PostgreSQL refuses a NUL in text,
 * and a name is shown and sent back in headers), no path separators, as a rename would have to be (ZFileName).
 */
const cleanUploadName = (filename: string | undefined, fallback: string): string => {
  const cleaned = (filename ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[/\\]/g, '_')
    .trim()
    .slice(0, 200)
    .trim();
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : fallback;
};

const parseJsonField = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  return JSON.parse(value, (key, item: unknown) => {
    if (key === '__proto__' || key === 'constructor') throw new SyntaxError('prototype key');
    return item;
  });
};

/** The multipart library's own errors, in Italian and with the right status. */
const mapMultipartError = (error: unknown, limits: TUploadLimits): unknown => {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return new UploadLimitError(FILE_MSG.uploadTooManyFiles(limits.maxFiles));
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new UploadLimitError(FILE_MSG.uploadFileTooLarge('', mb(limits.maxFileBytes)).replace(' ""', ''));
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new UploadLimitError(FILE_MSG.uploadTooManyFiles(limits.maxFiles));
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_JSON_FIELD_ERROR' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('BAD_REQUEST', { userMessage: FILE_MSG.uploadMalformed });
  }
  if (error instanceof Error && /multipart|Part terminated|Malformed|Unexpected end/i.test(error.message) && !(error instanceof AppError)) {
    return new AppError('BAD_REQUEST', { userMessage: FILE_MSG.uploadMalformed, cause: error });
  }
  return error;
};

/**
 * The one upload parser (spec section 7): multipart `file0..N` with their metadata `m0..N` (JSON, {name,
 * type?, docType?, ...}) and a `body` part (JSON). Refuses over-limit requests before reading them (by
 * Content-Length) or as soon as a limit is passed (413), files whose content is not an allowed type, and
 * leaves nothing stored when it fails or the client aborts. The route's plugin must register `uploadSupport`.
 *
 * `bodySchema` checks the `body` part (absent: `{}`) once every part is read, before any file is recorded: a bad
 * body leaves nothing stored. Chat: chat.sendUpload gives the room and its body schema.
 */
export const receiveUpload = async <TBody = unknown>(
  request: FastifyRequest,
  target: TUploadTarget = {},
  bodySchema?: z.ZodType<TBody>,
): Promise<{ files: TFileItem[]; body: TBody }> => {
  const service = request.server.services.files;
  const limits = service.uploadLimits;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxTotalBytes + MULTIPART_OVERHEAD) {
    throw new UploadLimitError(FILE_MSG.uploadTooLarge(mb(limits.maxTotalBytes)));
  }
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', { userMessage: FILE_MSG.uploadNotMultipart });

  const batch = await service.beginUpload(request.ctx, target);
  const metadata = new Map<string, TUploadMetadata>();
  const totals = { bytes: 0 };
  let body: unknown = undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const value = part.value;
        const metaIndex = /^m(\d{1,3})$/.exec(part.fieldname)?.[1];
        if (metaIndex !== undefined) {
          let parsed: unknown;
          try {
            parsed = parseJsonField(value);
          } catch {
            throw new AppError('VALIDATION', { userMessage: FILE_MSG.uploadMetadataInvalid, fields: { [part.fieldname]: [FILE_MSG.uploadMetadataInvalid] } });
          }
          const result = ZUploadMetadata.safeParse(parsed);
          if (!result.success) {
            const fields = Object.fromEntries(Object.entries(toFieldErrors(result.error)).map(([key, messages]) => [`${part.fieldname}.${key}`, messages]));
            throw new AppError('VALIDATION', { userMessage: [...new Set(Object.values(fields).flat())].join('\n'), fields });
          }
          metadata.set(metaIndex, result.data);
        } else if (part.fieldname === 'body') {
          try {
            body = parseJsonField(value);
          } catch {
            throw new AppError('VALIDATION', { userMessage: FILE_MSG.uploadBodyInvalid, fields: { body: [FILE_MSG.uploadBodyInvalid] } });
          }
        }
        continue;
      }
      const fileIndex = /^file(\d{1,3})$/.exec(part.fieldname)?.[1];
      if (fileIndex === undefined) throw new AppError('BAD_REQUEST', { userMessage: FILE_MSG.uploadMalformed });
      if (batch.count() >= limits.maxFiles) throw new UploadLimitError(FILE_MSG.uploadTooManyFiles(limits.maxFiles));
      // The mN part may come before or after fileN: the name sent with the file is used until then.
      const fallbackName = cleanUploadName(part.filename, `file${fileIndex}`);
      const name = metadata.get(fileIndex)?.name ?? fallbackName;
      await batch.add(part.file, fileIndex, { name: fallbackName }, [byteLimit(name, limits, totals)]);
    }
    if (batch.count() === 0) throw new AppError('VALIDATION', { userMessage: FILE_MSG.uploadEmpty });
    const checkedBody = bodySchema ? parseInput(bodySchema, body) : (body as TBody);
    return { files: await batch.commit((key) => metadata.get(key)), body: checkedBody };
  } catch (error) {
    await batch.abort();
    throw mapMultipartError(error, limits);
  }
};
