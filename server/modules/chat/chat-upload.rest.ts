import type { FastifyInstance } from 'fastify';
import { CHAT_MSG } from '../../../shared/chat-messages';
import { ZChatUploadQuery } from '../../../shared/schemas/chat';
import { parseInput } from '../../platform/validate';
import { receiveUpload, uploadSupport } from '../files/uploads';

/**
 * POST /api/chat/upload?roomId= (spec section 7): multipart file0..N, m0..N and a `body` part ({text?, clientId?});
 * the files are stored in the room and posted as one message (chat.sendUpload). Answers 'File caricato.' with the
 * message.
 */
export const chatUploadRest = async (app: FastifyInstance) => {
  const { chat, files } = app.services;
  await app.register(uploadSupport, { limits: files.uploadLimits });

  app.post('/api/chat/upload', async (request) => {
    const { roomId } = parseInput(ZChatUploadQuery, request.query);
    const message = await chat.sendUpload(request.ctx, roomId, (target, body) => receiveUpload(request, target, body));
    return { message: CHAT_MSG.uploaded, data: message };
  });
};
