import { sql } from 'kysely';
import type { TRole } from '../../../shared/constants';
import type { TDb } from '../../db/database';
import { userIdsMatching } from '../auth/users.repository';

/**
 * Owns: `chat_rooms`, `chat_participants`, `chat_messages`, `chat_receipts` (module chat; map in
 * server/platform/table-ownership.unit.test.ts). People (`users`, module auth) are read through auth's repository: their
 * cards by id (findUserCards), and within a search statement as a subquery of matching ids.
 */

const ROOM_COLUMNS = ['id', 'type', 'owner_id', 'broker_id', 'sector', 'practice_id'] as const;

export const findRoom = (db: TDb, roomId: string) => db.selectFrom('chat_rooms').select(ROOM_COLUMNS).where('id', '=', roomId).executeTakeFirst();
export type TRoomRow = NonNullable<Awaited<ReturnType<typeof findRoom>>>;

export const findRooms = (db: TDb, roomIds: readonly string[]) =>
  roomIds.length === 0 ? Promise.resolve([]) : db.selectFrom('chat_rooms').select(ROOM_COLUMNS).where('id', 'in', [...roomIds]).execute();

/** The staff room of a user, when it was opened (a read: nothing is created). */
export const findStaffRoom = (db: TDb, ownerId: string) =>
  db.selectFrom('chat_rooms').select(ROOM_COLUMNS).where('type', '=', 'staff').where('owner_id', '=', ownerId).executeTakeFirst();

/** The staff room of a non-broker user, created on first use (concurrent first uses create one). */
export const ensureStaffRoom = async (db: TDb, ownerId: string): Promise<TRoomRow> => {
  await db
    .insertInto('chat_rooms')
    .values({ type: 'staff', owner_id: ownerId })
    .onConflict((oc) => oc.column('owner_id').where('type', '=', 'staff').doNothing())
    .execute();
  const room = await db.selectFrom('chat_rooms').select(ROOM_COLUMNS).where('type', '=', 'staff').where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
  await addParticipants(db, room.id, [ownerId]);
  return room;
};

/** The room of a corner with a broker (of the broker's sector), created on first use. */
export const ensureBrokerRoom = async (db: TDb, ownerId: string, broker: { id: string; sector: string }): Promise<TRoomRow> => {
  await db
    .insertInto('chat_rooms')
    .values({ type: 'broker', owner_id: ownerId, broker_id: broker.id, sector: broker.sector })
    .onConflict((oc) => oc.columns(['owner_id', 'broker_id']).where(sql<boolean>`type = 'broker' and practice_id is null`).doNothing())
    .execute();
  const room = await db
    .selectFrom('chat_rooms')
    .select(ROOM_COLUMNS)
    .where('type', '=', 'broker')
    .where('owner_id', '=', ownerId)
    .where('broker_id', '=', broker.id)
    .where('practice_id', 'is', null)
    .executeTakeFirstOrThrow();
  await addParticipants(db, room.id, [ownerId, broker.id]);
  return room;
};

/**
 * The room of a corner with every broker of a sector, not opened with one of them (`broker_id` null): where the
 * conversations about the corner's practices of that sector live. Created on first use (concurrent first uses
 * create one, chat_rooms_sector_room_uq).
 */
export const ensureSectorRoom = async (db: TDb, ownerId: string, sector: string): Promise<TRoomRow> => {
  const find = () =>
    db
      .selectFrom('chat_rooms')
      .select(ROOM_COLUMNS)
      .where('type', '=', 'broker')
      .where('owner_id', '=', ownerId)
      .where('sector', '=', sector)
      .where('broker_id', 'is', null)
      .where('practice_id', 'is', null)
      .executeTakeFirst();
  const known = await find();
  if (known) return known;
  await db
    .insertInto('chat_rooms')
    .values({ type: 'broker', owner_id: ownerId, broker_id: null, sector })
    .onConflict((oc) => oc.columns(['owner_id', 'sector']).where(sql<boolean>`type = 'broker' and broker_id is null and practice_id is null`).doNothing())
    .execute();
  const room = (await find())!;
  await addParticipants(db, room.id, [ownerId]);
  return room;
};

