import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { IMPORT_LIMITS, IMPORT_MSG } from '../../../../shared/schemas/client-import';
import { BULK_MSG, ZExportInput } from '../../../../shared/schemas/utility-bulk';
import { AppError } from '../../../platform/errors';
import { parseInput } from '../../../platform/validate';
import type { TErrorBody } from '../../../../shared/schemas/common';

type TSectorParams = { Params: { sector: string } };

const MULTIPART_OVERHEAD = 256 * 1024;

const tooLarge = (reply: FastifyReply) =>
  reply.header('connection', 'close').code(413).send({ message: IMPORT_MSG.fileTooLarge, type: 'warn', code: 'PAYLOAD_TOO_LARGE' } satisfies TErrorBody);

const bodyOf = (body: unknown): Record<string, unknown> => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {});
const fileMissing = () => new AppError('VALIDATION', { userMessage: BULK_MSG.fileMissing, fields: { file: [BULK_MSG.fileMissing] } });

/**
 * The utility brokers' bulk work over REST (issue 16): `POST /api/practices/:sector/export` (JSON {ids, format})
 * answers the file's bytes as an attachment; `POST /api/practices/:sector/outcomes` (multipart `file` or `file0`,
 * CSV or Excel, as the clients import) answers the report row by row.
 */
export const practicesBulkRest = async (app: FastifyInstance) => {
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: IMPORT_LIMITS.maxFileBytes, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 50 },
  });

  app.post<TSectorParams>('/api/practices/:sector/export', async (request, reply) => {
    const input = parseInput(ZExportInput, { ...bodyOf(request.body), sector: request.params.sector });
    const file = await app.services.practices.bulk.export(request.ctx, input);
    return reply
      .header('content-type', file.mime)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('x-exported-count', String(file.count))
      .send(Buffer.from(file.base64, 'base64'));
  });

  app.post<TSectorParams>('/api/practices/:sector/outcomes', async (request, reply) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > IMPORT_LIMITS.maxFileBytes + MULTIPART_OVERHEAD) return tooLarge(reply);
    if (!request.isMultipart()) throw fileMissing();
    let data: Buffer | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' || part.fieldname === 'file0') data = bytes;
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(reply);
      if (code?.startsWith('FST_')) throw new AppError('BAD_REQUEST', { userMessage: BULK_MSG.fileMissing, cause: error });
      throw error;
    }
    if (!data || data.length === 0) throw fileMissing();
    return app.services.practices.bulk.importFile(request.ctx, request.params.sector, data);
  });
};
