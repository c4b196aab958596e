import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CHAT_MSG } from '../../../shared/chat-messages';
import { ZChatUploadBody, ZRoomId } from '../../../shared/schemas/chat';
import { parseInput } from '../../platform/validate';
import { receiveUpload, uploadSupport } from '../files/uploads';

const ZUploadQuery = z.object({ roomId: ZRoomId });

/**
 * POST /api/chat/upload?roomId= (spec section 7): multipart file0..N, m0..N and a `body` part ({text?, clientId?});
 * the files are stored in the room and posted as one message. Answers 'File caricato.' with the message.
 */
export const chatUploadRest = async (app: FastifyInstance) => {
  const { chat, files } = app.services;
  await app.register(uploadSupport, { limits: files.uploadLimits });

  app.post('/api/chat/upload', async (request) => {
    const { roomId } = parseInput(ZUploadQuery, request.query);
    // Checked before a byte is read: a stranger's upload to the room is refused without storing anything.
    await chat.assertCanPost(request.ctx, roomId);
    const { files: stored, body } = await receiveUpload(request, { roomId, docType: 'chat' });
    const parsed = ZChatUploadBody.safeParse(body ?? {});
    if (!parsed.success) {
      // Bad input changes nothing: the files just stored go again.
      for (const file of stored) await files.delete(request.ctx, { path: file.path }).catch(() => undefined);
      parseInput(ZChatUploadBody, body);
    }
    const message = await chat.sendUpload(request.ctx, roomId, { text: parsed.data?.text ?? '', clientId: parsed.data?.clientId, upload: stored });
    return { message: CHAT_MSG.uploaded, data: message };
  });
};
