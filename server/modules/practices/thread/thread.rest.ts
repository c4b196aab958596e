import type { FastifyInstance } from 'fastify';
import { ZPracticeFileFromChat, ZPracticeThreadQuery, ZPracticeThreadSend } from '../../../../shared/schemas/practice-thread';
import { ZPracticeIdInput } from '../../../../shared/schemas/practices';
import { parseInput } from '../../../platform/validate';
import { receiveUpload, uploadSupport } from '../../files/uploads';

type TIdParams = { Params: { sector: string; id: string } };

const bodyOf = (body: unknown): Record<string, unknown> => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {});

/** REST of a practice's conversation (issue 15 "Interfaces"). */
export const practicesThreadRest = async (app: FastifyInstance) => {
  await app.register(uploadSupport, { limits: app.services.files.uploadLimits });

  app.get<TIdParams & { Querystring: { before?: string } }>('/api/practices/:sector/:id/thread', async (request) =>
    app.services.practices.thread.list(request.ctx, parseInput(ZPracticeThreadQuery, { ...request.params, before: request.query.before })),
  );

  // `{text}`.
  app.post<TIdParams>('/api/practices/:sector/:id/thread', async (request, reply) => {
    const input = parseInput(ZPracticeThreadSend, { ...bodyOf(request.body), ...request.params });
    return reply.code(201).send(await app.services.practices.thread.send(request.ctx, input));
  });

  // Multipart as POST /api/chat/upload: file0..N, m0..N and a `body` part ({text?, clientId?}).
  app.post<TIdParams>('/api/practices/:sector/:id/thread/upload', async (request, reply) => {
    const params = parseInput(ZPracticeIdInput, request.params);
    const message = await app.services.practices.thread.sendUpload(request.ctx, params, (target, body) => receiveUpload(request, target, body));
    return reply.code(201).send(message);
  });

  // `{messageId, fileId, docType?}`: files a chat attachment into the practice's documents.
  app.post<TIdParams>('/api/practices/:sector/:id/thread/file', async (request, reply) => {
    const input = parseInput(ZPracticeFileFromChat, { ...bodyOf(request.body), ...request.params });
    return reply.code(201).send(await app.services.practices.thread.fileToPractice(request.ctx, input));
  });
};
