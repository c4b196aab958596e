import { CHAT_MSG } from '../../../shared/chat-messages';
import { ZChatUploadBody, type TChatMessage, type TNewMessageEvent, type TSendMessageRequest } from '../../../shared/schemas/chat';
import type { TFileItem } from '../../../shared/schemas/files';
import type { z } from 'zod';
import type { TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { publishToClients, topics } from '../../realtime/topics';
import type { TUploadTarget } from '../files/files.service';
import { recipientsOf, type TViewer } from './chat.access';
import type { TChatContext } from './chat.context';
import * as repo from './chat.repository';
import { messageFor, summaryFor, type TRoomInfo } from './chat.rooms';

/**
 * Stores an upload's files in the target room (the adapter's multipart reader): `body`, the upload's `body` part,
 * is checked before any file is recorded, so a bad one leaves nothing stored.
 */
export type TReceiveUpload = <TBody>(target: TUploadTarget, body: z.ZodType<TBody>) => Promise<{ files: TFileItem[]; body: TBody }>;

type TStored = { id: string; roomId: string; text: string; createdAt: Date; upload: TFileItem[]; clientId: string | null };

/** What a message carries besides its room and sender. */
export type TMessageInput = { text: string; clientId: string | null; upload: TFileItem[]; practiceId?: string | null };

/** Stores a message and announces it (see the function it answers); shared by the units that post messages. */
export const createMessagePublisher = ({ db, bus, logger, rooms }: TChatContext) => {
  const writeMessage = repo.createMessageWriter(db);

  /**
   * Announces a stored message, with no query: to the other side (a user, every admin, or the sector's brokers)
   * and to the sender's other connections, each with the room as they see it. A group the sender belongs to
   * (staff, a sector) hears it once, as a message nobody there has to acknowledge.
   */
  const announce = async (info: TRoomInfo, stored: TStored, sender: TViewer, originSocket: string | undefined) => {
    const { room } = info;
    const fromOwner = room.owner_id === sender.id;
    const groupTopic = room.type === 'staff' ? topics.role('admin') : topics.sector(room.sector ?? '');
    const groupRole = room.type === 'staff' ? ('admin' as const) : ('broker' as const);
    const audiences: { topic: string; role: TViewer['role']; ack: boolean; isSender: boolean }[] = fromOwner
      ? [
          { topic: topics.user(sender.id), role: sender.role, ack: false, isSender: true },
          { topic: groupTopic, role: groupRole, ack: false, isSender: false },
        ]
      : [
          { topic: topics.user(room.owner_id), role: info.owner?.role ?? 'corner', ack: false, isSender: false },
          { topic: groupTopic, role: groupRole, ack: true, isSender: false },
        ];
    await Promise.all(
      audiences.map((audience) => {
        const event: TNewMessageEvent = { ...summaryFor(info, audience), message: messageFor(stored, sender, audience) };
        // The connection that sent it has it already, as the answer to its `message`.
        return publishToClients(bus, audience.topic, { event: 'newMessage', data: event, ...(originSocket ? { except: originSocket } : {}) });
      }),
    );
  };

  /**
   * Stores a message (once per clientId) in one statement, shared with the messages sent meanwhile (see
   * createMessageWriter), then answers the sender at once (spec: store, acknowledge, then emit) and announces it
   * in the background. A retry of a stored message answers the same message and announces it again (clients
   * skip known ids).
   */
  const storeAndAnnounce = async (viewer: TViewer, info: TRoomInfo, input: TMessageInput, originSocket?: string): Promise<TChatMessage> => {
    const { room } = info;
    const inserted = await writeMessage({
      roomId: room.id,
      senderId: viewer.id,
      clientId: input.clientId,
      text: input.text,
      upload: input.upload,
      recipient: recipientsOf(room, viewer.id)[0]!,
      senderIsParticipant: info.participants.some((person) => person.id === viewer.id),
      practiceId: input.practiceId ?? null,
    });
    let stored: TStored;
    if (inserted) {
      stored = { id: inserted.id, roomId: room.id, text: input.text, createdAt: inserted.createdAt, upload: input.upload, clientId: input.clientId };
      rooms.addParticipant(info, viewer);
    } else {
      const existing = input.clientId ? await repo.findMessageForRetry(db, viewer.id, input.clientId) : undefined;
      if (!existing || existing.room_id !== room.id || existing.text !== input.text) throw new AppError('CONFLICT', { userMessage: CHAT_MSG.clientIdReused });
      stored = { id: String(existing.id), roomId: room.id, text: existing.text, createdAt: new Date(existing.created_at), upload: existing.upload as TFileItem[], clientId: input.clientId };
    }
    // After the answer has left (the spec's order, and the sender does not wait for the fan-out): announce() would
    // otherwise run its deliveries to this instance's sockets synchronously, before the answer is sent. A tick
    // callback runs once the pending promise callbacks (the answer among them) are done, before any other I/O.
    process.nextTick(() => {
      announce(info, stored, viewer, originSocket).catch((error: unknown) => logger.warn({ err: error, messageId: stored.id }, 'messaggio salvato ma non annunciato in tempo reale'));
    });
    return messageFor(stored, viewer, { role: viewer.role, ack: false, isSender: true });
  };

  return storeAndAnnounce;
};

export type TStoreAndAnnounce = ReturnType<typeof createMessagePublisher>;

/** Messages and files the caller posts in a room (socket.io `message`, tRPC chat.send, POST /api/chat/upload). */
export const createChatSending = ({ viewers, sendLimit, requireRoomInfo }: TChatContext, storeAndAnnounce: TStoreAndAnnounce) => ({
  /**
   * socket.io `message`, tRPC chat.send: stores, answers, then announces (see storeAndAnnounce). From a socket:
   * `socketId`, the connection, which gets the message as its answer and not once more as `newMessage`.
   */
  send: async (ctx: TRequestContext, input: TSendMessageRequest, from?: { socketId: string }): Promise<TChatMessage> => {
    const viewer = await viewers.get(requireActor(ctx));
    const info = await requireRoomInfo(viewer, input.roomId);
    await sendLimit.consume(viewer.id);
    return storeAndAnnounce(viewer, info, { text: input.text, clientId: input.clientId ?? null, upload: [] }, from?.socketId);
  },

  /**
   * POST /api/chat/upload: checks before a byte is read that the caller may post in the room and has budget
   * left (a stranger's upload stores nothing), has `receive` store the files in the room (its `body` part
   * checked first: a bad one records no file), and posts them as one message.
   */
  sendUpload: async (ctx: TRequestContext, roomId: string, receive: TReceiveUpload): Promise<TChatMessage> => {
    const viewer = await viewers.get(requireActor(ctx));
    const info = await requireRoomInfo(viewer, roomId);
    await sendLimit.consume(viewer.id);
    const { files, body } = await receive({ roomId, docType: 'chat' }, ZChatUploadBody);
    return storeAndAnnounce(viewer, info, { text: body.text ?? '', clientId: body.clientId ?? null, upload: files });
  },
});
