import { z } from 'zod';
import {
  ZAckMessageRequest,
  ZChatMessage,
  ZChatRoom,
  ZChatRoomListItem,
  ZChatRoomQuery,
  ZChatRoomSummary,
  ZChatSearchQuery,
  ZChatSearchResult,
  ZChatSubscriptionInput,
  ZOpenRoomRequest,
  ZPendingAck,
  ZSendMessageRequest,
  ZStaffEntry,
} from '../../../shared/schemas/chat';
import { authedProcedure, router, trackedStream } from '../../trpc/trpc';

export const chatRouter = router({
  search: authedProcedure.input(ZChatSearchQuery).output(ZChatSearchResult).query(({ ctx, input }) => ctx.services.chat.search(ctx.ctx, input)),
  staff: authedProcedure.output(z.array(ZStaffEntry)).query(({ ctx }) => ctx.services.chat.staff(ctx.ctx)),
  openStaff: authedProcedure.output(ZChatRoomSummary).mutation(({ ctx }) => ctx.services.chat.openStaff(ctx.ctx)),
  rooms: authedProcedure.output(z.array(ZChatRoomListItem)).query(({ ctx }) => ctx.services.chat.listRooms(ctx.ctx)),
  room: authedProcedure.input(ZChatRoomQuery).output(ZChatRoom).query(({ ctx, input }) => ctx.services.chat.getRoom(ctx.ctx, input)),
  open: authedProcedure.input(ZOpenRoomRequest).output(ZChatRoomSummary).mutation(({ ctx, input }) => ctx.services.chat.open(ctx.ctx, input)),
  pendingAcks: authedProcedure.output(z.array(ZPendingAck)).query(({ ctx }) => ctx.services.chat.pendingAcks(ctx.ctx)),
  send: authedProcedure.input(ZSendMessageRequest).output(ZChatMessage).mutation(({ ctx, input }) => ctx.services.chat.send(ctx.ctx, input)),
  ack: authedProcedure
    .input(ZAckMessageRequest)
    .output(z.object({ acked: z.boolean() }))
    .mutation(({ ctx, input }) => ctx.services.chat.ack(ctx.ctx, input.messageId)),
  /** New messages of the caller's rooms; after a reconnect, first those after `lastEventId`. */
  onMessage: authedProcedure.input(ZChatSubscriptionInput).subscription(async ({ ctx, input, signal }) => {
    const stream = await ctx.services.chat.watchMessages(ctx.ctx, { lastEventId: input?.lastEventId, signal });
    return trackedStream(stream, (event) => event.message.id);
  }),
  /** Acknowledgements of the caller's messages; after a reconnect, first those after `lastEventId`. */
  onAck: authedProcedure.input(ZChatSubscriptionInput).subscription(async ({ ctx, input, signal }) => {
    const stream = await ctx.services.chat.watchAcks(ctx.ctx, { lastEventId: input?.lastEventId, signal });
    return trackedStream(stream, (event) => event.seq);
  }),
});