/** The sector room of a corner, when it was opened (a read: nothing is created). */
export const findSectorRoom = (db: TDb, ownerId: string, sector: string) =>
  db
    .selectFrom('chat_rooms')
    .select(ROOM_COLUMNS)
    .where('type', '=', 'broker')
    .where('owner_id', '=', ownerId)
    .where('sector', '=', sector)
    .where('broker_id', 'is', null)
    .where('practice_id', 'is', null)
    .executeTakeFirst();

export const addParticipants = (db: TDb, roomId: string, userIds: readonly string[]) =>
  db
    .insertInto('chat_participants')
    .values(userIds.map((userId) => ({ room_id: roomId, user_id: userId })))
    .onConflict((oc) => oc.columns(['room_id', 'user_id']).doNothing())
    .execute();

export const listParticipants = (db: TDb, roomIds: readonly string[]) =>
  roomIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('chat_participants').select(['room_id', 'user_id']).where('room_id', 'in', [...roomIds]).orderBy('joined_at').execute();

/** What a viewer may see: the staff rooms (own, or all for admins) and the broker rooms (own, or the sector's for brokers). */
export type TAccessScope = { userId: string; role: TRole; sector: string | null };

const accessibleRooms = (db: TDb, scope: TAccessScope) =>
  db.selectFrom('chat_rooms').where((eb) =>
    eb.or([
      eb('chat_rooms.owner_id', '=', scope.userId),
      ...(scope.role === 'admin' ? [eb('chat_rooms.type', '=', 'staff')] : []),
      ...(scope.role === 'broker' && scope.sector ? [eb.and([eb('chat_rooms.type', '=', 'broker'), eb('chat_rooms.sector', '=', scope.sector)])] : []),
    ]),
  );

/** Rooms the viewer may see whose name matches: by the owner's or the broker's name or e-mail, or by sector. */
export const searchRooms = (db: TDb, scope: TAccessScope, pattern: string, sectors: readonly string[], limit: number) =>
  accessibleRooms(db, scope)
    .select(ROOM_COLUMNS.map((column) => `chat_rooms.${column}` as const))
    .where((eb) =>
      eb.or([
        eb('chat_rooms.owner_id', 'in', userIdsMatching(db, pattern)),
        eb('chat_rooms.broker_id', 'in', userIdsMatching(db, pattern)),
        ...(sectors.length > 0 ? [eb('chat_rooms.sector', 'in', [...sectors])] : []),
      ]),
    )
    // Latest activity first: the newest message of each room, from chat_messages_room_idx.
    .orderBy(sql`(select max(m.id) from chat_messages m where m.room_id = chat_rooms.id) desc nulls last`)
    .limit(limit)
    .execute();

const MESSAGE_COLUMNS = ['chat_messages.id', 'chat_messages.room_id', 'chat_messages.sender_id', 'chat_messages.client_id', 'chat_messages.text', 'chat_messages.upload', 'chat_messages.created_at'] as const;

/**
 * Messages with the viewer's `ack`: for the sender, whether every recipient acknowledged; for anyone else,
 * whether the viewer's own recipient keys did.
 */
const messagesWithAck = (db: TDb, viewerId: string, recipientKeys: readonly string[]) =>
  db.selectFrom('chat_messages').select((eb) => [
    ...MESSAGE_COLUMNS,
    eb
      .case()
      .when('chat_messages.sender_id', '=', viewerId)
      .then(
        eb.not(
          eb.exists(
            eb.selectFrom('chat_receipts as r').select('r.message_id').whereRef('r.message_id', '=', 'chat_messages.id').where('r.acked_at', 'is', null),
          ),
        ),
      )
      .else(
        eb.not(
          eb.exists(
            eb
              .selectFrom('chat_receipts as r')
              .select('r.message_id')
              .whereRef('r.message_id', '=', 'chat_messages.id')
              .where('r.recipient', 'in', [...recipientKeys])
              .where('r.acked_at', 'is', null),
          ),
        ),
      )
      .end()
      .as('ack'),
  ]);

/** The latest `limit` messages of a room (before a message id when paging back), newest first. */
export const listRoomMessages = (db: TDb, roomId: string, viewerId: string, recipientKeys: readonly string[], options: { before?: string; limit: number }) => {
  let query = messagesWithAck(db, viewerId, recipientKeys).where('chat_messages.room_id', '=', roomId);
  if (options.before) query = query.where('chat_messages.id', '<', options.before);
  return query.orderBy('chat_messages.id', 'desc').limit(options.limit).execute();
};
export type TMessageRow = Awaited<ReturnType<typeof listRoomMessages>>[number];

