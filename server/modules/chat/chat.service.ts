import { CHAT_MSG } from '../../../shared/chat-messages';
import { chatSenderName } from '../../../shared/rules/chat-names';
import {
  CHAT_PAGE_SIZE,
  ZMessageId,
  type TChatAckEvent,
  type TChatMessage,
  type TChatRoom,
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
import type { TActor, TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { createLimiter } from '../../platform/rate-limit';
import { openBusStream } from '../../realtime/bus-stream';
import { endsSessionOf, SESSIONS_TOPIC } from '../../realtime/session-events';
import { isClientEvent, publishToClients, topics } from '../../realtime/topics';
import {
  canAccessRoom,
  contactRolesOf,
  describeRooms,
  loadViewer,
  openRoomWith,
  recipientKeysOf,
  recipientsOf,
  requireRoom,
  toViewer,
  type TViewer,
} from './chat.access';
import * as repo from './chat.repository';

const REPLAY_LIMIT = 500;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const PENDING_LIMIT = 500;
const SEARCH_LIMIT = 20;
/** Bus topic of the acknowledgements of a sender's messages (tRPC chat.onAck only; not a socket.io event). */
const ackTopic = (userId: string) => `chat-ack:${userId}`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Dates cross the PostgreSQL bus as strings: subscriptions hand out real dates. */
const reviveMessage = (message: TChatMessage): TChatMessage => ({ ...message, createdAt: new Date(message.createdAt) });

export type TChatService = ReturnType<typeof createChatService>;

export const createChatService = ({ db, bus, logger, config }: TServiceDeps) => {
  const sendLimit = createLimiter(config.chatMessagesPerMinute, 60, 'chat-send');

  const users = async (ids: readonly string[]) => new Map((await repo.findChatUsers(db, [...new Set(ids)])).map((row) => [row.id, toViewer(row)]));

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

  const describeRoom = async (viewer: TViewer, room: repo.TRoomRow): Promise<TChatRoomSummary> => (await describeRooms(db, viewer, [room])).get(room.id)!;

  /**
   * Announces a stored message to the other side (a user, every admin, or the sector's brokers) and to the
   * sender's other connections, each with the room as they see it.
   */
  const announce = async (room: repo.TRoomRow, messageId: string, sender: TViewer) => {
    // Any admin: the staff's view of the room (no one in particular, hence the nil id: `ack` then says whether
    // the staff still has to acknowledge it; a sender's own clients keep their own ack state).
    const staff = { topic: topics.role('admin'), viewer: { id: NIL_UUID, role: 'admin', sector: null, name: '' } satisfies TViewer };
    // Every admin follows every staff room, the sender's colleagues included.
    const audiences: { topic: string; viewer: TViewer }[] = room.type === 'staff' && sender.role === 'admin' ? [staff] : [{ topic: topics.user(sender.id), viewer: sender }];
    for (const key of recipientsOf(room, sender.id)) {
      if (key === 'staff') audiences.push(staff);
      else if (key.startsWith('sector:')) {
        const sector = key.slice('sector:'.length);
        for (const broker of await repo.listSectorBrokers(db, sector)) {
          audiences.push({ topic: topics.user(broker.id), viewer: { id: broker.id, role: 'broker', sector, name: '' } });
        }
      } else {
        const [owner] = await repo.findChatUsers(db, [key]);
        if (owner) audiences.push({ topic: topics.user(owner.id), viewer: toViewer(owner) });
      }
    }
    const senders = await users([sender.id]);
    await Promise.all(
      audiences.map(async ({ topic, viewer }) => {
        const row = await repo.findMessage(db, messageId, viewer.id, recipientKeysOf(viewer));
        if (!row) return;
        const event: TNewMessageEvent = { ...(await describeRoom(viewer, room)), message: toMessage(row, viewer, senders) };
        await publishToClients(bus, topic, { event: 'newMessage', data: event });
      }),
    );
  };

  /**
   * Stores a message (once per clientId) and then announces it. Answers the stored message as its sender sees it;
   * a retry of a stored message answers the same message and announces it again (clients skip known ids).
   */
  const storeAndAnnounce = async (viewer: TViewer, room: repo.TRoomRow, input: { text: string; clientId: string | null; upload: TFileItem[] }) => {
    let messageId = await repo.insertMessage(db, { roomId: room.id, senderId: viewer.id, clientId: input.clientId, text: input.text, upload: input.upload }, recipientsOf(room, viewer.id));
    if (messageId === null) {
      const existing = input.clientId ? await repo.findMessageByClientId(db, viewer.id, input.clientId) : undefined;
      if (!existing || existing.room_id !== room.id || existing.text !== input.text) throw new AppError('CONFLICT', { userMessage: CHAT_MSG.clientIdReused });
      messageId = String(existing.id);
    }
    await announce(room, messageId, viewer).catch((error: unknown) => logger.warn({ err: error, messageId }, 'messaggio salvato ma non annunciato in tempo reale'));
    const row = await repo.findMessage(db, messageId, viewer.id, recipientKeysOf(viewer));
    return toMessage(row!, viewer, await users([viewer.id]));
  };

  return {
    /** Whether the caller may see a room (files attached to a room are readable by exactly these users). */
    canAccessRoom: async (actor: TActor, roomId: string): Promise<boolean> => {
      const room = await repo.findRoom(db, roomId);
      return room !== undefined && canAccessRoom(await loadViewer(db, actor), room);
    },

    /** GET /api/chat/{roomId}: the room and its latest messages (oldest first); older ones with `before`. */
    getRoom: async (ctx: TRequestContext, query: TChatRoomQuery): Promise<TChatRoom> => {
      const viewer = await loadViewer(db, requireActor(ctx));
      const room = await requireRoom(db, viewer, query.roomId);
      const rows = await repo.listRoomMessages(db, room.id, viewer.id, recipientKeysOf(viewer), { before: query.before, limit: CHAT_PAGE_SIZE + 1 });
      const page = rows.slice(0, CHAT_PAGE_SIZE).reverse();
      const senders = await users(page.map((row) => row.sender_id));
      return { ...(await describeRoom(viewer, room)), messages: page.map((row) => toMessage(row, viewer, senders)), hasMore: rows.length > CHAT_PAGE_SIZE };
    },

    /** GET /api/chat?name=: the caller's rooms and the people it may open a room with, by name or e-mail. */
    search: async (ctx: TRequestContext, query: TChatSearchQuery): Promise<TChatSearchResult> => {
      const viewer = await loadViewer(db, requireActor(ctx));
      if (query.name === '') return { rooms: [], contacts: [] };
      const pattern = `%${escapeLike(query.name)}%`;
      const scope = { userId: viewer.id, role: viewer.role, sector: viewer.sector };
      const [rooms, people] = await Promise.all([repo.searchRooms(db, scope, pattern, SEARCH_LIMIT), repo.searchUsers(db, contactRolesOf(viewer), pattern, viewer.id, SEARCH_LIMIT)]);
      const described = await describeRooms(db, viewer, rooms);
      const contacts = people
        .map(toViewer)
        .filter((person) => viewer.role !== 'broker' || person.role === 'corner')
        .map((person) => ({ userId: person.id, name: person.name, type: viewer.role === 'admin' ? ('staff' as const) : ('broker' as const), roomId: null }));
      return { rooms: rooms.map((room) => described.get(room.id)!), contacts };
    },

    /** GET /api/chat/staff (see ZStaffEntry). Brokers have no staff chat. */
    staff: async (ctx: TRequestContext): Promise<TStaffEntry[]> => {
      const viewer = await loadViewer(db, requireActor(ctx));
      if (viewer.role === 'broker') throw new AppError('FORBIDDEN', { userMessage: CHAT_MSG.noStaffChat });
      if (viewer.role === 'admin') return (await repo.listStaff(db)).map(toViewer).map((admin) => ({ id: admin.id, name: admin.name, roomId: null }));
      const room = await repo.ensureStaffRoom(db, viewer.id);
      return [{ id: 'staff', name: CHAT_MSG.staffName, roomId: room.id }];
    },

    /** Opens (creating on first use) the room between the caller and another user, when the rules allow one. */
    open: async (ctx: TRequestContext, input: TOpenRoomRequest): Promise<TChatRoomSummary> => {
      const viewer = await loadViewer(db, requireActor(ctx));
      const [other] = await repo.findChatUsers(db, [input.userId]);
      if (!other || other.state !== 'active' || other.id === viewer.id) throw new AppError('NOT_FOUND', { userMessage: CHAT_MSG.contactNotFound });
      return describeRoom(viewer, await openRoomWith(db, viewer, toViewer(other)));
    },

    /** socket.io `message`, tRPC chat.send: stores, then announces; see storeAndAnnounce. */
    send: async (ctx: TRequestContext, input: TSendMessageRequest): Promise<TChatMessage> => {
      const actor = requireActor(ctx);
      const viewer = await loadViewer(db, actor);
      const room = await requireRoom(db, viewer, input.roomId);
      // A retry of a stored message is not counted again.
      if (!input.clientId || !(await repo.findMessageByClientId(db, viewer.id, input.clientId))) await sendLimit.consume(viewer.id);
      return storeAndAnnounce(viewer, room, { text: input.text, clientId: input.clientId ?? null, upload: [] });
    },

    /** POST /api/chat/upload: a message carrying files already stored in the room (see files.receiveUpload). */
    sendUpload: async (ctx: TRequestContext, roomId: string, input: { text: string; clientId?: string; upload: TFileItem[] }): Promise<TChatMessage> => {
      const viewer = await loadViewer(db, requireActor(ctx));
      const room = await requireRoom(db, viewer, roomId);
      return storeAndAnnounce(viewer, room, { text: input.text, clientId: input.clientId ?? null, upload: input.upload });
    },

    /** Checks, before an upload is read, that the caller may post in the room and has budget left. */
    assertCanPost: async (ctx: TRequestContext, roomId: string) => {
      const viewer = await loadViewer(db, requireActor(ctx));
      await requireRoom(db, viewer, roomId);
      await sendLimit.consume(viewer.id);
    },

    /** GET /api/chat/ack: the caller's received messages awaiting acknowledgement, oldest first. */
    pendingAcks: async (ctx: TRequestContext): Promise<TPendingAck[]> => {
      const viewer = await loadViewer(db, requireActor(ctx));
      const rows = await repo.listPendingAcks(db, recipientKeysOf(viewer), PENDING_LIMIT);
      const rooms = await describeRooms(db, viewer, await repo.findRooms(db, [...new Set(rows.map((row) => row.room_id))]));
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
      const viewer = await loadViewer(db, requireActor(ctx));
      const closed = await repo.ackMessage(db, messageId, recipientKeysOf(viewer), viewer.id);
      if (closed.length === 0) return { acked: false };
      const [message] = await db.selectFrom('chat_messages').select('sender_id').where('id', '=', messageId).execute();
      if (message) {
        for (const receipt of closed) {
          const event: TChatAckEvent = { seq: String(receipt.ack_seq), messageId, roomId: receipt.room_id, by: { id: viewer.id, name: viewer.name }, ackedAt: new Date(receipt.acked_at!) };
          await Promise.all([
            bus.publish(ackTopic(message.sender_id), event),
            // socket.io clients of the sender mark the message read.
            publishToClients(bus, topics.user(message.sender_id), { event: 'msgAcked', data: { messageId, roomId: receipt.room_id } }),
          ]).catch((error: unknown) => logger.warn({ err: error }, 'conferma di lettura non annunciata'));
        }
      }
      return { acked: true };
    },

    /** New messages of the caller's rooms; after a reconnect, first those after `lastEventId` (a message id). */
    watchMessages: async (ctx: TRequestContext, options: { lastEventId?: string | null; signal?: AbortSignal }): Promise<AsyncGenerator<TNewMessageEvent>> => {
      const actor = requireActor(ctx);
      const viewer = await loadViewer(db, actor);
      const lastEventId = options.lastEventId ?? null;
      if (lastEventId !== null && !ZMessageId.safeParse(lastEventId).success) throw new AppError('VALIDATION', { userMessage: CHAT_MSG.messageNotFound });
      const stream = openBusStream(bus, [topics.user(viewer.id), ...(viewer.role === 'admin' ? [topics.role('admin')] : []), SESSIONS_TOPIC], { signal: options.signal });
      const replay = async (): Promise<TNewMessageEvent[]> => {
        if (lastEventId === null) return [];
        const scope = { userId: viewer.id, role: viewer.role, sector: viewer.sector };
        const rows = await repo.listMessagesAfter(db, scope, recipientKeysOf(viewer), lastEventId, REPLAY_LIMIT);
        const rooms = await describeRooms(db, viewer, await repo.findRooms(db, [...new Set(rows.map((row) => row.room_id))]));
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
      const viewer = await loadViewer(db, actor);
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
