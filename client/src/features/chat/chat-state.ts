import type { TOpenRoom, TRoomMessage, TLastMessage, TChatMessage, TNewMessageEvent, TPendingAck, TChatRoom, TChatRoomListItem } from './chat-types';

/**
 * The chat panel's rooms (spec section 4, chat rooms) as one pure reducer: open rooms, the one maximised room,
 * the pending-ack list and each room's counter (`toAck`, always the number of the room's pending items), and the
 * viewer's conversations as the server listed them (GET /api/chat/rooms), kept live by the messages that arrive.
 * `closed`: listed rooms the viewer closed (shown again when it opens them or a message arrives);
 * `isPendingLoaded`: the pending list was fetched, so it (not the listed count) says what awaits acknowledgement.
 */
export type TChatState = {
  rooms: TOpenRoom[];
  activeRoomId: string | null;
  pending: TPendingAck[];
  listed: TChatRoomListItem[];
  closed: string[];
  isPendingLoaded: boolean;
};

export type TChatAction =
  /** A room fetched to be opened: appended (or refreshed, when already open) and maximised. */
  | { type: 'roomLoaded'; room: TChatRoom }
  /** A room fetched again (after a reconnect): what it missed is merged in, nothing else changes. */
  | { type: 'roomRefreshed'; room: TChatRoom }
  | { type: 'olderLoaded'; roomId: string; messages: TChatMessage[]; hasMore: boolean }
  | { type: 'maximise'; roomId: string }
  | { type: 'minimise' }
  | { type: 'close'; roomId: string }
  /** `isActiveShown`: the panel is open, so the maximised room is on screen. */
  | { type: 'newMessage'; event: TNewMessageEvent; selfId: string; isActiveShown: boolean }
  | { type: 'pendingLoaded'; items: TPendingAck[] }
  /** The viewer's rooms fetched (on start and after a reconnect). */
  | { type: 'roomsListed'; items: TChatRoomListItem[] }
  | { type: 'acked'; messageId: string }
  | { type: 'sending'; roomId: string; message: TRoomMessage }
  | { type: 'sent'; roomId: string; clientId: string; message: TChatMessage }
  | { type: 'sendFailed'; roomId: string; clientId: string }
  | { type: 'retrying'; roomId: string; clientId: string };

export const INITIAL_CHAT_STATE: TChatState = { rooms: [], activeRoomId: null, pending: [], listed: [], closed: [], isPendingLoaded: false };

export const isLocalMessage = (message: Pick<TChatMessage, 'id'>): boolean => message.id.startsWith('local-');

const byId = (a: { id: string }, b: { id: string }): number => {
  const left = BigInt(a.id);
  const right = BigInt(b.id);
  return left < right ? -1 : left > right ? 1 : 0;
};

const asStored = (message: TChatMessage): TRoomMessage => ({ ...message, status: 'sent' });

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

