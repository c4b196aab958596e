import { CHAT_MSG } from '../../../shared/chat-messages';
import type { TRole } from '../../../shared/constants';
import { chatRoomName, chatSenderName } from '../../../shared/rules/chat-names';
import { getDisplayName } from '../../../shared/rules/display-name';
import type { TChatParticipant, TChatRoomSummary, TChatRoomType } from '../../../shared/schemas/chat';
import type { TDb } from '../../db/database';
import type { TActor } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { TAuthService } from '../auth/auth.service';
import type { TUserCard } from '../auth/users.repository';
import * as repo from './chat.repository';

/**
 * Who may do what in chat (spec section 6 and the chat issue): only participants read or post in a room; staff
 * (admins) see every staff room; a broker sees the broker rooms of its sector. Brokers have no staff chat.
 */

export type TViewer = { id: string; role: TRole; sector: string | null; name: string };

export const toViewer = (row: TUserCard): TViewer => ({
  id: row.id,
  role: row.role as TRole,
  sector: row.role === 'broker' ? row.broker_type : null,
  name: getDisplayName(row),
});

/** What chat reads of people, from the auth module that owns them. */
export type TPeople = Pick<TAuthService, 'userCards' | 'activeUsersOfRole' | 'searchUserCards'>;

/** The caller as chat sees it (fresh from the database: role and sector decide access). */
export const loadViewer = async (accounts: TPeople, actor: TActor): Promise<TViewer> => {
  const [row] = await accounts.userCards([actor.userId]);
  if (!row || row.state !== 'active') throw new AppError('UNAUTHENTICATED');
  return toViewer(row);
};

/** The receipt keys a viewer answers for: itself, and its group ('staff' for admins, 'sector:<type>' for brokers). */
export const recipientKeysOf = (viewer: TViewer): string[] => [
  viewer.id,
  ...(viewer.role === 'admin' ? ['staff'] : []),
  ...(viewer.role === 'broker' && viewer.sector ? [`sector:${viewer.sector}`] : []),
];

export const canAccessRoom = (viewer: TViewer, room: repo.TRoomRow): boolean => {
  if (room.owner_id === viewer.id) return true;
  if (room.type === 'staff') return viewer.role === 'admin';
  return viewer.role === 'broker' && viewer.sector !== null && viewer.sector === room.sector;
};

/** The room, when the viewer may see it; otherwise NOT_FOUND (a room's existence is not revealed). */
export const requireRoom = async (db: TDb, viewer: TViewer, roomId: string): Promise<repo.TRoomRow> => {
  const room = await repo.findRoom(db, roomId);
  if (!room || !canAccessRoom(viewer, room)) throw new AppError('NOT_FOUND', { userMessage: CHAT_MSG.roomNotFound });
  return room;
};

/** Who must acknowledge a message: the other side of the room. */
export const recipientsOf = (room: repo.TRoomRow, senderId: string): string[] => {
  const fromOwner = room.owner_id === senderId;
  if (room.type === 'staff') return fromOwner ? ['staff'] : [room.owner_id];
  return fromOwner ? [`sector:${room.sector}`] : [room.owner_id];
};

/** Room summaries (name and partecipants as the viewer sees them), for many rooms with few queries. */
export const describeRooms = async (db: TDb, accounts: TPeople, viewer: TViewer, rooms: readonly repo.TRoomRow[]): Promise<Map<string, TChatRoomSummary>> => {
  const participants = await repo.listParticipants(
    db,
    rooms.map((room) => room.id),
  );
  const userIds = new Set<string>([...participants.map((row) => row.user_id), ...rooms.flatMap((room) => [room.owner_id, ...(room.broker_id ? [room.broker_id] : [])])]);
  const users = new Map((await accounts.userCards([...userIds])).map((row) => [row.id, toViewer(row)]));
  const nameOf = (id: string | null) => (id ? (users.get(id)?.name ?? '') : '');
  return new Map(
    rooms.map((room) => {
      const partecipants: TChatParticipant[] = participants
        .filter((row) => row.room_id === room.id)
        .map((row) => users.get(row.user_id))
        .filter((user): user is TViewer => user !== undefined)
        .map((user) => ({ id: user.id, name: chatSenderName(user, viewer) }));
      const name = chatRoomName({ type: room.type as TChatRoomType, ownerName: nameOf(room.owner_id), brokerName: room.broker_id ? nameOf(room.broker_id) : null, sector: room.sector }, viewer);
      return [room.id, { id: room.id, name, type: room.type as TChatRoomType, partecipants }];
    }),
  );
};

/** The room another user and the caller share by the rules, created on first use; refused otherwise. */
export const openRoomWith = async (db: TDb, viewer: TViewer, other: TViewer): Promise<repo.TRoomRow> => {
  if (viewer.role === 'admin' && other.role !== 'admin' && other.role !== 'broker') return repo.ensureStaffRoom(db, other.id);
  if (viewer.role !== 'broker' && viewer.role !== 'admin' && other.role === 'admin') return repo.ensureStaffRoom(db, viewer.id);
  if (viewer.role === 'corner' && other.role === 'broker' && other.sector) return repo.ensureBrokerRoom(db, viewer.id, { id: other.id, sector: other.sector });
  if (viewer.role === 'broker' && viewer.sector && other.role === 'corner') return repo.ensureBrokerRoom(db, other.id, { id: viewer.id, sector: viewer.sector });
  throw new AppError('FORBIDDEN', { userMessage: CHAT_MSG.cannotOpenRoom });
};

/** Roles a viewer may open rooms with (search contacts). */
export const contactRolesOf = (viewer: TViewer): TRole[] => {
  if (viewer.role === 'admin') return ['corner'];
  if (viewer.role === 'broker') return viewer.sector ? ['corner'] : [];
  return ['broker'];
};
