import type { TOpenRoom, TRoomMessage, TWireMessage, TWireNewMessage, TWirePendingAck, TWireRoom } from './chat-types';

/**
 * The chat panel's rooms (spec section 4, chat rooms) as one pure reducer: open rooms, the one maximised room,
 * the pending-ack list and each room's counter (`toAck`, always the number of the room's pending items).
 */
export type TChatState = { rooms: TOpenRoom[]; activeRoomId: string | null; pending: TWirePendingAck[] };

export type TChatAction =
  /** A room fetched to be opened: appended (or refreshed, when already open) and maximised. */
  | { type: 'roomLoaded'; room: TWireRoom }
  /** A room fetched again (after a reconnect): what it missed is merged in, nothing else changes. */
  | { type: 'roomRefreshed'; room: TWireRoom }
  | { type: 'olderLoaded'; roomId: string; messages: TWireMessage[]; hasMore: boolean }
  | { type: 'maximise'; roomId: string }
  | { type: 'minimise' }
  | { type: 'close'; roomId: string }
  /** `isActiveShown`: the panel is open, so the maximised room is on screen. */
  | { type: 'newMessage'; event: TWireNewMessage; selfId: string; isActiveShown: boolean }
  | { type: 'pendingLoaded'; items: TWirePendingAck[] }
  | { type: 'acked'; messageId: string }
  | { type: 'sending'; roomId: string; message: TRoomMessage }
  | { type: 'sent'; roomId: string; clientId: string; message: TWireMessage }
  | { type: 'sendFailed'; roomId: string; clientId: string }
  | { type: 'retrying'; roomId: string; clientId: string };

export const INITIAL_CHAT_STATE: TChatState = { rooms: [], activeRoomId: null, pending: [] };

export const isLocalMessage = (message: Pick<TWireMessage, 'id'>): boolean => message.id.startsWith('local-');

const byId = (a: { id: string }, b: { id: string }): number => {
  const left = BigInt(a.id);
  const right = BigInt(b.id);
  return left < right ? -1 : left > right ? 1 : 0;
};

const asStored = (message: TWireMessage): TRoomMessage => ({ ...message, status: 'sent' });

/**
 * One list out of two: each stored message once (by id, oldest first), an acknowledgement never undone, and
 * a local message gone as soon as its stored copy (same clientId) is there. Unconfirmed ones stay last.
 */
export const mergeMessages = (current: readonly TRoomMessage[], incoming: readonly TRoomMessage[]): TRoomMessage[] => {
  const stored = new Map<string, TRoomMessage>();
  for (const message of [...current, ...incoming]) {
    if (isLocalMessage(message)) continue;
    const known = stored.get(message.id);
    stored.set(message.id, known ? { ...message, ack: known.ack || message.ack, status: 'sent' } : message);
  }
  const storedClientIds = new Set([...stored.values()].flatMap((message) => (message.clientId ? [message.clientId] : [])));
  const locals = new Map<string, TRoomMessage>();
  for (const message of [...current, ...incoming]) {
    if (isLocalMessage(message) && !storedClientIds.has(message.clientId ?? '')) locals.set(message.id, message);
  }
  return [...[...stored.values()].sort(byId), ...locals.values()];
};

const toPending = (event: TWireNewMessage): TWirePendingAck => {
  const { message, ...room } = event;
  return { id: message.id, room: { id: room.id, name: room.name, type: room.type, partecipants: room.partecipants }, text: message.text, sender: message.sender, upload: message.upload, createdAt: message.createdAt };
};

/** Each room's counter is the number of its pending items. */
const withCounters = (state: TChatState): TChatState => {
  const counts = new Map<string, number>();
  for (const item of state.pending) counts.set(item.room.id, (counts.get(item.room.id) ?? 0) + 1);
  const rooms = state.rooms.map((room) => {
    const toAck = counts.get(room.id) ?? 0;
    return room.toAck === toAck ? room : { ...room, toAck };
  });
  return { ...state, rooms };
};

const updateRoom = (state: TChatState, roomId: string, update: (room: TOpenRoom) => TOpenRoom): TChatState => ({
  ...state,
  rooms: state.rooms.map((room) => (room.id === roomId ? update(room) : room)),
});

const mergeRoom = (open: TOpenRoom, room: TWireRoom): TOpenRoom => ({
  ...open,
  name: room.name,
  type: room.type,
  partecipants: room.partecipants,
  messages: mergeMessages(open.messages, room.messages.map(asStored)),
});