const toPending = (event: TNewMessageEvent): TPendingAck => {
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

const mergeRoom = (open: TOpenRoom, room: TChatRoom): TOpenRoom => ({
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
const mergePending = (current: readonly TPendingAck[], items: readonly TPendingAck[]): TPendingAck[] => {
  const newest = items.reduce<bigint>((max, item) => (BigInt(item.id) > max ? BigInt(item.id) : max), 0n);
  const known = new Set(items.map((item) => item.id));
  const arrivedSince = current.filter((item) => !known.has(item.id) && BigInt(item.id) > newest);
  return [...items, ...arrivedSince].sort(byId);
};

const toLastMessage = (message: TChatMessage): TLastMessage => ({ id: message.id, text: message.text, createdAt: message.createdAt, sender: message.sender, upload: message.upload });

/** Which of two newest messages is newer: stored ids grow with time; a local (unsent) one is newest. */
const newerOf = (a: TLastMessage | null, b: TLastMessage | null): TLastMessage | null => {
  if (!a || !b) return a ?? b;
  if (isLocalMessage(b)) return b;
  if (isLocalMessage(a)) return a;
  return BigInt(b.id) > BigInt(a.id) ? b : a;
};

/**
 * The server's list merged with what the panel knows: a newer message that arrived meanwhile is kept as a room's
 * newest, and rooms that got their first message after the list was read stay.
 */
export const mergeListed = (current: readonly TChatRoomListItem[], items: readonly TChatRoomListItem[]): TChatRoomListItem[] => {
  const known = new Map(current.map((item) => [item.id, item]));
  const merged = items.map((item) => {
    const mine = known.get(item.id);
    return mine ? { ...item, lastMessage: newerOf(item.lastMessage, mine.lastMessage) } : item;
  });
  const listedIds = new Set(items.map((item) => item.id));
  return [...merged, ...current.filter((item) => !listedIds.has(item.id))];
};

/** A message of a room: that room's entry in the list gets it as its newest (the room is added when new to the list). */
const withListedMessage = (state: TChatState, room: Omit<TChatRoomListItem, 'lastMessage' | 'toAck'> | null, roomId: string, message: TChatMessage): TChatState => {
  const existing = state.listed.find((item) => item.id === roomId);
  const closed = state.closed.filter((id) => id !== roomId);
  if (existing) {
    const update = { ...existing, ...(room ?? {}), lastMessage: newerOf(existing.lastMessage, toLastMessage(message)) };
    return { ...state, closed, listed: state.listed.map((item) => (item.id === roomId ? update : item)) };
  }
  if (!room) return { ...state, closed };
  return { ...state, closed, listed: [...state.listed, { ...room, lastMessage: toLastMessage(message), toAck: 0 }] };
};

/** The listed count follows the pending list's changes (it is what the panel shows until that list is loaded). */
const withListedCount = (state: TChatState, roomId: string, change: number): TChatState => ({
  ...state,
  listed: state.listed.map((item) => (item.id === roomId ? { ...item, toAck: Math.max(0, item.toAck + change) } : item)),
});

const reduce = (state: TChatState, action: TChatAction): TChatState => {
  switch (action.type) {
    case 'roomLoaded': {
      const { room } = action;
      const isOpen = state.rooms.some((open) => open.id === room.id);
      const rooms = isOpen
        ? state.rooms.map((open) => (open.id === room.id ? mergeRoom(open, room) : open))
        : [...state.rooms, { id: room.id, name: room.name, type: room.type, partecipants: room.partecipants, messages: room.messages.map(asStored), hasMore: room.hasMore, toAck: 0 }];
      return { ...state, rooms, activeRoomId: room.id, closed: state.closed.filter((id) => id !== room.id) };
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
      return {
        ...state,
        rooms: state.rooms.filter((room) => room.id !== action.roomId),
        activeRoomId: state.activeRoomId === action.roomId ? null : state.activeRoomId,
        closed: state.closed.includes(action.roomId) ? state.closed : [...state.closed, action.roomId],
      };
    case 'newMessage': {
      const { event, selfId, isActiveShown } = action;
      const isOwn = event.message.sender.id === selfId;
      // The echo of an admin's message in a staff room is worded for the staff as a whole, whose `ack` says
      // nothing about the corner having read it: for own messages only the server's answers count.
      const message = isOwn ? { ...event.message, ack: false } : event.message;
      const summary = { id: event.id, name: event.name, type: event.type, partecipants: event.partecipants };
      const withListed = withListedMessage(state, summary, event.id, message);
      const withMessage = updateRoom(withListed, event.id, (open) => ({ ...open, name: event.name, partecipants: event.partecipants, messages: mergeMessages(open.messages, [asStored(message)]) }));
      const isSeen = isActiveShown && state.activeRoomId === event.id;
      if (isOwn || event.message.ack || isSeen || state.pending.some((item) => item.id === event.message.id)) return withMessage;
      return { ...withListedCount(withMessage, event.id, 1), pending: [...withMessage.pending, toPending(event)] };
    }
    case 'pendingLoaded':
      return { ...state, pending: mergePending(state.pending, action.items), isPendingLoaded: true };
    case 'roomsListed':
      return { ...state, listed: mergeListed(state.listed, action.items) };
    case 'acked': {
      const wasPending = state.pending.find((item) => item.id === action.messageId);
      const counted = wasPending ? withListedCount(state, wasPending.room.id, -1) : state;
      return {
        ...counted,
        pending: state.pending.filter((item) => item.id !== action.messageId),
        rooms: state.rooms.map((room) =>
          room.messages.some((message) => message.id === action.messageId && !message.ack)
            ? { ...room, messages: room.messages.map((message) => (message.id === action.messageId ? { ...message, ack: true } : message)) }
            : room,
        ),
      };
    }
    case 'sending':
      return updateRoom(state, action.roomId, (open) => ({ ...open, messages: mergeMessages(open.messages, [action.message]) }));
    case 'sent': {
      const open = state.rooms.find((room) => room.id === action.roomId);
      const summary = open ? { id: open.id, name: open.name, type: open.type, partecipants: open.partecipants } : null;
      const withListed = withListedMessage(state, summary, action.roomId, action.message);
      return updateRoom(withListed, action.roomId, (room) => ({ ...room, messages: mergeMessages(room.messages, [asStored({ ...action.message, clientId: action.clientId })]) }));
    }
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

/** A line of the panel's "Conversazioni aperte": a listed or open room, its newest message and what awaits acknowledgement. */
export type TConversation = { id: string; name: string; type: TChatRoomListItem['type']; lastMessage: TLastMessage | null; toAck: number; isOpen: boolean };

const timeOf = (message: TLastMessage | null): number => (message ? message.createdAt.getTime() : -Infinity);

/**
 * The viewer's conversations, newest activity first (rooms without messages last): the rooms the server listed
 * (minus those closed) and the rooms open in the panel, each once.
 */
export const conversationsOf = (state: TChatState): TConversation[] => {
  const pendingCount = (roomId: string) => state.pending.filter((item) => item.room.id === roomId).length;
  const byId = new Map<string, TConversation>();
  for (const item of state.listed) {
    if (state.closed.includes(item.id)) continue;
    byId.set(item.id, { id: item.id, name: item.name, type: item.type, lastMessage: item.lastMessage, toAck: state.isPendingLoaded ? pendingCount(item.id) : item.toAck, isOpen: false });
  }
  for (const room of state.rooms) {
    const last = room.messages.at(-1);
    const listed = byId.get(room.id);
    byId.set(room.id, { id: room.id, name: room.name, type: room.type, lastMessage: newerOf(listed?.lastMessage ?? null, last ? toLastMessage(last) : null), toAck: room.toAck, isOpen: true });
  }
  return [...byId.values()]
    .map((conversation, index) => ({ conversation, index }))
    .sort((a, b) => timeOf(b.conversation.lastMessage) - timeOf(a.conversation.lastMessage) || a.index - b.index)
    .map(({ conversation }) => conversation);
};
