import { ZMessageId, ZSendMessageRequest } from '../../../shared/schemas/chat';
import { parseInput } from '../../platform/validate';
import { topics } from '../../realtime/topics';
import { answerSocketCall, asWire, type TSocketFeature } from '../../realtime/socket-handler';

/**
 * Client events `message` (stored, then acknowledged with the stored message, or `false` on any failure, then
 * delivered as `newMessage`) and `ackMsg` (a received message acknowledged). A broker's connection also follows
 * its sector, where the messages of the sector's rooms are announced.
 */
export const chatSocket: TSocketFeature = (socket, { services, logger }) => {
  const { chat } = services;
  const joinSector = chat.viewerOf(socket.data.actor).then(
    async (viewer) => {
      if (viewer.role === 'broker' && viewer.sector) await socket.join(topics.sector(viewer.sector));
    },
    (error: unknown) => logger.warn({ err: error }, 'profilo chat non caricato'),
  );

  socket.on('message', (payload, ack) => {
    void answerSocketCall(
      { socket, services, logger, event: 'message' },
      async () => asWire(await chat.send(socket.data.ctx, parseInput(ZSendMessageRequest, payload), { socketId: socket.id })),
      // The spec's client reads the answer as the message or false.
      typeof ack === 'function' ? (result: { ok: boolean; data?: unknown }) => ack(result.ok ? (result.data as never) : false) : undefined,
    );
  });

  socket.on('ackMsg', (messageId, ack) => {
    void answerSocketCall({ socket, services, logger, event: 'ackMsg' }, async () => chat.ack(socket.data.ctx, parseInput(ZMessageId, messageId)), ack);
  });

  return joinSector;
};
