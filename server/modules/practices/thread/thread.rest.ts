import type { FastifyInstance } from 'fastify';
import { ZPracticeFileFromChat, ZPracticeThreadMessageIdInput, ZPracticeThreadQuery, ZPracticeThreadSend, type TPracticeThreadMessage } from '../../../../shared/schemas/practice-thread';
import { ZPracticeIdInput } from '../../../../shared/schemas/practices';
import type { TSectorSlug } from '../../../../shared/sectors';
import { sendCreated } from '../../../platform/rest-conventions';
import { parseInput } from '../../../platform/validate';
import { receiveUpload, uploadSupport } from '../../files/uploads';

type TIdParams = { Params: { sector: string; id: string } };

const bodyOf = (body: unknown): Record<string, unknown> => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {});

/** A message's own path: what its creation answers in `Location`. */
const messagePath = (sector: TSectorSlug, practiceId: string, message: TPracticeThreadMessage) => `/api/practices/${sector}/${message.practiceId ?? practiceId}/thread/${message.id}`;

/** REST of a practice's conversation (issue 15 "Interfaces"); a message written answers its `Location`. */
export const practicesThreadRest = async (app: FastifyInstance) => {
  await app.register(uploadSupport, { limits: app.services.files.uploadLimits });

  app.get<TIdParams & { Querystring: { before?: string } }>('/api/practices/:sector/:id/thread', async (request) =>
    app.services.practices.thread.list(request.ctx, parseInput(ZPracticeThreadQuery, { ...request.params, before: request.query.before })),
  );

  // `{text}`.
  app.post<TIdParams>('/api/practices/:sector/:id/thread', async (request, reply) => {
    const input = parseInput(ZPracticeThreadSend, { ...bodyOf(request.body), ...request.params });
    const message = await app.services.practices.thread.send(request.ctx, input);
    return sendCreated(reply, messagePath(input.sector, input.id, message), message);
  });

  app.get<{ Params: { sector: string; id: string; messageId: string } }>('/api/practices/:sector/:id/thread/:messageId', async (request) =>
    app.services.practices.thread.get(request.ctx, parseInput(ZPracticeThreadMessageIdInput, request.params)),
  );

  // Multipart as POST /api/chat/upload: file0..N, m0..N and a `body` part ({text?, clientId?}).
  app.post<TIdParams>('/api/practices/:sector/:id/thread/upload', async (request, reply) => {
    const params = parseInput(ZPracticeIdInput, request.params);
    const message = await app.services.practices.thread.sendUpload(request.ctx, params, (target, body) => receiveUpload(request, target, body));
    return sendCreated(reply, messagePath(params.sector, params.id, message), message);
  });

  // `{messageId, fileId, docType?}`: files a chat attachment into the practice's documents; `Location` reads the new
  // document (the files module's view of one file, for whoever may read the practice's documents).
  app.post<TIdParams>('/api/practices/:sector/:id/thread/file', async (request, reply) => {
    const input = parseInput(ZPracticeFileFromChat, { ...bodyOf(request.body), ...request.params });
    const document = await app.services.practices.thread.fileToPractice(request.ctx, input);
    return sendCreated(reply, `/api/docs/file?path=${document.path}`, document);
  });
};
