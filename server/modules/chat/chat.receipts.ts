import type { TChatAckEvent, TPendingAck } from '../../../shared/schemas/chat';
import type { TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import { publishToClients, topics } from '../../realtime/topics';
import { describeRooms, recipientKeysOf } from './chat.access';
import { ackTopic, type TChatContext } from './chat.context';
import * as repo from './chat.repository';

const PENDING_LIMIT = 500;

/** Read receipts: the messages awaiting the caller's acknowledgement, and the acknowledgement itself. */
export const createChatReceipts = ({ db, bus, logger, accounts, viewers, users, toMessage }: TChatContext) => ({
  /** GET /api/chat/ack: the caller's received messages awaiting acknowledgement, oldest first. */
  pendingAcks: async (ctx: TRequestContext): Promise<TPendingAck[]> => {
    const viewer = await viewers.get(requireActor(ctx));
    const rows = await repo.listPendingAcks(db, recipientKeysOf(viewer), PENDING_LIMIT);
    const rooms = await describeRooms(db, accounts, viewer, await repo.findRooms(db, [...new Set(rows.map((row) => row.room_id))]));
    const senders = await users(rows.map((row) => row.sender_id));
    return rows
      .filter((row) => rooms.has(row.room_id))
      .map((row) => {
        const message = toMessage({ ...row, ack: false }, viewer, senders);
        return { id: message.id, room: rooms.get(row.room_id)!, text: message.text, sender: message.sender, upload: message.upload, createdAt: message.createdAt };
      });
  },

  /** socket.io `ackMsg`: records that the caller (or its group) acknowledged a message; tells the sender. */
  ack: async (ctx: TRequestContext, messageId: string): Promise<{ acked: boolean }> => {
    const viewer = await viewers.get(requireActor(ctx));
    const closed = await repo.ackMessageReturningSender(db, messageId, recipientKeysOf(viewer), viewer.id);
    for (const receipt of closed) {
      const event: TChatAckEvent = { seq: String(receipt.ack_seq), messageId, roomId: receipt.room_id, by: { id: viewer.id, name: viewer.name }, ackedAt: new Date(receipt.acked_at!) };
      await Promise.all([
        bus.publish(ackTopic(receipt.sender_id), event),
        // socket.io clients of the sender mark the message read.
        publishToClients(bus, topics.user(receipt.sender_id), { event: 'msgAcked', data: { messageId, roomId: receipt.room_id } }),
      ]).catch((error: unknown) => logger.warn({ err: error }, 'conferma di lettura non annunciata'));
    }
    return { acked: closed.length > 0 };
  },
});
