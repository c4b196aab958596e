import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FILE_MSG, ZUploadDocsQuery } from '../../../../shared/schemas/files';
import { ZPracticeIdInput } from '../../../../shared/schemas/practices';
import { ZQuotationIdInput } from '../../../../shared/schemas/quotations';
import { sendCreated } from '../../../platform/rest-conventions';
import { parseInput } from '../../../platform/validate';
import { receiveUpload, uploadSupport } from '../../files/uploads';
import type { TReceiveQuotationUpload } from './quotations.service';

type TIdParams = { Params: { sector: string; id: string } };
type TQidParams = { Params: { sector: string; id: string; qid: string } };

const uploadOf =
  (request: FastifyRequest): TReceiveQuotationUpload =>
  (target, body) =>
    receiveUpload(request, target, body);

/**
 * REST of a practice's quotations and documents (issue 15 "Interfaces"):
 * - `GET /api/practices/:sector/:id/quotations`;
 * - `POST /api/practices/:sector/:id/quotations`: multipart as spec section 7 (the PDF as `file0`, the quotation JSON
 *   as the `body` part) or a JSON body without a PDF; answers 201 with the quotation and its `Location`;
 * - `GET /api/practices/:sector/:id/quotations/:qid`: one quotation;
 * - `PATCH /api/practices/:sector/:id/quotations/:qid`: the whole quotation again, JSON or multipart with a new PDF;
 * - `POST /api/practices/:sector/:id/quotations/:qid/choose`: answers the practice's quotations;
 * - `GET /api/practices/:sector/:id/documents`, `POST` (multipart `file0..N`, `m0..N`, `?docType=`): documents.
 */
export const practiceQuotationsRest = async (app: FastifyInstance) => {
  const { practices, files } = app.services;
  await app.register(uploadSupport, { limits: files.uploadLimits });

  app.get<TIdParams>('/api/practices/:sector/:id/quotations', async (request) => {
    const { sector, id } = parseInput(ZPracticeIdInput, request.params);
    return practices.quotations.list(request.ctx, sector, id);
  });

  app.post<TIdParams>('/api/practices/:sector/:id/quotations', async (request, reply) => {
    const { sector, id } = parseInput(ZPracticeIdInput, request.params);
    const source = request.isMultipart() ? { upload: uploadOf(request) } : { input: request.body };
    const quotation = await practices.quotations.create(request.ctx, sector, id, source);
    return sendCreated(reply, `/api/practices/${sector}/${quotation.practiceId}/quotations/${quotation.id}`, quotation);
  });

  app.get<TQidParams>('/api/practices/:sector/:id/quotations/:qid', async (request) => {
    const { sector, id, qid } = parseInput(ZQuotationIdInput, request.params);
    return practices.quotations.get(request.ctx, sector, id, qid);
  });

  app.patch<TQidParams>('/api/practices/:sector/:id/quotations/:qid', async (request) => {
    const { sector, id, qid } = parseInput(ZQuotationIdInput, request.params);
    const source = request.isMultipart() ? { upload: uploadOf(request) } : { input: request.body };
    return practices.quotations.update(request.ctx, sector, id, qid, source);
  });

  app.post<TQidParams>('/api/practices/:sector/:id/quotations/:qid/choose', async (request) => {
    const { sector, id, qid } = parseInput(ZQuotationIdInput, request.params);
    return practices.quotations.choose(request.ctx, sector, id, qid);
  });

  app.get<TIdParams>('/api/practices/:sector/:id/documents', async (request) => {
    const { sector, id } = parseInput(ZPracticeIdInput, request.params);
    return practices.documents.list(request.ctx, sector, id);
  });

  app.post<TIdParams>('/api/practices/:sector/:id/documents', async (request, reply) => {
    const { sector, id } = parseInput(ZPracticeIdInput, request.params);
    const { docType } = parseInput(ZUploadDocsQuery, request.query ?? {});
    const stored = await practices.documents.upload(request.ctx, sector, id, docType, (target) => receiveUpload(request, target));
    return reply.code(201).send({ message: FILE_MSG.uploaded, files: stored });
  });
};
