import { ZMessageId, ZSendMessageRequest } from '../../../shared/schemas/chat';
import { parseInput } from '../../platform/validate';
import { answerSocketCall, asWire, type TSocketFeature } from '../../realtime/socket-handler';

/**
 * Client events `message` (stored, then acknowledged with the stored message, or `false` on any failure, then
 * delivered as `newMessage`) and `ackMsg` (a received message acknowledged).
 */
export const chatSocket: TSocketFeature = (socket, { services, logger }) => {
  const { chat } = services;

  socket.on('message', (payload, ack) => {
    void answerSocketCall(
      { socket, services, logger, event: 'message' },
      async () => asWire(await chat.send(socket.data.ctx, parseInput(ZSendMessageRequest, payload))),
      // The spec's client reads the answer as the message or false.
      typeof ack === 'function' ? (result: { ok: boolean; data?: unknown }) => ack(result.ok ? (result.data as never) : false) : undefined,
    );
  });

  socket.on('ackMsg', (messageId, ack) => {
    void answerSocketCall(
      { socket, services, logger, event: 'ackMsg' },
      () => chat.ack(socket.data.ctx, parseInput(ZMessageId, messageId)),
      ack,
    );
  });
};
