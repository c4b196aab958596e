import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.
export const up = async (db: Kysely<any>): Promise<void> => {
  // A conversation. `staff`: a non-broker user (owner) with the platform staff (every admin).
  // `broker`: a corner (owner) with the brokers of one sector, opened with one broker of it.
  await db.schema
    .createTable('chat_rooms')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('staff', 'broker')`))
    .addColumn('owner_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('broker_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('sector', 'text')
    .addColumn('practice_id', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_message_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('chat_rooms_staff_uq').on('chat_rooms').column('owner_id').unique().where(sql.ref('type'), '=', 'staff').execute();
  await db.schema
    .createIndex('chat_rooms_broker_uq')
    .on('chat_rooms')
    .columns(['owner_id', 'broker_id'])
    .unique()
    .where(sql<boolean>`type = 'broker' and practice_id is null`)
    .execute();
  await db.schema.createIndex('chat_rooms_sector_idx').on('chat_rooms').columns(['sector', 'last_message_at']).execute();

  // Who took part (wrote or was written to); used for the room's `partecipants` list.
  await db.schema
    .createTable('chat_participants')
    .addColumn('room_id', 'uuid', (col) => col.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('chat_participants_pkey', ['room_id', 'user_id'])
    .execute();
  await db.schema.createIndex('chat_participants_user_idx').on('chat_participants').column('user_id').execute();

  // A message. (sender_id, client_id) makes a retried send store the message once.
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('room_id', 'uuid', (col) => col.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('sender_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text')
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('upload', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('chat_messages_room_idx').on('chat_messages').columns(['room_id', 'id']).execute();
  await db.schema.createIndex('chat_messages_client_uq').on('chat_messages').columns(['sender_id', 'client_id']).unique().execute();

  // Per recipient: a user id, or a group ('staff': any admin; 'sector:<type>': any broker of that sector).
  // A message stays in the recipient's pending-ack list until acked_at is set.
  await db.schema
    .createTable('chat_receipts')
    .addColumn('message_id', 'bigint', (col) => col.notNull().references('chat_messages.id').onDelete('cascade'))
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('room_id', 'uuid', (col) => col.notNull().references('chat_rooms.id').onDelete('cascade'))
    .addColumn('acked_at', 'timestamptz')
    .addColumn('acked_by', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('ack_seq', 'bigint')
    .addPrimaryKeyConstraint('chat_receipts_pkey', ['message_id', 'recipient'])
    .execute();
  await db.schema.createIndex('chat_receipts_pending_idx').on('chat_receipts').columns(['recipient', 'message_id']).where(sql.ref('acked_at'), 'is', null).execute();
  await db.schema.createIndex('chat_receipts_ack_seq_idx').on('chat_receipts').column('ack_seq').where(sql.ref('ack_seq'), 'is not', null).execute();
  await sql`create sequence chat_ack_seq`.execute(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await sql`drop sequence chat_ack_seq`.execute(db);
  await db.schema.dropTable('chat_receipts').execute();
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('chat_participants').execute();
  await db.schema.dropTable('chat_rooms').execute();
};