/** The latest `limit` messages about a practice (before a message id when paging back), newest first. */
export const listPracticeMessages = (db: TDb, practiceId: string, viewerId: string, recipientKeys: readonly string[], options: { before?: string; limit: number }) => {
  let query = messagesWithAck(db, viewerId, recipientKeys).select('chat_messages.practice_id').where('chat_messages.practice_id', '=', practiceId);
  if (options.before) query = query.where('chat_messages.id', '<', options.before);
  return query.orderBy('chat_messages.id', 'desc').limit(options.limit).execute();
};

/** One message about a practice (none: no such message, or not about that practice). */
export const findPracticeMessage = (db: TDb, practiceId: string, messageId: string, viewerId: string, recipientKeys: readonly string[]) =>
  messagesWithAck(db, viewerId, recipientKeys).select('chat_messages.practice_id').where('chat_messages.practice_id', '=', practiceId).where('chat_messages.id', '=', messageId).executeTakeFirst();

/** One message with its room (filing an attachment into a practice). */
export const findMessageWithRoom = (db: TDb, messageId: string) =>
  db
    .selectFrom('chat_messages')
    .innerJoin('chat_rooms', 'chat_rooms.id', 'chat_messages.room_id')
    .select([
      'chat_messages.id',
      'chat_messages.room_id',
      'chat_messages.sender_id',
      'chat_messages.upload',
      'chat_messages.practice_id',
      'chat_rooms.type as room_type',
      'chat_rooms.owner_id as room_owner_id',
      'chat_rooms.sector as room_sector',
    ])
    .where('chat_messages.id', '=', messageId)
    .executeTakeFirst();


/** Messages after `afterId` in the rooms the viewer may see, oldest first (a subscription's replay). */
export const listMessagesAfter = (db: TDb, scope: TAccessScope, recipientKeys: readonly string[], afterId: string, limit: number) =>
  messagesWithAck(db, scope.userId, recipientKeys)
    .where('chat_messages.id', '>', afterId)
    .where('chat_messages.room_id', 'in', accessibleRooms(db, scope).select('chat_rooms.id'))
    .orderBy('chat_messages.id', 'asc')
    .limit(limit)
    .execute();



/**
 * The rooms of the viewer's list, newest activity first, in ONE statement: each with its newest message and the number of its receipts awaiting the viewer's keys. The rooms are those the access
 * rules let the viewer see (its own, every staff room for admins, its sector's for brokers) that hold a message
 * or that the viewer is a partecipant of. Indexes: chat_rooms_owner_idx / the staff and sector indexes for the
 * rooms, chat_messages_room_idx for each newest message, chat_receipts_pending_idx for the counts (one scan of
 * the viewer's pending receipts, grouped by room).
 */
export const listRoomsWithActivity = (db: TDb, scope: TAccessScope, recipientKeys: readonly string[], limit: number) =>
  accessibleRooms(db, scope)
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('chat_messages as m')
          .select(['m.id', 'm.text', 'm.upload', 'm.created_at', 'm.sender_id'])
          .whereRef('m.room_id', '=', 'chat_rooms.id')
          .orderBy('m.id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('chat_receipts as r')
          .select(['r.room_id', (inner) => inner.fn.countAll<string>().as('count')])
          .where('r.recipient', 'in', [...recipientKeys])
          .where('r.acked_at', 'is', null)
          .groupBy('r.room_id')
          .as('pending'),
      (join) => join.onRef('pending.room_id', '=', 'chat_rooms.id'),
    )
    .select([
      ...ROOM_COLUMNS.map((column) => `chat_rooms.${column}` as const),
      'last.id as last_id',
      'last.text as last_text',
      'last.upload as last_upload',
      'last.created_at as last_created_at',
      'last.sender_id as last_sender_id',
      'pending.count as to_ack',
    ])
    .where((eb) =>
      eb.or([
        eb('last.id', 'is not', null),
        eb.exists(eb.selectFrom('chat_participants as p').select('p.room_id').whereRef('p.room_id', '=', 'chat_rooms.id').where('p.user_id', '=', scope.userId)),
      ]),
    )
    .orderBy(sql`last.id desc nulls last`)
    .orderBy('chat_rooms.created_at', 'desc')
    .limit(limit)
    .execute();
