import { z } from 'zod';
import { CHAT_MSG } from '../chat-messages';
import { BROKER_TYPES } from '../constants';
import { zText } from './common';
import { ZFileItem } from './files';

/** Longest chat message (characters, after trimming). */
export const CHAT_TEXT_MAX = 4000;
/** Messages a room answers at once; older ones page with `before`. */
export const CHAT_PAGE_SIZE = 50;

export const ZRoomId = z.uuid({ error: CHAT_MSG.roomNotFound });
export const ZMessageId = z.string({ error: CHAT_MSG.messageNotFound }).regex(/^[1-9]\d{0,17}$/, { error: CHAT_MSG.messageNotFound });

export const ZChatParticipant = z.object({ id: z.string(), name: z.string() });
export type TChatParticipant = z.infer<typeof ZChatParticipant>;

/** Message (spec section 3). `ack`: for its sender, whether the recipients acknowledged it; for a recipient, whether they did. */
export const ZChatMessage = z.object({
  id: z.string(),
  roomId: z.string(),
  text: z.string(),
  createdAt: z.date(),
  sender: ZChatParticipant,
  ack: z.boolean(),
  upload: z.array(ZFileItem),
  clientId: z.string().nullable(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

export const CHAT_ROOM_TYPES = ['staff', 'broker'] as const;
export type TChatRoomType = (typeof CHAT_ROOM_TYPES)[number];

/** A room as its viewer sees it: the name depends on who looks (spec section 6). */
export const ZChatRoomSummary = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(CHAT_ROOM_TYPES),
  partecipants: z.array(ZChatParticipant),
});
export type TChatRoomSummary = z.infer<typeof ZChatRoomSummary>;

/** GET /api/chat/{roomId}: the room with its latest messages, oldest first; `hasMore` when older ones exist. */
export const ZChatRoom = ZChatRoomSummary.extend({ messages: z.array(ZChatMessage), hasMore: z.boolean() });
export type TChatRoom = z.infer<typeof ZChatRoom>;

export const ZChatRoomQuery = z.object({ roomId: ZRoomId, before: ZMessageId.optional() });
export type TChatRoomQuery = z.infer<typeof ZChatRoomQuery>;

/** GET /api/chat?name=: rooms of the caller, and people the caller may open a room with, matching the name. */
export const ZChatSearchQuery = z.object({ name: zText().trim().max(100, { error: CHAT_MSG.searchTooLong }).default('') });
export type TChatSearchQuery = z.infer<typeof ZChatSearchQuery>;
/** A person the caller may write to; `sector`: a broker's sector type (shown with BROKER_TYPE_LABELS), else null. */
export const ZChatContact = z.object({ userId: z.string(), name: z.string(), type: z.enum(CHAT_ROOM_TYPES), roomId: z.string().nullable(), sector: z.enum(BROKER_TYPES).nullable() });
export type TChatContact = z.infer<typeof ZChatContact>;
export const ZChatSearchResult = z.object({ rooms: z.array(ZChatRoomSummary), contacts: z.array(ZChatContact) });
export type TChatSearchResult = z.infer<typeof ZChatSearchResult>;

/**
 * GET /api/chat/staff (a pure read): for corners, the staff contact ('Staff') with the caller's staff room id, or
 * null before the room is opened (POST /api/chat/staff/open); for admins, the staff members (roomId null).
 */
export const ZStaffEntry = z.object({ id: z.string(), name: z.string(), roomId: z.string().nullable() });
export type TStaffEntry = z.infer<typeof ZStaffEntry>;

/** The newest message of a room, as the rooms list shows it. */
export const ZChatLastMessage = ZChatMessage.pick({ id: true, text: true, createdAt: true, sender: true, upload: true });
export type TChatLastMessage = z.infer<typeof ZChatLastMessage>;

/**
 * GET /api/chat/rooms: one of the caller's rooms, with its newest message (null when none yet) and how many of its
 * messages await the caller's acknowledgement; the list is newest activity first.
 */
export const ZChatRoomListItem = ZChatRoomSummary.extend({ lastMessage: ZChatLastMessage.nullable(), toAck: z.number().int().nonnegative() });
export type TChatRoomListItem = z.infer<typeof ZChatRoomListItem>;

/** Opens (creating on first use) the room between the caller and a user the rules allow. */
export const ZOpenRoomRequest = z.object({ userId: z.uuid({ error: CHAT_MSG.contactNotFound }) });
export type TOpenRoomRequest = z.infer<typeof ZOpenRoomRequest>;

/** socket.io `message` and tRPC `chat.send`. `clientId`: the sender's id for this message, the same on every retry. */
export const ZSendMessageRequest = z.object({
  roomId: ZRoomId,
  text: zText({ error: CHAT_MSG.textRequired })
    .trim()
    .min(1, { error: CHAT_MSG.textRequired })
    .max(CHAT_TEXT_MAX, { error: CHAT_MSG.textTooLong }),
  clientId: z
    .string({ error: CHAT_MSG.clientIdInvalid })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: CHAT_MSG.clientIdInvalid })
    .optional(),
});
export type TSendMessageRequest = z.infer<typeof ZSendMessageRequest>;

/** Pending-ack item (spec section 3). */
export const ZPendingAck = z.object({
  id: z.string(),
  room: ZChatRoomSummary,
  text: z.string(),
  sender: ZChatParticipant,
  upload: z.array(ZFileItem),
  createdAt: z.date(),
});
export type TPendingAck = z.infer<typeof ZPendingAck>;

/** socket.io `newMessage`: the room (as the recipient sees it) and the message. */
export const ZNewMessageEvent = ZChatRoomSummary.extend({ message: ZChatMessage });
export type TNewMessageEvent = z.infer<typeof ZNewMessageEvent>;

/** An acknowledgement of a message: who (the recipient group's member) and when; `seq` orders them for replay. */
export const ZChatAckEvent = z.object({ seq: z.string(), messageId: z.string(), roomId: z.string(), by: ZChatParticipant, ackedAt: z.date() });
export type TChatAckEvent = z.infer<typeof ZChatAckEvent>;

export const ZAckMessageRequest = z.object({ messageId: ZMessageId });
export const ZChatSubscriptionInput = z.object({ lastEventId: z.string().nullish() }).optional();

/** Query of POST /api/chat/upload: the room the files go to. */
export const ZChatUploadQuery = z.object({ roomId: ZRoomId });

/** Upload `body` part of POST /api/chat/upload: an optional caption and the client's id of the message. */
export const ZChatUploadBody = z.object({
  text: zText().trim().max(CHAT_TEXT_MAX, { error: CHAT_MSG.textTooLong }).default(''),
  clientId: ZSendMessageRequest.shape.clientId,
});

/** Answer of POST /api/chat/upload: the message that carries the files. */
export const ZChatUploadResponse = z.object({ message: z.string(), data: ZChatMessage });
