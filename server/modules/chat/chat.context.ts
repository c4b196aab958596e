import { CHAT_MSG } from '../../../shared/chat-messages';
import { chatSenderName } from '../../../shared/rules/chat-names';
import type { TChatMessage, TChatRoomSummary } from '../../../shared/schemas/chat';
import type { TFileItem } from '../../../shared/schemas/files';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { createSharedLimiter } from '../../platform/rate-limit';
import { canAccessRoom, describeRooms, toViewer, type TPeople, type TViewer } from './chat.access';
import type * as repo from './chat.repository';
import { createRoomCache, type TRoomInfo } from './chat.rooms';
import { createViewerCache } from './chat.viewers';

/** Bus topic of the acknowledgements of a sender's messages (tRPC chat.onAck only; not a socket.io event). */
export const ackTopic = (userId: string) => `chat-ack:${userId}`;

/**
 * What the chat service's units share, created once by createChatService: its dependencies, the send limiter, the
 * viewer and room caches, and the helpers that name people and messages for a viewer.
 */
export const createChatContext = ({ db, bus, logger, config }: TServiceDeps, accounts: TPeople) => {
  // Shared by every instance (rate_limits), so connections spread over instances do not multiply the budget.
  const sendLimit = createSharedLimiter(db, config.chatMessagesPerMinute, 60, 'chat-send');

  const users = async (ids: readonly string[]) => new Map((await accounts.userCards([...new Set(ids)])).map((row) => [row.id, toViewer(row)]));
  const viewers = createViewerCache({ accounts, bus });

  const toMessage = (row: repo.TMessageRow, viewer: TViewer, senders: Map<string, TViewer>): TChatMessage => {
    const sender = senders.get(row.sender_id);
    return {
      id: String(row.id),
      roomId: row.room_id,
      text: row.text,
      createdAt: new Date(row.created_at),
      sender: { id: row.sender_id, name: sender ? chatSenderName(sender, viewer) : '' },
      ack: Boolean(row.ack),
      upload: row.upload as TFileItem[],
      clientId: row.sender_id === viewer.id ? row.client_id : null,
    };
  };

  const describeRoom = async (viewer: TViewer, room: repo.TRoomRow): Promise<TChatRoomSummary> => (await describeRooms(db, accounts, viewer, [room])).get(room.id)!;

  const rooms = createRoomCache(db, accounts);

  /** The room, from memory, when the viewer may see it; otherwise NOT_FOUND (a room's existence is not revealed). */
  const requireRoomInfo = async (viewer: TViewer, roomId: string): Promise<TRoomInfo> => {
    const info = await rooms.get(roomId);
    if (!info || !canAccessRoom(viewer, info.room)) throw new AppError('NOT_FOUND', { userMessage: CHAT_MSG.roomNotFound });
    return info;
  };

  return { db, bus, logger, accounts, sendLimit, viewers, rooms, users, toMessage, describeRoom, requireRoomInfo };
};

export type TChatContext = ReturnType<typeof createChatContext>;
