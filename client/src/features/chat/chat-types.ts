import type { TChatAckEvent, TNewMessageEvent } from '../../../../shared/schemas/chat';
import type { TRouterOutputs } from '../../lib/trpc-client';

/** The chat's data as the router answers it (dates are Dates, through superjson). */
export type TChatMessage = TRouterOutputs['chat']['send'];
export type TChatRoom = TRouterOutputs['chat']['room'];
export type TChatRoomSummary = TRouterOutputs['chat']['open'];
export type TChatRoomListItem = TRouterOutputs['chat']['rooms'][number];
export type TLastMessage = NonNullable<TChatRoomListItem['lastMessage']>;
export type TPendingAck = TRouterOutputs['chat']['pendingAcks'][number];
export type TChatSearchResult = TRouterOutputs['chat']['search'];
export type TStaffEntry = TRouterOutputs['chat']['staff'][number];
/** What `chat.onMessage` and `chat.onAck` bring (the payloads of their tracked events). */
export type { TChatAckEvent, TNewMessageEvent };

/** Where a message of the viewer's own stands: on its way, stored (acknowledged by the server), or not stored. */
export type TSendStatus = 'sending' | 'sent' | 'failed';

/** A message in an open room; the viewer's unconfirmed ones carry a local id (`local-<clientId>`) until stored. */
export type TRoomMessage = TChatMessage & { status: TSendStatus };

/** An open room (spec section 3, chat room): `toAck` counts its messages awaiting the viewer's acknowledgement. */
export type TOpenRoom = TChatRoomSummary & { messages: TRoomMessage[]; hasMore: boolean; toAck: number };
