import type { FastifyInstance } from 'fastify';
import { ZChatRoomQuery, ZChatSearchQuery, ZOpenRoomRequest } from '../../../shared/schemas/chat';
import { parseInput } from '../../platform/validate';

/** Literal /api/chat paths of spec section 7 over the chat service (uploads: chat-upload.rest.ts). */
export const chatRest = async (app: FastifyInstance) => {
  const { chat } = app.services;

  app.get('/api/chat', async (request) => chat.search(request.ctx, parseInput(ZChatSearchQuery, request.query)));

  app.get('/api/chat/staff', async (request) => chat.staff(request.ctx));

  app.post('/api/chat/staff/open', async (request) => chat.openStaff(request.ctx));

  // A literal path: find-my-way matches it before the parametric /api/chat/:roomId.
  app.get('/api/chat/rooms', async (request) => chat.listRooms(request.ctx));

  app.get('/api/chat/ack', async (request) => chat.pendingAcks(request.ctx));

  app.post('/api/chat/open', async (request) => chat.open(request.ctx, parseInput(ZOpenRoomRequest, request.body)));

  app.get<{ Params: { roomId: string }; Querystring: { before?: string } }>('/api/chat/:roomId', async (request) =>
    chat.getRoom(request.ctx, parseInput(ZChatRoomQuery, { roomId: request.params.roomId, before: request.query.before })),
  );
};
