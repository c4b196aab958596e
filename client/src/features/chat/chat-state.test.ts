import { describe, expect, it } from 'vitest';
import { activeRoomOf, chatReducer, conversationsOf, INITIAL_CHAT_STATE, mergeListed, mergeMessages, pendingTotal, type TChatAction, type TChatState } from './chat-state';
import type { TRoomMessage, TChatMessage, TNewMessageEvent, TPendingAck, TChatRoom, TChatRoomListItem } from './chat-types';

const ME = 'user-me';
const STAFF = 'user-staff';

const message = (id: string, roomId: string, overrides: Partial<TChatMessage> = {}): TChatMessage => ({
  id,
  roomId,
  text: `messaggio ${id}`,
  createdAt: new Date('2026-03-05T10:00:00.000Z'),
  sender: { id: STAFF, name: 'Staff' },
  ack: false,
  upload: [],
  clientId: null,
  ...overrides,
});
const room = (id: string, messages: TChatMessage[] = [], hasMore = false): TChatRoom => ({ id, name: `Stanza ${id}`, type: 'staff', partecipants: [], messages, hasMore });
const incoming = (roomId: string, msg: TChatMessage): TNewMessageEvent => ({ id: roomId, name: `Stanza ${roomId}`, type: 'staff', partecipants: [], message: msg });
const local = (clientId: string, roomId: string, text = 'ciao'): TRoomMessage => ({
  ...message(`local-${clientId}`, roomId, { text, sender: { id: ME, name: '' }, clientId }),
  status: 'sending',
});

const run = (...actions: TChatAction[]): TChatState => actions.reduce(chatReducer, INITIAL_CHAT_STATE);
const ids = (state: TChatState, roomId: string) => state.rooms.find((open) => open.id === roomId)?.messages.map((m) => m.id);

