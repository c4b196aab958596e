import { CHAT_MSG } from '../../../shared/chat-messages';
import { chatSenderName, sectorsMatching } from '../../../shared/rules/chat-names';
import type { TBrokerType } from '../../../shared/constants';
import {
  CHAT_PAGE_SIZE,
  ZChatUploadBody,
  ZMessageId,
  type TChatAckEvent,
  type TChatMessage,
  type TChatRoom,
  type TChatRoomListItem,
  type TChatRoomQuery,
  type TChatRoomSummary,
  type TChatSearchQuery,
  type TChatSearchResult,
  type TNewMessageEvent,
  type TOpenRoomRequest,
  type TPendingAck,
  type TSendMessageRequest,
  type TStaffEntry,
} from '../../../shared/schemas/chat';
import type { TFileItem } from '../../../shared/schemas/files';
import type { z } from 'zod';
import type { TActor, TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { createLimiter } from '../../platform/rate-limit';
import { openBusStream } from '../../realtime/bus-stream';
import { endsSessionOf, SESSIONS_TOPIC } from '../../realtime/session-events';
import { isClientEvent, publishToClients, topics } from '../../realtime/topics';
// People are read through auth's repository (it owns `users`): chat's service is not given the auth service.
import type { TUploadTarget } from '../files/files.service';
import {
  canAccessRoom,
  contactRolesOf,
  describeRooms,
  openRoomWith,
  recipientKeysOf,
  recipientsOf,
  requireRoom,
  toViewer,
  type TPeople,
  type TViewer,
} from './chat.access';
import * as repo from './chat.repository';
import { createRoomCache, messageFor, summaryFor, type TRoomInfo } from './chat.rooms';
import { createViewerCache } from './chat.viewers';

const REPLAY_LIMIT = 500;
const PENDING_LIMIT = 500;
const SEARCH_LIMIT = 20;
/** Rooms the caller's list holds at most (the most recently active). */
const ROOMS_LIMIT = 50;
/** Bus topic of the acknowledgements of a sender's messages (tRPC chat.onAck only; not a socket.io event). */
const ackTopic = (userId: string) => `chat-ack:${userId}`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Dates cross the PostgreSQL bus as strings: subscriptions hand out real dates. */
const reviveMessage = (message: TChatMessage): TChatMessage => ({ ...message, createdAt: new Date(message.createdAt) });

/**
 * Stores an upload's files in the target room (the adapter's multipart reader): `body`, the upload's `body` part,
 * is checked before any file is recorded, so a bad one leaves nothing stored.
 */
export type TReceiveUpload = <TBody>(target: TUploadTarget, body: z.ZodType<TBody>) => Promise<{ files: TFileItem[]; body: TBody }>;

export type TChatService = ReturnType<typeof createChatService>;

/** `accounts`: the auth service, which owns the accounts chat names and authorises. */
export const createChatService = ({ db, bus, logger, config }: TServiceDeps, accounts: TPeople) => {
  const sendLimit = createLimiter(config.chatMessagesPerMinute, 60, 'chat-send');

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
  const writeMessage = repo.createMessageWriter(db);

  /** The room, from memory, when the viewer may see it; otherwise NOT_FOUND (a room's existence is not revealed). */
  const requireRoomInfo = async (viewer: TViewer, roomId: string): Promise<TRoomInfo> => {
    const info = await rooms.get(roomId);
    if (!info || !canAccessRoom(viewer, info.room)) throw new AppError('NOT_FOUND', { userMessage: CHAT_MSG.roomNotFound });
    return info;
  };

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

  type TStored = { id: string; roomId: string; text: string; createdAt: Date; upload: TFileItem[]; clientId: string | null };

  /**
   * Stores a message (once per clientId) in one statement, shared with the messages sent meanwhile (see
   * createMessageWriter), then answers the sender at once (spec: store, acknowledge, then emit) and announces it
   * in the background. A retry of a stored message answers the same message and announces it again (clients
   * skip known ids).
   */
  const storeAndAnnounce = async (
    viewer: TViewer,
    info: TRoomInfo,
    input: { text: string; clientId: string | null; upload: TFileItem[]; practiceId?: string | null },
    originSocket?: string,
  ): Promise<TChatMessage> => {
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

  return {
    /** Whether the caller may see a room (files attached to a room are readable by exactly these users). */
    canAccessRoom: async (actor: TActor, roomId: string): Promise<boolean> => {
      const info = await rooms.get(roomId);
      return info !== null && canAccessRoom(await viewers.get(actor), info.room);
    },

    /** GET /api/chat/{roomId}: the room and its latest messages (oldest first); older ones with `before`. */
    getRoom: async (ctx: TRequestContext, query: TChatRoomQuery): Promise<TChatRoom> => {
      const viewer = await viewers.get(requireActor(ctx));
      const room = await requireRoom(db, viewer, query.roomId);
      const rows = await repo.listRoomMessages(db, room.id, viewer.id, recipientKeysOf(viewer), { before: query.before, limit: CHAT_PAGE_SIZE + 1 });
      const page = rows.slice(0, CHAT_PAGE_SIZE).reverse();
      const senders = await users(page.map((row) => row.sender_id));
      return { ...(await describeRoom(viewer, room)), messages: page.map((row) => toMessage(row, viewer, senders)), hasMore: rows.length > CHAT_PAGE_SIZE };
    },

    /** GET /api/chat?name=: the caller's rooms and the people it may open a room with, by name or e-mail. */
    search: async (ctx: TRequestContext, query: TChatSearchQuery): Promise<TChatSearchResult> => {
      const viewer = await viewers.get(requireActor(ctx));
      if (query.name === '') return { rooms: [], contacts: [] };
      const pattern = `%${escapeLike(query.name)}%`;
      // A sector's name ("gas", "rc auto") finds that sector's brokers and rooms.
      const sectors = sectorsMatching(query.name);
      const scope = { userId: viewer.id, role: viewer.role, sector: viewer.sector };
      const [rooms, people] = await Promise.all([
        repo.searchRooms(db, scope, pattern, sectors, SEARCH_LIMIT),
        accounts.searchUserCards(contactRolesOf(viewer), pattern, sectors, viewer.id, SEARCH_LIMIT),
      ]);
      const described = await describeRooms(db, accounts, viewer, rooms);
      const contacts = people
        .map(toViewer)
        .filter((person) => viewer.role !== 'broker' || person.role === 'corner')
        .map((person) => ({
          userId: person.id,
          name: person.name,
          type: viewer.role === 'admin' ? ('staff' as const) : ('broker' as const),
          roomId: null,
          sector: person.role === 'broker' ? ((person.sector as TBrokerType | null) ?? null) : null,
        }));
      return { rooms: rooms.map((room) => described.get(room.id)!), contacts };
    },

    /** The staff contact (see ZStaffEntry): a read, the room id only once the room was opened. Brokers have no staff chat. */
    staff: async (ctx: TRequestContext): Promise<TStaffEntry[]> => {
      const viewer = await viewers.get(requireActor(ctx));
      if (viewer.role === 'broker') throw new AppError('FORBIDDEN', { userMessage: CHAT_MSG.noStaffChat });
      if (viewer.role === 'admin') return (await accounts.activeUsersOfRole('admin')).map(toViewer).map((admin) => ({ id: admin.id, name: admin.name, roomId: null }));
      const room = await repo.findStaffRoom(db, viewer.id);
      return [{ id: 'staff', name: CHAT_MSG.staffName, roomId: room?.id ?? null }];
    },

    /** Opens the caller's staff room (created on the first opening): the staff contact was chosen. */
    openStaff: async (ctx: TRequestContext): Promise<TChatRoomSummary> => {
      const viewer = await viewers.get(requireActor(ctx));
      if (viewer.role === 'broker') throw new AppError('FORBIDDEN', { userMessage: CHAT_MSG.noStaffChat });
      // The staff have no staff room of their own: they open a corner's.
      if (viewer.role === 'admin') throw new AppError('FORBIDDEN', { userMessage: CHAT_MSG.cannotOpenRoom });
      return describeRoom(viewer, await repo.ensureStaffRoom(db, viewer.id));
    },

    /**
     * The caller's rooms (see repo.listRoomsWithActivity), newest activity first, each with its newest message and
     * how many messages await the caller's acknowledgement: the chat panel's open conversations after a login.
     */
    listRooms: async (ctx: TRequestContext): Promise<TChatRoomListItem[]> => {
      const viewer = await viewers.get(requireActor(ctx));
      const scope = { userId: viewer.id, role: viewer.role, sector: viewer.sector };
      const rows = await repo.listRoomsWithActivity(db, scope, recipientKeysOf(viewer), ROOMS_LIMIT);
      const [described, senders] = await Promise.all([describeRooms(db, accounts, viewer, rows), users(rows.flatMap((row) => (row.last_sender_id ? [row.last_sender_id] : [])))]);
      return rows.map((row) => {
        const sender = row.last_sender_id ? senders.get(row.last_sender_id) : undefined;
        const lastMessage =
          row.last_id === null || row.last_id === undefined
            ? null
            : {
                id: String(row.last_id),
                text: row.last_text ?? '',
                createdAt: new Date(row.last_created_at!),
                sender: { id: row.last_sender_id ?? '', name: sender ? chatSenderName(sender, viewer) : '' },
                upload: (row.last_upload ?? []) as TFileItem[],
              };
        return { ...described.get(row.id)!, lastMessage, toAck: Number(row.to_ack ?? 0) };
      });
    },

    /** Opens (creating on first use) the room between the caller and another user, when the rules allow one. */
    open: async (ctx: TRequestContext, input: TOpenRoomRequest): Promise<TChatRoomSummary> => {
      const viewer = await viewers.get(requireActor(ctx));
      const [other] = await accounts.userCards([input.userId]);
      if (!other || other.state !== 'active' || other.id === viewer.id) throw new AppError('NOT_FOUND', { userMessage: CHAT_MSG.contactNotFound });
      return describeRoom(viewer, await openRoomWith(db, viewer, toViewer(other)));
    },

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

    /** The caller as chat sees it (role, sector, name), from the service's viewer cache. */
    viewerOf: (actor: TActor) => viewers.get(actor),

    /** GET /api/chat/ack: the caller's received messages awaiting acknowledgement, oldest first. */
    pendingAcks: async (ctx: TRequestContext): Promise<TPendingAck[]> => {
      const viewer = await viewers.get(requireActor(ctx));
      const rows = await repo.listPendingAcks(db, recipientKeysOf(viewer), PENDING_LIMIT);
      const rooms = await describeRooms(db, accounts, viewer, await repo.findRooms(db, [...new Set(rows.map((row) => row.room_id))]));
      const senders = await users(rows.map((row) => row.sender_id));
      return rows
        .filter((row) => rooms.has(row.room_id))
        .map((row) => {
          const message = toMessage({ ...row, ack: false }, viewer, senders);
          return { id: message.id, room: rooms.get(row.room_id)!, text: message.text, sender: message.sender, upload: message.upload, createdAt: message.createdAt };
        });
    },

    /** socket.io `ackMsg`: records that the caller (or its group) acknowledged a message; tells the sender. */
    ack: async (ctx: TRequestContext, messageId: string): Promise<{ acked: boolean }> => {
      const viewer = await viewers.get(requireActor(ctx));
      const closed = await repo.ackMessageReturningSender(db, messageId, recipientKeysOf(viewer), viewer.id);
      for (const receipt of closed) {
        const event: TChatAckEvent = { seq: String(receipt.ack_seq), messageId, roomId: receipt.room_id, by: { id: viewer.id, name: viewer.name }, ackedAt: new Date(receipt.acked_at!) };
        await Promise.all([
          bus.publish(ackTopic(receipt.sender_id), event),
          // socket.io clients of the sender mark the message read.
          publishToClients(bus, topics.user(receipt.sender_id), { event: 'msgAcked', data: { messageId, roomId: receipt.room_id } }),
        ]).catch((error: unknown) => logger.warn({ err: error }, 'conferma di lettura non annunciata'));
      }
      return { acked: closed.length > 0 };
    },

    /** New messages of the caller's rooms; after a reconnect, first those after `lastEventId` (a message id). */
    watchMessages: async (ctx: TRequestContext, options: { lastEventId?: string | null; signal?: AbortSignal }): Promise<AsyncGenerator<TNewMessageEvent>> => {
      const actor = requireActor(ctx);
      const viewer = await viewers.get(actor);
      const lastEventId = options.lastEventId ?? null;
      if (lastEventId !== null && !ZMessageId.safeParse(lastEventId).success) throw new AppError('VALIDATION', { userMessage: CHAT_MSG.messageNotFound });
      const groupTopics = viewer.role === 'admin' ? [topics.role('admin')] : viewer.role === 'broker' && viewer.sector ? [topics.sector(viewer.sector)] : [];
      const stream = openBusStream(bus, [topics.user(viewer.id), ...groupTopics, SESSIONS_TOPIC], { signal: options.signal });
      const replay = async (): Promise<TNewMessageEvent[]> => {
        if (lastEventId === null) return [];
        const scope = { userId: viewer.id, role: viewer.role, sector: viewer.sector };
        const rows = await repo.listMessagesAfter(db, scope, recipientKeysOf(viewer), lastEventId, REPLAY_LIMIT);
        const rooms = await describeRooms(db, accounts, viewer, await repo.findRooms(db, [...new Set(rows.map((row) => row.room_id))]));
        const senders = await users(rows.map((row) => row.sender_id));
        return rows.map((row) => ({ ...rooms.get(row.room_id)!, message: toMessage(row, viewer, senders) }));
      };
      const missed = await replay().catch((error: unknown) => {
        stream.close();
        throw error;
      });
      return (async function* () {
        const seen = new Set<string>();
        for (const event of missed) {
          seen.add(event.message.id);
          yield event;
        }
        for await (const { topic, payload } of stream) {
          if (topic === SESSIONS_TOPIC) {
            if (endsSessionOf(payload, actor)) throw new AppError('UNAUTHENTICATED');
            continue;
          }
          if (isClientEvent(payload) && payload.event === 'newMessage' && !seen.has(payload.data.message.id)) {
            seen.add(payload.data.message.id);
            yield { ...payload.data, message: reviveMessage(payload.data.message) };
          }
        }
      })();
    },

    /** Acknowledgements of the caller's messages; after a reconnect, first those after `lastEventId` (an ack seq). */
    watchAcks: async (ctx: TRequestContext, options: { lastEventId?: string | null; signal?: AbortSignal }): Promise<AsyncGenerator<TChatAckEvent>> => {
      const actor = requireActor(ctx);
      const viewer = await viewers.get(actor);
      const lastEventId = options.lastEventId ?? null;
      if (lastEventId !== null && !ZMessageId.safeParse(lastEventId).success) throw new AppError('VALIDATION', { userMessage: CHAT_MSG.messageNotFound });
      const stream = openBusStream(bus, [ackTopic(viewer.id), SESSIONS_TOPIC], { signal: options.signal });
      const missed = lastEventId === null ? [] : await repo.listAcksAfter(db, viewer.id, lastEventId, REPLAY_LIMIT).catch((error: unknown) => {
        stream.close();
        throw error;
      });
      const ackers = await users(missed.flatMap((row) => (row.acked_by ? [row.acked_by] : [])));
      return (async function* () {
        const replayed = new Set<string>();
        for (const row of missed) {
          const by = row.acked_by ? ackers.get(row.acked_by) : undefined;
          replayed.add(String(row.ack_seq));
          yield { seq: String(row.ack_seq), messageId: String(row.message_id), roomId: row.room_id, by: { id: row.acked_by ?? '', name: by?.name ?? '' }, ackedAt: new Date(row.acked_at!) };
        }
        for await (const { topic, payload } of stream) {
          if (topic === SESSIONS_TOPIC) {
            if (endsSessionOf(payload, actor)) throw new AppError('UNAUTHENTICATED');
            continue;
          }
          const event = payload as TChatAckEvent;
          if (replayed.has(event.seq)) continue;
          yield { ...event, ackedAt: new Date(event.ackedAt) };
        }
      })();
    },
  };
};