export type TRoomActivityRow = Awaited<ReturnType<typeof listRoomsWithActivity>>[number];

/** The viewer's messages awaiting acknowledgement (across rooms), oldest first. */
export const listPendingAcks = (db: TDb, recipientKeys: readonly string[], limit: number) =>
  db
    .selectFrom('chat_receipts as r')
    .innerJoin('chat_messages', 'chat_messages.id', 'r.message_id')
    .select([...MESSAGE_COLUMNS])
    .where('r.recipient', 'in', [...recipientKeys])
    .where('r.acked_at', 'is', null)
    .orderBy('chat_messages.id', 'asc')
    .limit(limit)
    .execute();


/** Acknowledgements of the sender's messages after `afterSeq`, in order (a subscription's replay). */
export const listAcksAfter = (db: TDb, senderId: string, afterSeq: string, limit: number) =>
  db
    .selectFrom('chat_receipts as r')
    .innerJoin('chat_messages', 'chat_messages.id', 'r.message_id')
    .select(['r.message_id', 'r.room_id', 'r.acked_at', 'r.acked_by', 'r.ack_seq'])
    .where('chat_messages.sender_id', '=', senderId)
    .where('r.ack_seq', '>', afterSeq)
    .orderBy('r.ack_seq', 'asc')
    .limit(limit)
    .execute();

/** A message to store, with the one receipt it needs and whether its sender must be added as a partecipant. */
export type TNewMessage = {
  roomId: string;
  senderId: string;
  clientId: string | null;
  text: string;
  upload: unknown[];
  recipient: string;
  /** Known from the room cache: the sender's partecipant row exists, so the statement skips it. */
  senderIsParticipant: boolean;
  /** The practice the message is about (its conversation), if any. */
  practiceId?: string | null;
};
/** What was stored, or undefined for a retry (the same sender and clientId were already stored). */
export type TStoredMessage = { id: string; createdAt: Date } | undefined;

/**
 * Stores one message in ONE statement: the message, the receipt of its recipient and, unless known to exist, the
 * sender's partecipant row. A retry with the same (sender, clientId) stores nothing and answers undefined.
 */
const storeOne = async (db: TDb, message: TNewMessage): Promise<TStoredMessage> => {
  const participant = message.senderIsParticipant
    ? sql``
    : sql`, participant as (
      insert into chat_participants (room_id, user_id) select ${message.roomId}::uuid, ${message.senderId}::uuid from m on conflict do nothing
    )`;
  const { rows } = await sql<{ id: string; created_at: Date }>`
    with m as (
      insert into chat_messages (room_id, sender_id, client_id, text, upload, practice_id)
      values (${message.roomId}::uuid, ${message.senderId}::uuid, ${message.clientId}, ${message.text}, ${JSON.stringify(message.upload)}::jsonb, ${message.practiceId ?? null}::uuid)
      on conflict (sender_id, client_id) do nothing
      returning id, created_at
    ), receipt as (
      insert into chat_receipts (message_id, recipient, room_id) select id, ${message.recipient}::text, ${message.roomId}::uuid from m
    )${participant}
    select id, created_at from m`.execute(db);
  const row = rows[0];
  return row ? { id: String(row.id), createdAt: new Date(row.created_at) } : undefined;
};

/**
 * Stores several messages (each with its clientId, no two alike) in ONE statement, in the given order; answers
 * in that order as storeOne does.
 */
