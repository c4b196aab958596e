import { CHAT_MSG } from '../../../shared/chat-messages';
import { chatSenderName, sectorsMatching } from '../../../shared/rules/chat-names';
import type { TBrokerType } from '../../../shared/constants';
import {
  CHAT_PAGE_SIZE,
  type TChatRoom,
  type TChatRoomListItem,
  type TChatRoomQuery,
  type TChatRoomSummary,
  type TChatSearchQuery,
  type TChatSearchResult,
  type TOpenRoomRequest,
  type TStaffEntry,
} from '../../../shared/schemas/chat';
import type { TFileItem } from '../../../shared/schemas/files';
import type { TActor, TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { canAccessRoom, contactRolesOf, describeRooms, openRoomWith, recipientKeysOf, requireRoom, toViewer } from './chat.access';
import type { TChatContext } from './chat.context';
import * as repo from './chat.repository';

const SEARCH_LIMIT = 20;
/** Rooms the caller's list holds at most (the most recently active). */
const ROOMS_LIMIT = 50;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The caller's rooms and contacts: who may see a room, a room with its latest messages, the room list, the search
 * of rooms and people, and the opening of a room (with another user or with the staff).
 */
export const createChatDirectory = ({ db, accounts, viewers, rooms, users, toMessage, describeRoom }: TChatContext) => ({
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

  /** The caller as chat sees it (role, sector, name), from the service's viewer cache. */
  viewerOf: (actor: TActor) => viewers.get(actor),
});
