import { CHAT_MSG } from '../../../shared/chat-messages';
import { ZMessageId, type TChatAckEvent, type TChatMessage, type TNewMessageEvent } from '../../../shared/schemas/chat';
import type { TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { openBusStream } from '../../realtime/bus-stream';
import { endsSessionOf, SESSIONS_TOPIC } from '../../realtime/session-events';
import { isClientEvent, topics } from '../../realtime/topics';
import { describeRooms, recipientKeysOf } from './chat.access';
import { ackTopic, type TChatContext } from './chat.context';
import * as repo from './chat.repository';

const REPLAY_LIMIT = 500;

/** Dates cross the PostgreSQL bus as strings: subscriptions hand out real dates. */
const reviveMessage = (message: TChatMessage): TChatMessage => ({ ...message, createdAt: new Date(message.createdAt) });

type TWatchOptions = { lastEventId?: string | null; signal?: AbortSignal };

/** The `lastEventId` of a reconnecting subscription (a message id or an ack seq): null when none, VALIDATION when malformed. */
const lastEventIdOf = (options: TWatchOptions): string | null => {
  const lastEventId = options.lastEventId ?? null;
  if (lastEventId !== null && !ZMessageId.safeParse(lastEventId).success) throw new AppError('VALIDATION', { userMessage: CHAT_MSG.messageNotFound });
  return lastEventId;
};

/**
 * The tRPC subscriptions of chat (new messages, acknowledgements of the caller's messages): after a reconnect the
 * events missed since `lastEventId` first, then the live ones; a subscription ends when the caller's session does.
 */
export const createChatSubscriptions = ({ db, bus, accounts, viewers, users, toMessage }: TChatContext) => ({
  /** New messages of the caller's rooms; after a reconnect, first those after `lastEventId` (a message id). */
  watchMessages: async (ctx: TRequestContext, options: TWatchOptions): Promise<AsyncGenerator<TNewMessageEvent>> => {
    const actor = requireActor(ctx);
    const viewer = await viewers.get(actor);
    const lastEventId = lastEventIdOf(options);
    const groupTopics = viewer.role === 'admin' ? [topics.role('admin')] : viewer.role === 'broker' && viewer.sector ? [topics.sector(viewer.sector)] : [];
    const stream = openBusStream(bus, [topics.user(viewer.id), ...groupTopics, SESSIONS_TOPIC], { signal: options.signal });
    const replay = async (): Promise<TNewMessageEvent[]> => {
      if (lastEventId === null) return [];
      const scope = { userId: viewer.id, role: viewer.role, sector: viewer.sector };
      const rows = await repo.listMessagesAfter(db, scope, recipientKeysOf(viewer), lastEventId, REPLAY_LIMIT);
      const rooms = await describeRooms(db, accounts, viewer, await repo.findRooms(db, [...new Set(rows.map((row) => row.room_id))]));
      const senders = await users(rows.map((row) => row.sender_id));
      return rows.map((row) => ({ ...rooms.get(row.room_id)!, message: toMessage(row, viewer, senders) }));
    };
    const missed = await replay().catch((error: unknown) => {
      stream.close();
      throw error;
    });
    return (async function* () {
      const seen = new Set<string>();
      for (const event of missed) {
        seen.add(event.message.id);
        yield event;
      }
      for await (const { topic, payload } of stream) {
        if (topic === SESSIONS_TOPIC) {
          if (endsSessionOf(payload, actor)) throw new AppError('UNAUTHENTICATED');
          continue;
        }
        if (isClientEvent(payload) && payload.event === 'newMessage' && !seen.has(payload.data.message.id)) {
          seen.add(payload.data.message.id);
          yield { ...payload.data, message: reviveMessage(payload.data.message) };
        }
      }
    })();
  },

  /** Acknowledgements of the caller's messages; after a reconnect, first those after `lastEventId` (an ack seq). */
  watchAcks: async (ctx: TRequestContext, options: TWatchOptions): Promise<AsyncGenerator<TChatAckEvent>> => {
    const actor = requireActor(ctx);
    const viewer = await viewers.get(actor);
    const lastEventId = lastEventIdOf(options);
    const stream = openBusStream(bus, [ackTopic(viewer.id), SESSIONS_TOPIC], { signal: options.signal });
    const missed = lastEventId === null ? [] : await repo.listAcksAfter(db, viewer.id, lastEventId, REPLAY_LIMIT).catch((error: unknown) => {
      stream.close();
      throw error;
    });
    const ackers = await users(missed.flatMap((row) => (row.acked_by ? [row.acked_by] : [])));
    return (async function* () {
      const replayed = new Set<string>();
      for (const row of missed) {
        const by = row.acked_by ? ackers.get(row.acked_by) : undefined;
        replayed.add(String(row.ack_seq));
        yield { seq: String(row.ack_seq), messageId: String(row.message_id), roomId: row.room_id, by: { id: row.acked_by ?? '', name: by?.name ?? '' }, ackedAt: new Date(row.acked_at!) };
      }
      for await (const { topic, payload } of stream) {
        if (topic === SESSIONS_TOPIC) {
          if (endsSessionOf(payload, actor)) throw new AppError('UNAUTHENTICATED');
          continue;
        }
        const event = payload as TChatAckEvent;
        if (replayed.has(event.seq)) continue;
        yield { ...event, ackedAt: new Date(event.ackedAt) };
      }
    })();
  },
});
