import type { TRole } from '../../../shared/constants';
import { chatRoomName, chatSenderName } from '../../../shared/rules/chat-names';
import type { TChatMessage, TChatRoomSummary, TChatRoomType } from '../../../shared/schemas/chat';
import type { TDb } from '../../db/database';
import { toViewer, type TPeople, type TViewer } from './chat.access';
import * as repo from './chat.repository';

/**
 * What the chat needs to know about a room to name it for each viewer and to list its partecipants, kept in
 * memory: a room's type, owner, broker and sector never change, so a send needs no query to find the room, check
 * access or name it. Participants are added when someone writes for the first time; another instance's additions
 * show here within PARTICIPANTS_TTL_MS, read again in the background (a send never waits for that).
 */
type TPerson = { id: string; role: TRole; name: string };
export type TRoomInfo = { room: repo.TRoomRow; owner: TPerson | null; broker: TPerson | null; participants: TPerson[]; loadedAt: number };

const PARTICIPANTS_TTL_MS = 30_000;
const MAX_ROOMS = 20_000;

const toPerson = (viewer: TViewer): TPerson => ({ id: viewer.id, role: viewer.role, name: viewer.name });

export const createRoomCache = (db: TDb, accounts: TPeople) => {
  const rooms = new Map<string, TRoomInfo>();
  const refreshing = new Set<string>();

  const read = async (roomId: string): Promise<TRoomInfo | null> => {
    const room = await repo.findRoom(db, roomId);
    if (!room) return null;
    const participantRows = await repo.listParticipants(db, [room.id]);
    const ids = new Set([room.owner_id, ...(room.broker_id ? [room.broker_id] : []), ...participantRows.map((row) => row.user_id)]);
    const people = new Map((await accounts.userCards([...ids])).map((row) => [row.id, toPerson(toViewer(row))]));
    const info: TRoomInfo = {
      room,
      owner: people.get(room.owner_id) ?? null,
      broker: room.broker_id ? (people.get(room.broker_id) ?? null) : null,
      participants: participantRows.map((row) => people.get(row.user_id)).filter((person): person is TPerson => person !== undefined),
      loadedAt: Date.now(),
    };
    return info;
  };

  const load = async (roomId: string): Promise<TRoomInfo | null> => {
    const info = await read(roomId);
    if (!info) return null;
    if (rooms.size >= MAX_ROOMS) rooms.delete(rooms.keys().next().value!);
    rooms.set(roomId, info);
    return info;
  };

  /** Reads a stale room's partecipants again and updates the kept entry in place (senders may hold it). */
  const refresh = (roomId: string, cached: TRoomInfo) => {
    refreshing.add(roomId);
    void read(roomId)
      .then((fresh) => {
        if (!fresh) {
          rooms.delete(roomId);
          return;
        }
        // Partecipants this instance learnt meanwhile (a first message) are kept.
        const participants = [...fresh.participants, ...cached.participants.filter((person) => !fresh.participants.some((known) => known.id === person.id))];
        Object.assign(cached, { owner: fresh.owner, broker: fresh.broker, participants, loadedAt: fresh.loadedAt });
      })
      .catch(() => undefined)
      .finally(() => refreshing.delete(roomId));
  };

  return {
    /** The room's facts, from memory once known (its partecipants read again in the background when stale). */
    get: async (roomId: string): Promise<TRoomInfo | null> => {
      const cached = rooms.get(roomId);
      if (!cached) return load(roomId);
      if (Date.now() - cached.loadedAt >= PARTICIPANTS_TTL_MS && !refreshing.has(roomId)) refresh(roomId, cached);
      return cached;
    },
    /** A sender wrote in the room: from now on a partecipant (the database row is written with the message). */
    addParticipant: (info: TRoomInfo, sender: TViewer) => {
      if (!info.participants.some((person) => person.id === sender.id)) info.participants = [...info.participants, toPerson(sender)];
    },
    forget: (roomId: string) => rooms.delete(roomId),
  };
};
export type TRoomCache = ReturnType<typeof createRoomCache>;

/** The room as a viewer of this role sees it (name and partecipants, spec section 6). */
export const summaryFor = (info: TRoomInfo, viewer: { role: TRole }): TChatRoomSummary => ({
  id: info.room.id,
  name: chatRoomName({ type: info.room.type as TChatRoomType, ownerName: info.owner?.name ?? '', brokerName: info.broker?.name ?? null, sector: info.room.sector }, { id: '', role: viewer.role }),
  type: info.room.type as TChatRoomType,
  partecipants: info.participants.map((person) => ({ id: person.id, name: chatSenderName(person, { id: '', role: viewer.role }) })),
});

/** A stored message as one audience sees it: sender named for the audience's role, its own ack and clientId. */
export const messageFor = (
  stored: { id: string; roomId: string; text: string; createdAt: Date; upload: TChatMessage['upload']; clientId: string | null },
  sender: TViewer,
  audience: { role: TRole; ack: boolean; isSender: boolean },
): TChatMessage => ({
  id: stored.id,
  roomId: stored.roomId,
  text: stored.text,
  createdAt: stored.createdAt,
  sender: { id: sender.id, name: chatSenderName(sender, { id: '', role: audience.role }) },
  ack: audience.ack,
  upload: stored.upload,
  clientId: audience.isSender ? stored.clientId : null,
});
