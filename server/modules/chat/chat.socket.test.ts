import { describe, expect, it } from 'vitest';
import { CHAT_MSG } from '../../../shared/chat-messages';
import type { TJson } from '../../../shared/realtime';
import type { TChatMessage, TNewMessageEvent } from '../../../shared/schemas/chat';
import { connectSocket, useListeningApp, type TTestSocket } from '../../testing/realtime-clients';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();
const live = useListeningApp(t);

const PASSWORD = 'Segreta123';
type TWireEvent = TJson<TNewMessageEvent>;
type TWireMessage = TJson<TChatMessage>;

const signIn = async (email: string, extra: { role?: 'admin' | 'corner' | 'broker'; name?: string; surname?: string; brokerType?: 'RC Auto' | 'gpl' } = {}) => {
  const { id } = await t.createUser({ email, password: PASSWORD, role: extra.role ?? 'corner', name: extra.name, surname: extra.surname, brokerType: extra.brokerType });
  const cookie = await t.login(email, PASSWORD);
  const socket = live.track(await connectSocket(live.baseUrl, { cookie }));
  await socket.waitFor('online');
  return { id, cookie, socket };
};

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

const staffRoomOf = async (cookie: string) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/chat/staff/open', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as string;
};

const send = (socket: TTestSocket, payload: { roomId: string; text: string; clientId?: string }) =>
  new Promise<TWireMessage | false>((resolve) => socket.socket.emit('message', payload, resolve));

const ackMsg = (socket: TTestSocket, messageId: string) =>
  new Promise<{ ok: boolean; data?: { acked: boolean } }>((resolve) => socket.socket.emit('ackMsg', messageId, resolve as never));