/**
 * The server's list is the truth at the moment it was read: items it no longer has were acknowledged
 * elsewhere and go; items newer than anything it had arrived live meanwhile and stay.
 */
const mergePending = (current: readonly TWirePendingAck[], items: readonly TWirePendingAck[]): TWirePendingAck[] => {
  const newest = items.reduce<bigint>((max, item) => (BigInt(item.id) > max ? BigInt(item.id) : max), 0n);
  const known = new Set(items.map((item) => item.id));
  const arrivedSince = current.filter((item) => !known.has(item.id) && BigInt(item.id) > newest);
  return [...items, ...arrivedSince].sort(byId);
};

const reduce = (state: TChatState, action: TChatAction): TChatState => {
  switch (action.type) {
    case 'roomLoaded': {
      const { room } = action;
      const isOpen = state.rooms.some((open) => open.id === room.id);
      const rooms = isOpen
        ? state.rooms.map((open) => (open.id === room.id ? mergeRoom(open, room) : open))
        : [...state.rooms, { id: room.id, name: room.name, type: room.type, partecipants: room.partecipants, messages: room.messages.map(asStored), hasMore: room.hasMore, toAck: 0 }];
      return { ...state, rooms, activeRoomId: room.id };
    }
    case 'roomRefreshed':
      return updateRoom(state, action.room.id, (open) => mergeRoom(open, action.room));
    case 'olderLoaded':
      return updateRoom(state, action.roomId, (open) => ({ ...open, hasMore: action.hasMore, messages: mergeMessages(action.messages.map(asStored), open.messages) }));
    case 'maximise':
      return state.rooms.some((room) => room.id === action.roomId) ? { ...state, activeRoomId: action.roomId } : state;
    case 'minimise':
      return { ...state, activeRoomId: null };
    case 'close':
      return { ...state, rooms: state.rooms.filter((room) => room.id !== action.roomId), activeRoomId: state.activeRoomId === action.roomId ? null : state.activeRoomId };
    case 'newMessage': {
      const { event, selfId, isActiveShown } = action;
      const isOwn = event.message.sender.id === selfId;
      // The echo of an admin's message in a staff room is worded for the staff as a whole, whose `ack` says
      // nothing about the corner having read it: for own messages only the server's answers count.
      const message = isOwn ? { ...event.message, ack: false } : event.message;
      const withMessage = updateRoom(state, event.id, (open) => ({ ...open, name: event.name, partecipants: event.partecipants, messages: mergeMessages(open.messages, [asStored(message)]) }));
      const isSeen = isActiveShown && state.activeRoomId === event.id;
      if (isOwn || event.message.ack || isSeen || state.pending.some((item) => item.id === event.message.id)) return withMessage;
      return { ...withMessage, pending: [...withMessage.pending, toPending(event)] };
    }
    case 'pendingLoaded':
      return { ...state, pending: mergePending(state.pending, action.items) };
    case 'acked':
      return {
        ...state,
        pending: state.pending.filter((item) => item.id !== action.messageId),
        rooms: state.rooms.map((room) =>
          room.messages.some((message) => message.id === action.messageId && !message.ack)
            ? { ...room, messages: room.messages.map((message) => (message.id === action.messageId ? { ...message, ack: true } : message)) }
            : room,
        ),
      };
    case 'sending':
      return updateRoom(state, action.roomId, (open) => ({ ...open, messages: mergeMessages(open.messages, [action.message]) }));
    case 'sent':
      return updateRoom(state, action.roomId, (open) => ({ ...open, messages: mergeMessages(open.messages, [asStored({ ...action.message, clientId: action.clientId })]) }));
    case 'sendFailed':
    case 'retrying': {
      const status = action.type === 'sendFailed' ? 'failed' : 'sending';
      return updateRoom(state, action.roomId, (open) => ({
        ...open,
        messages: open.messages.map((message) => (isLocalMessage(message) && message.clientId === action.clientId ? { ...message, status } : message)),
      }));
    }
  }
};

export const chatReducer = (state: TChatState, action: TChatAction): TChatState => withCounters(reduce(state, action));

/** The header badge: every message awaiting the viewer's acknowledgement. */
export const pendingTotal = (state: TChatState): number => state.pending.length;

export const activeRoomOf = (state: TChatState): TOpenRoom | null => state.rooms.find((room) => room.id === state.activeRoomId) ?? null;
