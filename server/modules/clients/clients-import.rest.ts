import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { IMPORT_LIMITS, IMPORT_MSG, ZImportOptions } from '../../../shared/schemas/client-import';
import { AppError } from '../../platform/errors';
import { parseInput } from '../../platform/validate';
import type { TErrorBody } from '../../../shared/schemas/common';

/** Room for the boundaries, part headers and option fields on top of the file's bytes. */
const MULTIPART_OVERHEAD = 256 * 1024;
const FIELD_MAX_BYTES = 64 * 1024;

const tooLarge = (reply: FastifyReply) =>
  reply.header('connection', 'close').code(413).send({ message: IMPORT_MSG.fileTooLarge, type: 'warn', code: 'PAYLOAD_TOO_LARGE' } satisfies TErrorBody);

const parseJson = (name: string, text: string): unknown => {
  try {
    return JSON.parse(text, (key, value: unknown) => {
      if (key === '__proto__' || key === 'constructor') throw new SyntaxError('prototype key');
      return value;
    });
  } catch {
    throw new AppError('VALIDATION', { userMessage: IMPORT_MSG.optionsInvalid, fields: { [name]: [IMPORT_MSG.optionsInvalid] } });
  }
};

/**
 * POST /api/clients/import (spec section 7 multipart): the file as `file0` (or `file`), the options as a `body` part
 * (JSON {mapping?, dryRun?, cornerId?}) or as fields `mapping` (JSON), `dryRun` ('true'/'false'), `cornerId` (admin).
 * Without a mapping the suggested one is used; without dryRun nothing is written. Answers the per-row results.
 */
export const clientsImportRest = async (app: FastifyInstance) => {
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: IMPORT_LIMITS.maxFileBytes, files: 1, fields: 8, fieldSize: FIELD_MAX_BYTES, parts: 10, headerPairs: 50 },
  });

  app.post('/api/clients/import', async (request, reply) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > IMPORT_LIMITS.maxFileBytes + MULTIPART_OVERHEAD) return tooLarge(reply);
    if (!request.isMultipart()) throw new AppError('BAD_REQUEST', { userMessage: IMPORT_MSG.fileMissing });

    let data: Buffer | null = null;
    let options: Record<string, unknown> = {};
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' && part.fieldname !== 'file0') {
            await part.toBuffer();
            continue;
          }
          data = await part.toBuffer();
          continue;
        }
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (part.fieldname === 'body') {
          const body = parseJson('body', value);
          if (body && typeof body === 'object') options = { ...options, ...(body as Record<string, unknown>) };
        } else if (part.fieldname === 'mapping') {
          options.mapping = value.trim() ? parseJson('mapping', value) : null;
        } else if (part.fieldname === 'dryRun') {
          options.dryRun = value === 'true' ? true : value === 'false' ? false : value;
        } else if (part.fieldname === 'cornerId') {
          options.cornerId = value || null;
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(reply);
      if (error instanceof AppError) throw error;
      if (code?.startsWith('FST_')) throw new AppError('BAD_REQUEST', { userMessage: IMPORT_MSG.fileMissing, cause: error });
      throw error;
    }
    if (!data) throw new AppError('VALIDATION', { userMessage: IMPORT_MSG.fileMissing, fields: { file: [IMPORT_MSG.fileMissing] } });
    return app.services.clients.import.runFile(request.ctx, data, parseInput(ZImportOptions, options));
  });
};
