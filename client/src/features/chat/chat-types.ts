import type { TJson } from '../../../../shared/realtime';
import type { TChatMessage, TChatRoom, TChatRoomListItem, TChatRoomSummary, TChatSearchResult, TNewMessageEvent, TPendingAck, TStaffEntry } from '../../../../shared/schemas/chat';

/** The chat's data as it crosses the wire (REST and socket.io): dates are ISO strings. */
export type TWireMessage = TJson<TChatMessage>;
export type TWireRoom = TJson<TChatRoom>;
export type TWireRoomSummary = TJson<TChatRoomSummary>;
export type TWireRoomListItem = TJson<TChatRoomListItem>;
export type TWireLastMessage = NonNullable<TWireRoomListItem['lastMessage']>;
export type TWirePendingAck = TJson<TPendingAck>;
export type TWireNewMessage = TJson<TNewMessageEvent>;
export type TWireSearchResult = TJson<TChatSearchResult>;
export type TWireStaffEntry = TJson<TStaffEntry>;

/** Where a message of the viewer's own stands: on its way, stored (acknowledged by the server), or not stored. */
export type TSendStatus = 'sending' | 'sent' | 'failed';

/** A message in an open room; the viewer's unconfirmed ones carry a local id (`local-<clientId>`) until stored. */
export type TRoomMessage = TWireMessage & { status: TSendStatus };

/** An open room (spec section 3, chat room): `toAck` counts its messages awaiting the viewer's acknowledgement. */
export type TOpenRoom = TWireRoomSummary & { messages: TRoomMessage[]; hasMore: boolean; toAck: number };
