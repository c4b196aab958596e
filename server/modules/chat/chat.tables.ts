import type { Generated } from 'kysely';
import type { NullableTimestamp, Json } from '../../db/types';

export interface ChatRoomsTable {
  id: Generated<string>;
  type: string;
  owner_id: string;
  broker_id: string | null;
  sector: string | null;
  practice_id: string | null;
  created_at: Generated<Date>;
}

export interface ChatParticipantsTable {
  room_id: string;
  user_id: string;
  joined_at: Generated<Date>;
}

export interface ChatMessagesTable {
  id: Generated<string>;
  room_id: string;
  sender_id: string;
  client_id: string | null;
  text: string;
  upload: Json;
  created_at: Generated<Date>;
  /** The practice the message is about (a practice's conversation, issue 15), or null. */
  practice_id: string | null;
}

export interface ChatReceiptsTable {
  message_id: string;
  recipient: string;
  room_id: string;
  acked_at: NullableTimestamp;
  acked_by: string | null;
  ack_seq: string | null;
}

/** The tables of module chat by name (`chat_rooms`, `chat_participants`, `chat_messages`, `chat_receipts`). */
export type TChatTables = {
  chat_rooms: ChatRoomsTable;
  chat_participants: ChatParticipantsTable;
  chat_messages: ChatMessagesTable;
  chat_receipts: ChatReceiptsTable;
};

// Added to the shared Database type (an interface's `extends`, so the names resolve in this file).
declare module '../../db/types' {
  interface Database extends TChatTables {}
}