const storeMany = async (db: TDb, messages: readonly TNewMessage[]): Promise<TStoredMessage[]> => {
  const input = messages.map((message, ord) => ({
    ord,
    room_id: message.roomId,
    sender_id: message.senderId,
    client_id: message.clientId,
    text: message.text,
    upload: message.upload,
    recipient: message.recipient,
    participant: !message.senderIsParticipant,
    practice_id: message.practiceId ?? null,
  }));
  const { rows } = await sql<{ id: string; created_at: Date; sender_id: string; client_id: string }>`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        as t(ord int, room_id uuid, sender_id uuid, client_id text, text text, upload jsonb, recipient text, participant boolean, practice_id uuid)
    ), m as (
      insert into chat_messages (room_id, sender_id, client_id, text, upload, practice_id)
      select room_id, sender_id, client_id, text, upload, practice_id from input order by ord
      on conflict (sender_id, client_id) do nothing
      returning id, created_at, room_id, sender_id, client_id
    ), receipt as (
      insert into chat_receipts (message_id, recipient, room_id)
      select m.id, input.recipient, m.room_id from m join input on input.sender_id = m.sender_id and input.client_id = m.client_id
    ), participant as (
      insert into chat_participants (room_id, user_id)
      select distinct m.room_id, m.sender_id from m join input on input.sender_id = m.sender_id and input.client_id = m.client_id
      where input.participant
      on conflict do nothing
    )
    select id, created_at, sender_id, client_id from m`.execute(db);
  const stored = new Map(rows.map((row) => [`${row.sender_id}|${row.client_id}`, { id: String(row.id), createdAt: new Date(row.created_at) }]));
  return messages.map((message) => stored.get(`${message.senderId}|${message.clientId}`));
};

/** Messages written in one statement at most. */
const MAX_BATCH = 100;

/**
 * The writer of chat messages (group commit): a message is written at once when nothing else is being written;
 * the messages that come while a statement is under way are written together by the next one, in the order they
 * came, one commit for all. So under load each message waits for at most one statement before its own, and the
 * cost of a statement (a call into the embedded database, a round trip and a commit on PostgreSQL) is shared.
 * The same (sender, clientId) queued twice (a retry) shares the first one's outcome. A batch that fails is
 * written again message by message, so that one bad message fails alone.
 */
export const createMessageWriter = (db: TDb) => {
  type TQueued = { message: TNewMessage; resolve: (stored: TStoredMessage) => void; reject: (error: unknown) => void };
  let queue: TQueued[] = [];
  let writing = false;
  const queued = new Map<string, Promise<TStoredMessage>>();

  const writeAlone = async (item: TQueued) => {
    try {
      item.resolve(await storeOne(db, item.message));
    } catch (error) {
      item.reject(error);
    }
  };

  const flush = async () => {
    writing = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      if (batch.length === 1) {
        await writeAlone(batch[0]!);
        continue;
      }
      try {
        const stored = await storeMany(db, batch.map((item) => item.message));
        batch.forEach((item, index) => item.resolve(stored[index]));
      } catch {
        for (const item of batch) await writeAlone(item);
      }
    }
    writing = false;
  };

  return (message: TNewMessage): Promise<TStoredMessage> => {
    // Without a clientId nothing can tell two messages apart in a batch's answer: written on its own.
    if (message.clientId === null) return storeOne(db, message);
    const key = `${message.senderId}|${message.clientId}`;
    const known = queued.get(key);
    if (known) return known;
    const promise = new Promise<TStoredMessage>((resolve, reject) => queue.push({ message, resolve, reject }));
    queued.set(key, promise);
    const forget = () => queued.delete(key);
    promise.then(forget, forget);
    if (!writing) void flush();
    return promise;
  };
};
export type TMessageWriter = ReturnType<typeof createMessageWriter>;

/** Acknowledges a message for the viewer's recipient keys in one statement; answers the closed receipts and the sender. */
export const ackMessageReturningSender = (db: TDb, messageId: string, recipientKeys: readonly string[], userId: string) =>
  db
    .updateTable('chat_receipts as r')
    .from('chat_messages as m')
    .set({ acked_at: new Date(), acked_by: userId, ack_seq: sql<string>`nextval('chat_ack_seq')` })
    .whereRef('m.id', '=', 'r.message_id')
    .where('r.message_id', '=', messageId)
    .where('r.recipient', 'in', [...recipientKeys])
    .where('r.acked_at', 'is', null)
    .returning(['r.room_id', 'r.acked_at', 'r.ack_seq', 'm.sender_id'])
    .execute();

/** A stored message found by its sender's clientId (a retry), with what its answer needs. */
export const findMessageForRetry = (db: TDb, senderId: string, clientId: string) =>
  db
    .selectFrom('chat_messages')
    .select(['id', 'room_id', 'text', 'upload', 'created_at'])
    .where('sender_id', '=', senderId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
