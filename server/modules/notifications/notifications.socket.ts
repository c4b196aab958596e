import { NOTIFICATIONS_RECENT_LIMIT, ZAckNotifPayload } from '../../../shared/schemas/notifications';
import { parseInput } from '../../platform/validate';
import { answerSocketCall, asWire, type TSocketFeature } from '../../realtime/socket-handler';

/** Client events `ready` (answered with the recent `notifications`) and `ackNotif` (ids marked read). */
export const notificationsSocket: TSocketFeature = (socket, { services, logger }) => {
  const { notifications } = services;

  socket.on('ready', () => {
    void answerSocketCall(
      { socket, services, logger, event: 'ready' },
      async () => {
        const { list } = await notifications.list(socket.data.ctx, { page: 1, limit: NOTIFICATIONS_RECENT_LIMIT });
        socket.emit('notifications', asWire(list));
      },
      undefined,
    );
  });

  socket.on('ackNotif', (ids, ack) => {
    void answerSocketCall(
      { socket, services, logger, event: 'ackNotif' },
      () => notifications.markRead(socket.data.ctx, { ids: parseInput(ZAckNotifPayload, ids) }),
      ack,
    );
  });
};
