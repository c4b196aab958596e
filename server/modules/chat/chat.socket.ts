import { ZMessageId, ZSendMessageRequest } from '../../../shared/schemas/chat';
import { parseInput } from '../../platform/validate';
import { topics } from '../../realtime/topics';
import { answerSocketCall, asWire, type TSocketFeature } from '../../realtime/socket-handler';
import type { TViewer } from './chat.access';

/** How long a connection keeps the user's chat facts (role, sector, name) before reading them again. */
const VIEWER_TTL_MS = 60_000;

/**
 * Client events `message` (stored, then acknowledged with the stored message, or `false` on any failure, then
 * delivered as `newMessage`) and `ackMsg` (a received message acknowledged). A broker's connection also follows
 * its sector, where the messages of the sector's rooms are announced.
 */
export const chatSocket: TSocketFeature = (socket, { services, logger }) => {
  const { chat } = services;
  // Loaded once; read again in the background when older than VIEWER_TTL_MS (a message never waits for it).
  let viewer: { value: Promise<TViewer>; at: number } | null = null;
  let refreshing = false;
  const load = () => ({ value: chat.viewerOf(socket.data.actor), at: Date.now() });
  const currentViewer = () => {
    if (!viewer) {
      const first = load();
      first.value.catch(() => {
        if (viewer === first) viewer = null;
      });
      viewer = first;
    } else if (Date.now() - viewer.at > VIEWER_TTL_MS && !refreshing) {
      refreshing = true;
      const next = load();
      next.value
        .then(() => (viewer = next), () => undefined)
        .finally(() => (refreshing = false));
    }
    return viewer.value;
  };
  const joinSector = currentViewer().then(
    async (known) => {
      if (known.role === 'broker' && known.sector) await socket.join(topics.sector(known.sector));
    },
    (error: unknown) => logger.warn({ err: error }, 'profilo chat non caricato'),
  );

  socket.on('message', (payload, ack) => {
    void answerSocketCall(
      { socket, services, logger, event: 'message' },
      async () => asWire(await chat.send(socket.data.ctx, parseInput(ZSendMessageRequest, payload), { viewer: await currentViewer(), socketId: socket.id })),
      // The spec's client reads the answer as the message or false.
      typeof ack === 'function' ? (result: { ok: boolean; data?: unknown }) => ack(result.ok ? (result.data as never) : false) : undefined,
    );
  });

  socket.on('ackMsg', (messageId, ack) => {
    void answerSocketCall(
      { socket, services, logger, event: 'ackMsg' },
      async () => chat.ack(socket.data.ctx, parseInput(ZMessageId, messageId), await currentViewer()),
      ack,
    );
  });

  return joinSector;
};