describe('chat rooms (spec section 4)', () => {
  it('opens a room by appending and maximising it; opening it again only maximises it', () => {
    const state = run({ type: 'roomLoaded', room: room('a', [message('1', 'a')]) }, { type: 'roomLoaded', room: room('b') });
    expect(state.rooms.map((open) => open.id)).toEqual(['a', 'b']);
    expect(state.activeRoomId).toBe('b');
    const again = chatReducer(state, { type: 'maximise', roomId: 'a' });
    expect(again.rooms.map((open) => open.id)).toEqual(['a', 'b']);
    expect(activeRoomOf(again)?.id).toBe('a');
    // A room loaded again is merged, not appended twice.
    const reloaded = chatReducer(again, { type: 'roomLoaded', room: room('b', [message('2', 'b')]) });
    expect(reloaded.rooms.map((open) => open.id)).toEqual(['a', 'b']);
    expect(ids(reloaded, 'b')).toEqual(['2']);
    expect(chatReducer(state, { type: 'maximise', roomId: 'zzz' })).toEqual(state);
  });

  it('minimising clears the active room; closing removes the room and minimises only if it was active', () => {
    const opened = run({ type: 'roomLoaded', room: room('a') }, { type: 'roomLoaded', room: room('b') });
    expect(chatReducer(opened, { type: 'minimise' })).toMatchObject({ activeRoomId: null, rooms: [{ id: 'a' }, { id: 'b' }] });
    const closedOther = chatReducer(opened, { type: 'close', roomId: 'a' });
    expect(closedOther.rooms.map((open) => open.id)).toEqual(['b']);
    expect(closedOther.activeRoomId).toBe('b');
    const closedActive = chatReducer(opened, { type: 'close', roomId: 'b' });
    expect(closedActive.rooms.map((open) => open.id)).toEqual(['a']);
    expect(closedActive.activeRoomId).toBeNull();
  });

  it('appends a new message to the active room on screen without making it pending', () => {
    const state = run({ type: 'roomLoaded', room: room('a', [message('1', 'a')]) }, { type: 'newMessage', event: incoming('a', message('2', 'a')), selfId: ME, isActiveShown: true });
    expect(ids(state, 'a')).toEqual(['1', '2']);
    expect(state.pending).toEqual([]);
    expect(pendingTotal(state)).toBe(0);
  });

  it('puts a new message of another room in the pending list and raises that room’s counter; acknowledging lowers it', () => {
    let state = run({ type: 'roomLoaded', room: room('a') }, { type: 'roomLoaded', room: room('b') });
    state = chatReducer(state, { type: 'newMessage', event: incoming('a', message('5', 'a')), selfId: ME, isActiveShown: true });
    state = chatReducer(state, { type: 'newMessage', event: incoming('a', message('6', 'a')), selfId: ME, isActiveShown: true });
    // Delivered twice (another tab, a replay): counted once.
    state = chatReducer(state, { type: 'newMessage', event: incoming('a', message('6', 'a')), selfId: ME, isActiveShown: true });
    expect(state.pending.map((item) => item.id)).toEqual(['5', '6']);
    expect(state.pending[0]).toMatchObject({ room: { id: 'a', name: 'Stanza a' }, sender: { name: 'Staff' }, text: 'messaggio 5' });
    expect(state.rooms.find((open) => open.id === 'a')?.toAck).toBe(2);
    expect(ids(state, 'a')).toEqual(['5', '6']);

    state = chatReducer(state, { type: 'acked', messageId: '5' });
    expect(state.pending.map((item) => item.id)).toEqual(['6']);
    expect(state.rooms.find((open) => open.id === 'a')?.toAck).toBe(1);
    expect(state.rooms.find((open) => open.id === 'a')?.messages.find((m) => m.id === '5')?.ack).toBe(true);
    expect(pendingTotal(state)).toBe(1);
  });

  it('treats the active room as another one while the panel is hidden, and never counts own or acknowledged messages', () => {
    let state = run({ type: 'roomLoaded', room: room('a') });
    state = chatReducer(state, { type: 'newMessage', event: incoming('a', message('7', 'a')), selfId: ME, isActiveShown: false });
    state = chatReducer(state, { type: 'newMessage', event: incoming('b', message('8', 'b', { sender: { id: ME, name: 'Io' } })), selfId: ME, isActiveShown: false });
    state = chatReducer(state, { type: 'newMessage', event: incoming('b', message('9', 'b', { ack: true })), selfId: ME, isActiveShown: false });
    expect(state.pending.map((item) => item.id)).toEqual(['7']);
    expect(state.rooms[0]?.toAck).toBe(1);
  });

  it('keeps the server’s pending list, plus items that arrived after it was read; drops those acknowledged elsewhere', () => {
    let state = run({ type: 'newMessage', event: incoming('a', message('3', 'a')), selfId: ME, isActiveShown: false });
    state = chatReducer(state, { type: 'newMessage', event: incoming('a', message('12', 'a')), selfId: ME, isActiveShown: false });
    state = chatReducer(state, { type: 'pendingLoaded', items: [{ id: '10', room: { id: 'b', name: 'B', type: 'staff', partecipants: [] }, text: 't', sender: { id: STAFF, name: 'Staff' }, upload: [], createdAt: new Date('2026-03-05T10:00:00.000Z') }] });
    expect(state.pending.map((item) => item.id)).toEqual(['10', '12']);
    const opened = chatReducer(state, { type: 'roomLoaded', room: room('b') });
    expect(opened.rooms[0]?.toAck).toBe(1);
  });

  it('shows a sent message as sending, then as stored once acknowledged, or failed, and retried with the same client id', () => {
    let state = run({ type: 'roomLoaded', room: room('a') }, { type: 'sending', roomId: 'a', message: local('cid-00001', 'a') });
    expect(activeRoomOf(state)?.messages).toMatchObject([{ id: 'local-cid-00001', status: 'sending' }]);
    state = chatReducer(state, { type: 'sendFailed', roomId: 'a', clientId: 'cid-00001' });
    expect(activeRoomOf(state)?.messages[0]?.status).toBe('failed');
    state = chatReducer(state, { type: 'retrying', roomId: 'a', clientId: 'cid-00001' });
    expect(activeRoomOf(state)?.messages[0]?.status).toBe('sending');
    state = chatReducer(state, { type: 'sent', roomId: 'a', clientId: 'cid-00001', message: message('20', 'a', { sender: { id: ME, name: 'Io' }, clientId: 'cid-00001', text: 'ciao' }) });
    expect(activeRoomOf(state)?.messages).toMatchObject([{ id: '20', status: 'sent', text: 'ciao' }]);
    // The echo of the same message to this tab changes nothing.
    const echoed = chatReducer(state, { type: 'newMessage', event: incoming('a', message('20', 'a', { sender: { id: ME, name: 'Io' } })), selfId: ME, isActiveShown: true });
    expect(ids(echoed, 'a')).toEqual(['20']);
    // Nor does an echo claim the message was read: that comes from the server's answers only.
    const claimed = chatReducer(state, { type: 'newMessage', event: incoming('a', message('20', 'a', { sender: { id: ME, name: 'Io' }, ack: true })), selfId: ME, isActiveShown: true });
    expect(activeRoomOf(claimed)?.messages[0]?.ack).toBe(false);
    const refreshed = chatReducer(claimed, { type: 'roomRefreshed', room: room('a', [message('20', 'a', { sender: { id: ME, name: 'Io' }, ack: true })]) });
    expect(activeRoomOf(refreshed)?.messages[0]?.ack).toBe(true);
  });

  it('lets the echo replace the local copy when it comes before the acknowledgement', () => {
    let state = run({ type: 'roomLoaded', room: room('a') }, { type: 'sending', roomId: 'a', message: local('cid-00002', 'a') });
    state = chatReducer(state, { type: 'newMessage', event: incoming('a', message('21', 'a', { sender: { id: ME, name: 'Io' }, clientId: 'cid-00002' })), selfId: ME, isActiveShown: true });
    expect(ids(state, 'a')).toEqual(['21']);
    // An echo without the client id (staff rooms seen by every admin) is deduped when the acknowledgement comes.
    state = chatReducer(state, { type: 'sending', roomId: 'a', message: local('cid-00003', 'a') });
    state = chatReducer(state, { type: 'newMessage', event: incoming('a', message('22', 'a', { sender: { id: ME, name: 'Io' } })), selfId: ME, isActiveShown: true });
    expect(ids(state, 'a')).toEqual(['21', '22', 'local-cid-00003']);
    state = chatReducer(state, { type: 'sent', roomId: 'a', clientId: 'cid-00003', message: message('22', 'a', { sender: { id: ME, name: 'Io' }, clientId: 'cid-00003' }) });
    expect(ids(state, 'a')).toEqual(['21', '22']);
    // A failure reported after the message was stored (a late timeout) leaves it stored.
    expect(chatReducer(state, { type: 'sendFailed', roomId: 'a', clientId: 'cid-00003' })).toEqual(state);
  });

  it('prepends older messages and keeps hasMore from the page', () => {
    let state = run({ type: 'roomLoaded', room: room('a', [message('51', 'a'), message('52', 'a')], true) });
    state = chatReducer(state, { type: 'olderLoaded', roomId: 'a', messages: [message('49', 'a'), message('50', 'a')], hasMore: false });
    expect(ids(state, 'a')).toEqual(['49', '50', '51', '52']);
    expect(activeRoomOf(state)?.hasMore).toBe(false);
  });
});