describe('chat over socket.io', () => {
  it('stores, acknowledges to the sender, then delivers newMessage to the staff, named as each side sees it', async () => {
    const corner = await signIn('corner@example.it', { name: 'Mario', surname: 'Rossi' });
    const admin = await signIn('admin@example.it', { role: 'admin', name: 'Giulia', surname: 'Bianchi' });
    const roomId = await staffRoomOf(corner.cookie);

    const answer = await send(corner.socket, { roomId, text: '  Ecco la patente  ', clientId: 'c-000000001' });
    expect(answer).toMatchObject({ roomId, text: 'Ecco la patente', sender: { id: corner.id, name: 'Mario Rossi' }, ack: false, upload: [], clientId: 'c-000000001' });
    const stored = await t.database.db.selectFrom('chat_messages').selectAll().execute();
    expect(stored).toHaveLength(1);

    const delivered = await admin.socket.waitFor<TWireEvent>('newMessage');
    expect(delivered).toMatchObject({ id: roomId, name: 'Mario Rossi', type: 'staff', message: { id: (answer as TWireMessage).id, text: 'Ecco la patente', ack: false, clientId: null } });
    expect(delivered.partecipants).toEqual([{ id: corner.id, name: 'Mario Rossi' }]);

    // The reply: the corner sees the room as 'Staff' and the admin as 'Staff'.
    const otherAdmin = await signIn('admin2@example.it', { role: 'admin' });
    const sameAdminOtherTab = live.track(await connectSocket(live.baseUrl, { cookie: admin.cookie }));
    await sameAdminOtherTab.waitFor('online');
    const reply = await send(admin.socket, { roomId, text: 'Ricevuta, grazie' });
    expect(reply).not.toBe(false);
    // Every admin hears it (the sender's other tabs too), and none has to acknowledge a staff message.
    const echo = await otherAdmin.socket.waitFor<TWireEvent>('newMessage', (event) => event.message.text === 'Ricevuta, grazie');
    expect(echo.message.ack).toBe(true);
    const otherTab = await sameAdminOtherTab.waitFor<TWireEvent>('newMessage', (event) => event.message.text === 'Ricevuta, grazie');
    expect(otherTab.message.id).toBe((reply as TWireMessage).id);
    const toCorner = await corner.socket.waitFor<TWireEvent>('newMessage', (event) => event.message.text === 'Ricevuta, grazie');
    expect(toCorner.name).toBe(CHAT_MSG.staffName);
    expect(toCorner.message.sender).toEqual({ id: admin.id, name: CHAT_MSG.staffName });
    expect(toCorner.partecipants.map((p) => p.name).sort()).toEqual(['Mario Rossi', 'Staff']);
    // The connection that sent a message has it as its answer, and not once more as newMessage.
    const ownCopies = (socket: TTestSocket, text: string) => socket.events.filter((entry) => entry.event === 'newMessage' && (entry.args[0] as TWireEvent).message.text === text);
    expect(ownCopies(admin.socket, 'Ricevuta, grazie')).toEqual([]);
    expect(ownCopies(corner.socket, 'Ecco la patente')).toEqual([]);
  });

  it('a retry with the same clientId stores the message once and answers the same message', async () => {
    const corner = await signIn('corner@example.it');
    const roomId = await staffRoomOf(corner.cookie);
    const first = (await send(corner.socket, { roomId, text: 'una volta', clientId: 'retry-0001' })) as TWireMessage;
    const again = (await send(corner.socket, { roomId, text: 'una volta', clientId: 'retry-0001' })) as TWireMessage;
    expect(again.id).toBe(first.id);
    const [count] = await t.database.db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<string>().as('n')).execute();
    expect(Number(count!.n)).toBe(1);
    // The same clientId for another text is refused, not silently merged.
    expect(await send(corner.socket, { roomId, text: 'altro testo', clientId: 'retry-0001' })).toBe(false);
  });

  it('answers false for an empty text, an unknown room, another corner’s room, and stores nothing', async () => {
    const corner = await signIn('corner@example.it');
    const other = await signIn('altro@example.it');
    const roomId = await staffRoomOf(corner.cookie);
    const otherRoom = await staffRoomOf(other.cookie);
    expect(await send(corner.socket, { roomId, text: '   ' })).toBe(false);
    expect(await send(corner.socket, { roomId: '00000000-0000-4000-8000-000000000000', text: 'ciao' })).toBe(false);
    expect(await send(corner.socket, { roomId: otherRoom, text: 'intrusione' })).toBe(false);
    expect(await send(corner.socket, 'non un oggetto' as never)).toBe(false);
    expect(await t.database.db.selectFrom('chat_messages').selectAll().execute()).toEqual([]);
  });

  it('ackMsg records the acknowledgement: the message leaves the pending list, and the sender sees it acknowledged', async () => {
    const corner = await signIn('corner@example.it');
    const admin = await signIn('admin@example.it', { role: 'admin' });
    const roomId = await staffRoomOf(corner.cookie);
    const message = (await send(admin.socket, { roomId, text: 'Serve il libretto' })) as TWireMessage;

    const pending = (await get('/api/chat/ack', corner.cookie)).json();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ id: message.id, text: 'Serve il libretto', room: { id: roomId, name: 'Staff' }, sender: { name: 'Staff' }, upload: [] });

    // Someone else cannot acknowledge it for the corner.
    const other = await signIn('altro@example.it');
    expect((await ackMsg(other.socket, message.id)).data).toEqual({ acked: false });

    expect(await ackMsg(corner.socket, message.id)).toEqual({ ok: true, data: { acked: true } });
    expect(await admin.socket.waitFor('msgAcked')).toEqual({ messageId: message.id, roomId });
    expect((await get('/api/chat/ack', corner.cookie)).json()).toEqual([]);
    const asAdmin = (await get(`/api/chat/${roomId}`, admin.cookie)).json();
    expect(asAdmin.messages.find((m: { id: string }) => m.id === message.id).ack).toBe(true);
    // Acknowledging twice changes nothing.
    expect((await ackMsg(corner.socket, message.id)).data).toEqual({ acked: false });
  });

  it('a message stays pending until acknowledged, across reconnects', async () => {
    const corner = await signIn('corner@example.it');
    const admin = await signIn('admin@example.it', { role: 'admin' });
    const roomId = await staffRoomOf(corner.cookie);
    corner.socket.close();
    await send(admin.socket, { roomId, text: 'mentre eri via' });
    const back = live.track(await connectSocket(live.baseUrl, { cookie: corner.cookie }));
    await back.waitFor('online');
    const pending = (await get('/api/chat/ack', corner.cookie)).json();
    expect(pending.map((item: { text: string }) => item.text)).toEqual(['mentre eri via']);
  });

  it('corner and broker: the room is named "<broker> - Broker" for the corner; every broker of the sector sees it, others do not', async () => {
    const corner = await signIn('corner@example.it', { name: 'Mario', surname: 'Rossi' });
    const broker = await signIn('broker@example.it', { role: 'broker', brokerType: 'RC Auto', name: 'Luca', surname: 'Verdi' });
    const colleague = await signIn('collega@example.it', { role: 'broker', brokerType: 'RC Auto' });
    const gplBroker = await signIn('gpl@example.it', { role: 'broker', brokerType: 'gpl' });

    const opened = await t.app.inject({ method: 'POST', url: '/api/chat/open', payload: { userId: broker.id }, headers: { cookie: corner.cookie } });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ name: 'Luca Verdi - Broker', type: 'broker' });
    const roomId = opened.json().id as string;

    await send(corner.socket, { roomId, text: 'Quotazione pronta?' });
    const toBroker = await broker.socket.waitFor<TWireEvent>('newMessage');
    expect(toBroker.name).toBe('Mario Rossi');
    await colleague.socket.waitFor<TWireEvent>('newMessage');
    expect((await get(`/api/chat/${roomId}`, colleague.cookie)).statusCode).toBe(200);
    expect((await get(`/api/chat/${roomId}`, gplBroker.cookie)).statusCode).toBe(404);
    expect(gplBroker.socket.events.some((event) => event.event === 'newMessage')).toBe(false);

    // The colleague answers; the pending item is closed for the whole sector once one broker acknowledges.
    const pending = (await get('/api/chat/ack', colleague.cookie)).json();
    expect(pending).toHaveLength(1);
    expect((await ackMsg(broker.socket, pending[0].id)).data).toEqual({ acked: true });
    expect((await get('/api/chat/ack', colleague.cookie)).json()).toEqual([]);
  });
});
