import { CHAT_MSG } from '../../../shared/chat-messages';
import { CHAT_PAGE_SIZE, ZChatUploadBody } from '../../../shared/schemas/chat';
import type { TActor, TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { recipientKeysOf } from './chat.access';
import type { TChatContext } from './chat.context';
import * as repo from './chat.repository';
import type { TReceiveUpload, TStoreAndAnnounce } from './chat.sending';

/**
 * A practice's conversation (issue 15), for the practices module, which checks the caller's access to the practice:
 * its messages, and messages and files posted in it, in the room of the practice's corner with the sector's brokers.
 */
export const createPracticeThreads = ({ db, viewers, rooms, users, toMessage, sendLimit, requireRoomInfo }: TChatContext, storeAndAnnounce: TStoreAndAnnounce) => ({
  /**
   * A practice's conversation (issue 15): its messages, the newest page, oldest first, in the room of the
   * practice's corner with the brokers of `brokerType` (null until opened). The practices module checked that
   * the caller reaches the practice (an admin reads it too).
   */
  practiceThread: async (actor: TActor, input: { practiceId: string; cornerId: string; brokerType: string; before?: string }) => {
    const viewer = await viewers.get(actor);
    const room = await repo.findSectorRoom(db, input.cornerId, input.brokerType);
    const rows = await repo.listPracticeMessages(db, input.practiceId, viewer.id, recipientKeysOf(viewer), { before: input.before, limit: CHAT_PAGE_SIZE + 1 });
    const page = rows.slice(0, CHAT_PAGE_SIZE).reverse();
    const senders = await users(page.map((row) => row.sender_id));
    return {
      roomId: room?.id ?? null,
      messages: page.map((row) => ({ ...toMessage(row, viewer, senders), practiceId: row.practice_id })),
      hasMore: rows.length > CHAT_PAGE_SIZE,
    };
  },

  /** One message of a practice's conversation (none: not one of its messages). The practices module checked access. */
  practiceMessage: async (actor: TActor, input: { practiceId: string; messageId: string }) => {
    const viewer = await viewers.get(actor);
    const row = await repo.findPracticeMessage(db, input.practiceId, input.messageId, viewer.id, recipientKeysOf(viewer));
    if (!row) return undefined;
    return { ...toMessage(row, viewer, await users([row.sender_id])), practiceId: row.practice_id };
  },

  /**
   * Writes in a practice's conversation: a message tagged with the practice, in the room of its corner with the
   * sector's brokers (opened on first use), announced as any chat message. The practices module checked access.
   */
  postToPractice: async (actor: TActor, input: { practiceId: string; cornerId: string; brokerType: string; text: string }) => {
    const viewer = await viewers.get(actor);
    const room = await repo.ensureSectorRoom(db, input.cornerId, input.brokerType);
    const info = await rooms.get(room.id);
    if (!info) throw new AppError('NOT_FOUND', { userMessage: CHAT_MSG.roomNotFound });
    await sendLimit.consume(viewer.id);
    const message = await storeAndAnnounce(viewer, info, { text: input.text, clientId: null, upload: [], practiceId: input.practiceId });
    return { ...message, practiceId: input.practiceId };
  },

  /**
   * Files posted in a practice's conversation (multipart as POST /api/chat/upload): stored in the room of the
   * practice's corner with the sector's brokers (the caller must be able to post there: an admin may not), posted
   * as one message tagged with the practice. The practices module checked that the caller reaches the practice.
   */
  postUploadToPractice: async (ctx: TRequestContext, input: { practiceId: string; cornerId: string; brokerType: string }, receive: TReceiveUpload) => {
    const viewer = await viewers.get(requireActor(ctx));
    const room = await repo.ensureSectorRoom(db, input.cornerId, input.brokerType);
    const info = await requireRoomInfo(viewer, room.id);
    await sendLimit.consume(viewer.id);
    const { files, body } = await receive({ roomId: room.id, docType: 'chat' }, ZChatUploadBody);
    const message = await storeAndAnnounce(viewer, info, { text: body.text ?? '', clientId: body.clientId ?? null, upload: files, practiceId: input.practiceId });
    return { ...message, practiceId: input.practiceId };
  },

  /** A message with its room's facts, unchecked (the practices module files its attachments after its checks). */
  findMessageWithRoom: (messageId: string) => repo.findMessageWithRoom(db, messageId),
});