describe('mergeMessages', () => {
  const stored = (id: string, overrides: Partial<TChatMessage> = {}): TRoomMessage => ({ ...message(id, 'a', overrides), status: 'sent' });

  it('keeps each id once, in id order (ids are numbers: 9 before 10), and never undoes an acknowledgement', () => {
    const merged = mergeMessages([stored('10', { ack: true }), stored('9')], [stored('10', { ack: false, text: 'nuovo' }), stored('11')]);
    expect(merged.map((m) => [m.id, m.ack])).toEqual([
      ['9', false],
      ['10', true],
      ['11', false],
    ]);
    expect(merged[1]?.text).toBe('nuovo');
  });

  it('keeps unconfirmed messages last until their stored copy arrives', () => {
    const merged = mergeMessages([stored('1'), local('cid-0000a', 'a'), local('cid-0000b', 'a')], [stored('2'), stored('3', { clientId: 'cid-0000a' })]);
    expect(merged.map((m) => m.id)).toEqual(['1', '2', '3', 'local-cid-0000b']);
  });
});

describe('the conversations list (GET /api/chat/rooms, kept live)', () => {
  const at = (minute: number) => new Date(`2026-03-05T10:${String(minute).padStart(2, '0')}:00.000Z`);
  const listed = (id: string, last: TChatMessage | null, toAck = 0): TChatRoomListItem => ({
    id,
    name: `Stanza ${id}`,
    type: 'staff',
    partecipants: [],
    lastMessage: last && { id: last.id, text: last.text, createdAt: last.createdAt, sender: last.sender, upload: last.upload },
    toAck,
  });
  const pendingOf = (msg: TChatMessage): TPendingAck => ({ id: msg.id, room: { id: msg.roomId, name: `Stanza ${msg.roomId}`, type: 'staff', partecipants: [] }, text: msg.text, sender: msg.sender, upload: [], createdAt: msg.createdAt });
  const summary = (state: TChatState) => conversationsOf(state).map((item) => [item.id, item.lastMessage?.text ?? null, item.toAck]);

  it('shows the listed rooms newest first with their last message and count, rooms without messages last', () => {
    const state = run({
      type: 'roomsListed',
      items: [listed('vuota', null), listed('a', message('1', 'a', { createdAt: at(1) }), 2), listed('b', message('5', 'b', { createdAt: at(5) }))],
    });
    expect(summary(state)).toEqual([
      ['b', 'messaggio 5', 0],
      ['a', 'messaggio 1', 2],
      ['vuota', null, 0],
    ]);
  });

  it('moves a room first when a message arrives, adds a room new to the list, and counts from the pending list once loaded', () => {
    const start = run({ type: 'roomsListed', items: [listed('a', message('1', 'a', { createdAt: at(1) })), listed('b', message('5', 'b', { createdAt: at(5) }))] });
    const later = chatReducer(start, { type: 'newMessage', event: incoming('a', message('9', 'a', { createdAt: at(9), text: 'nuovo' })), selfId: ME, isActiveShown: false });
    expect(summary(later)).toEqual([
      ['a', 'nuovo', 1],
      ['b', 'messaggio 5', 0],
    ]);
    const fresh = chatReducer(later, { type: 'newMessage', event: incoming('c', message('10', 'c', { createdAt: at(10), text: 'prima volta' })), selfId: ME, isActiveShown: false });
    expect(summary(fresh)[0]).toEqual(['c', 'prima volta', 1]);
    expect(conversationsOf(fresh)[0]!.name).toBe('Stanza c');
    // Acknowledged: the count drops.
    expect(summary(chatReducer(fresh, { type: 'acked', messageId: '10' }))[0]).toEqual(['c', 'prima volta', 0]);
  });

  it('uses the listed count until the pending list arrives, then the pending list', () => {
    const state = run({ type: 'roomsListed', items: [listed('a', message('3', 'a'), 3)] });
    expect(summary(state)).toEqual([['a', 'messaggio 3', 3]]);
    const loaded = chatReducer(state, { type: 'pendingLoaded', items: [pendingOf(message('3', 'a'))] });
    expect(summary(loaded)).toEqual([['a', 'messaggio 3', 1]]);
  });

  it('keeps a newer message that arrived before the list, and rooms the list did not have yet', () => {
    const live = run({ type: 'newMessage', event: incoming('a', message('7', 'a', { text: 'dal vivo' })), selfId: ME, isActiveShown: false });
    const state = chatReducer(live, { type: 'roomsListed', items: [listed('a', message('4', 'a')), listed('b', message('2', 'b'))] });
    expect(state.listed.find((item) => item.id === 'a')!.lastMessage!.text).toBe('dal vivo');
    expect(mergeListed([listed('z', message('1', 'z'))], [listed('a', null)]).map((item) => item.id)).toEqual(['a', 'z']);
  });

  it('shows the viewer’s own sent message as the newest, and an open room once', () => {
    const state = run(
      { type: 'roomsListed', items: [listed('a', message('1', 'a', { createdAt: at(1) })), listed('b', message('2', 'b', { createdAt: at(2) }))] },
      { type: 'roomLoaded', room: room('a', [message('1', 'a', { createdAt: at(1) })]) },
      { type: 'sending', roomId: 'a', message: { ...local('c1', 'a', 'in partenza'), createdAt: at(3) } },
    );
    expect(summary(state)).toEqual([
      ['a', 'in partenza', 0],
      ['b', 'messaggio 2', 0],
    ]);
    expect(conversationsOf(state).map((item) => item.isOpen)).toEqual([true, false]);
    const sent = chatReducer(state, { type: 'sent', roomId: 'a', clientId: 'c1', message: message('3', 'a', { text: 'in partenza', createdAt: at(3), sender: { id: ME, name: 'Io' }, clientId: 'c1' }) });
    expect(sent.listed.find((item) => item.id === 'a')!.lastMessage!.id).toBe('3');
  });

  it('hides a closed room until it is opened again or a message arrives', () => {
    const state = run({ type: 'roomsListed', items: [listed('a', message('1', 'a')), listed('b', message('2', 'b'))] }, { type: 'close', roomId: 'a' });
    expect(summary(state).map(([id]) => id)).toEqual(['b']);
    // A new list (after a reconnect) does not bring it back.
    expect(summary(chatReducer(state, { type: 'roomsListed', items: [listed('a', message('1', 'a'))] })).map(([id]) => id)).toEqual(['b']);
    const back = chatReducer(state, { type: 'newMessage', event: incoming('a', message('8', 'a', { createdAt: new Date('2026-03-05T11:00:00.000Z') })), selfId: ME, isActiveShown: false });
    expect(summary(back).map(([id]) => id)).toEqual(['a', 'b']);
  });
});
