import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// A practice's conversation (issue 15) lives in the chat: the messages about a practice carry its id, in the room
// of the practice's corner with the brokers of the sector (a broker room without a broker: `broker_id` null, one
// per corner and sector).
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('chat_messages').addColumn('practice_id', 'uuid').execute();
  await db.schema
    .createIndex('chat_messages_practice_idx')
    .on('chat_messages')
    .columns(['practice_id', 'id'])
    .where(sql.ref('practice_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('chat_rooms_sector_room_uq')
    .on('chat_rooms')
    .columns(['owner_id', 'sector'])
    .unique()
    .where(sql<boolean>`type = 'broker' and broker_id is null and practice_id is null`)
    .execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropIndex('chat_rooms_sector_room_uq').execute();
  await db.schema.dropIndex('chat_messages_practice_idx').execute();
  await db.schema.alterTable('chat_messages').dropColumn('practice_id').execute();
};
