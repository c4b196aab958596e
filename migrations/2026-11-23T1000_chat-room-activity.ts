import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
// A room's last activity is its newest message (chat_messages_room_idx answers it), not a column rewritten by
// every send: the update cost a new row version and four index entries per message, in a table the embedded
// database never vacuums.
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropIndex('chat_rooms_sector_idx').execute();
  await db.schema.alterTable('chat_rooms').dropColumn('last_message_at').execute();
  await db.schema.createIndex('chat_rooms_sector_idx').on('chat_rooms').column('sector').execute();
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropIndex('chat_rooms_sector_idx').execute();
  await db.schema.alterTable('chat_rooms').addColumn('last_message_at', 'timestamptz').execute();
  await sql`update chat_rooms r set last_message_at = (select max(m.created_at) from chat_messages m where m.room_id = r.id)`.execute(db);
  await db.schema.createIndex('chat_rooms_sector_idx').on('chat_rooms').columns(['sector', 'last_message_at']).execute();
};
