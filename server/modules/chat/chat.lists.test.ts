import { describe, expect, it } from 'vitest';
import { CHAT_MSG } from '../../../shared/chat-messages';
import type { TBrokerType, TRole } from '../../../shared/constants';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';
import { useTestApp } from '../../testing/test-app';

/** The chat's reads: the staff contact (a pure read), the caller's rooms list, the search by broker sector. */
const t = useTestApp();
const PASSWORD = 'Segreta123';

type TPerson = { id: string; cookie: string; email: string };
const signIn = async (email: string, extra: { role?: TRole; brokerType?: TBrokerType; name?: string; surname?: string; type?: 'azienda'; business?: string } = {}): Promise<TPerson> => {
  const { id } = await t.createUser({ email, password: PASSWORD, ...extra });
  return { id, email, cookie: await t.login(email, PASSWORD) };
};
const trpcOf = (person: TPerson) => createTrpcHttpCaller(t, person.email, PASSWORD);
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, payload: object, cookie: string) => t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
const countRooms = async () => (await t.database.db.selectFrom('chat_rooms').select('id').execute()).length;
const ctxOf = (userId: string, role: TRole) => ({
  actor: { userId, role, state: 'active' as const, sessionId: 'test', via: 'cookie' as const, impersonatorId: null },
  ip: '127.0.0.1',
  userAgent: null,
});
const sendAs = (person: TPerson, role: TRole, roomId: string, text: string) => t.app.services.chat.send(ctxOf(person.id, role), { roomId, text });

describe('the staff contact over tRPC: chat.staff reads, chat.openStaff opens', () => {
  it('chat.staff creates no room; chat.openStaff creates it once and it takes messages', async () => {
    const corner = await signIn('corner@example.it');
    const trpc = await trpcOf(corner);
    expect(await trpc.chat.staff.query()).toEqual([{ id: 'staff', name: CHAT_MSG.staffName, roomId: null }]);
    expect(await countRooms()).toBe(0);

    const room = await trpc.chat.openStaff.mutate();
    expect(room).toMatchObject({ name: CHAT_MSG.staffName, type: 'staff' });
    expect((await trpc.chat.openStaff.mutate()).id).toBe(room.id);
    expect(await trpc.chat.staff.query()).toEqual([{ id: 'staff', name: CHAT_MSG.staffName, roomId: room.id }]);
    const sent = await trpc.chat.send.mutate({ roomId: room.id, text: 'Primo messaggio' });
    expect((await trpc.chat.room.query({ roomId: room.id })).messages.map((message) => message.id)).toEqual([sent.id]);
    expect(await countRooms()).toBe(1);
  });

  it('refuses brokers and admins, creating nothing', async () => {
    const broker = await signIn('broker@example.it', { role: 'broker', brokerType: 'gpl' });
    const admin = await signIn('admin@example.it', { role: 'admin' });
    await expect((await trpcOf(broker)).chat.openStaff.mutate()).rejects.toMatchObject({ message: CHAT_MSG.noStaffChat });
    await expect((await trpcOf(admin)).chat.openStaff.mutate()).rejects.toMatchObject({ message: CHAT_MSG.cannotOpenRoom });
    expect((await post('/api/chat/staff/open', {}, admin.cookie)).statusCode).toBe(403);
    expect(await countRooms()).toBe(0);
  });
});

/** A corner with a staff room (the staff replied) and a broker room (the corner wrote last), plus an empty room of another corner. */
const seedConversations = async () => {
  const corner = await signIn('corner@example.it', { name: 'Mario', surname: 'Rossi' });
  const admin = await signIn('admin@example.it', { role: 'admin', name: 'Giulia', surname: 'Bianchi' });
  const broker = await signIn('broker@example.it', { role: 'broker', brokerType: 'luce e gas', type: 'azienda', business: 'Energia Srl' });
  const other = await signIn('altro@example.it', { name: 'Luca', surname: 'Verdi' });
  const staffRoom = (await post('/api/chat/staff/open', {}, corner.cookie)).json().id as string;
  const brokerRoom = (await post('/api/chat/open', { userId: broker.id }, corner.cookie)).json().id as string;
  const otherRoom = (await post('/api/chat/staff/open', {}, other.cookie)).json().id as string;
  await sendAs(corner, 'corner', staffRoom, 'Ho bisogno di aiuto');
  const staffReply = await sendAs(admin, 'admin', staffRoom, 'Eccoci, dimmi pure');
  await sendAs(broker, 'broker', brokerRoom, 'Offerta luce pronta');
  const brokerLast = await sendAs(corner, 'corner', brokerRoom, 'Grazie, la guardo');
  return { corner, admin, broker, other, staffRoom, brokerRoom, otherRoom, staffReply, brokerLast };
};

describe('GET /api/chat/rooms and chat.rooms: the caller’s rooms with their newest message, newest first', () => {
  it('lists a corner’s rooms after a new login, with last message (text, time, sender) and what awaits its acknowledgement', async () => {
    const { corner, staffRoom, brokerRoom, staffReply, brokerLast } = await seedConversations();
    const fresh = { ...corner, cookie: await t.login(corner.email, PASSWORD) };

    const response = await get('/api/chat/rooms', fresh.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const rooms = response.json();
    expect(rooms).toEqual([
      {
        id: brokerRoom,
        name: `Energia Srl ${CHAT_MSG.brokerSuffix}`,
        type: 'broker',
        partecipants: expect.any(Array),
        lastMessage: { id: brokerLast.id, text: 'Grazie, la guardo', createdAt: brokerLast.createdAt.toISOString(), sender: { id: corner.id, name: 'Mario Rossi' }, upload: [] },
        toAck: 1,
      },
      {
        id: staffRoom,
        name: CHAT_MSG.staffName,
        type: 'staff',
        partecipants: expect.any(Array),
        lastMessage: { id: staffReply.id, text: 'Eccoci, dimmi pure', createdAt: staffReply.createdAt.toISOString(), sender: { id: staffReply.sender.id, name: CHAT_MSG.staffName }, upload: [] },
        toAck: 1,
      },
    ]);

    const overTrpc = await (await trpcOf(corner)).chat.rooms.query();
    expect(overTrpc.map((room) => [room.id, room.lastMessage?.text, room.toAck])).toEqual([
      [brokerRoom, 'Grazie, la guardo', 1],
      [staffRoom, 'Eccoci, dimmi pure', 1],
    ]);
    expect(overTrpc[0]!.lastMessage!.createdAt).toBeInstanceOf(Date);

    // Acknowledging lowers the count; a new message moves its room first.
    await t.app.services.chat.ack(ctxOf(corner.id, 'corner'), staffReply.id);
    await sendAs(corner, 'corner', staffRoom, 'Ancora una domanda');
    const after = (await get('/api/chat/rooms', fresh.cookie)).json();
    expect(after.map((room: { id: string; toAck: number; lastMessage: { text: string } }) => [room.id, room.toAck, room.lastMessage.text])).toEqual([
      [staffRoom, 0, 'Ancora una domanda'],
      [brokerRoom, 1, 'Grazie, la guardo'],
    ]);
  });

  it('lists every staff room with a message for admins, the sector’s rooms for brokers, and nothing of others’ rooms', async () => {
    const { admin, broker, other, staffRoom, brokerRoom, otherRoom } = await seedConversations();
    const second = await signIn('admin2@example.it', { role: 'admin' });
    const gpl = await signIn('gpl@example.it', { role: 'broker', brokerType: 'gpl' });

    // The staff room of `other` was opened, never written in: it is listed only for its owner, last.
    const forAdmin = (await get('/api/chat/rooms', second.cookie)).json();
    expect(forAdmin.map((room: { id: string; name: string; toAck: number }) => [room.id, room.name, room.toAck])).toEqual([[staffRoom, 'Mario Rossi', 1]]);
    expect((await (await trpcOf(admin)).chat.rooms.query()).map((room) => room.id)).toEqual([staffRoom]);

    const forBroker = (await get('/api/chat/rooms', broker.cookie)).json();
    expect(forBroker.map((room: { id: string; name: string; toAck: number }) => [room.id, room.name, room.toAck])).toEqual([[brokerRoom, 'Mario Rossi', 1]]);
    expect((await get('/api/chat/rooms', gpl.cookie)).json()).toEqual([]);
    expect(await (await trpcOf(gpl)).chat.rooms.query()).toEqual([]);

    expect((await get('/api/chat/rooms', other.cookie)).json()).toEqual([
      { id: otherRoom, name: CHAT_MSG.staffName, type: 'staff', partecipants: [{ id: other.id, name: 'Luca Verdi' }], lastMessage: null, toAck: 0 },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/chat/rooms' })).statusCode).toBe(401);
  });
});

describe('the search by broker sector: GET /api/chat?name= and chat.search', () => {
  const seedBrokers = async () => {
    const corner = await signIn('corner@example.it');
    const brokers: Partial<Record<TBrokerType, string>> = {};
    for (const [index, sector] of (['RC Auto', 'altri rami', 'fideiussioni', 'gpl', 'luce e gas'] as const).entries()) {
      brokers[sector] = (await signIn(`broker${index}@example.it`, { role: 'broker', brokerType: sector, type: 'azienda', business: `Intermediario ${index}` })).id;
    }
    return { corner, brokers };
  };

  it('finds a sector’s brokers by the sector’s name and says each contact’s sector', async () => {
    const { corner, brokers } = await seedBrokers();
    const search = async (name: string) => (await get(`/api/chat?name=${encodeURIComponent(name)}`, corner.cookie)).json().contacts as { userId: string; sector: string }[];
    expect(await search('gas')).toEqual([{ userId: brokers['luce e gas'], name: 'Intermediario 4', type: 'broker', roomId: null, sector: 'luce e gas' }]);
    expect((await search('Luce e Gas')).map((contact) => contact.userId)).toEqual([brokers['luce e gas']]);
    expect((await search('rc auto')).map((contact) => [contact.userId, contact.sector])).toEqual([[brokers['RC Auto'], 'RC Auto']]);
    expect((await search('fideiussioni')).map((contact) => contact.sector)).toEqual(['fideiussioni']);
    expect((await search('GPL')).map((contact) => contact.sector)).toEqual(['gpl']);
    // A name still finds by name, with the sector said.
    expect((await search('Intermediario 1')).map((contact) => contact.sector)).toEqual(['altri rami']);

    const trpc = await trpcOf(corner);
    expect((await trpc.chat.search.query({ name: 'gas' })).contacts).toEqual([{ userId: brokers['luce e gas'], name: 'Intermediario 4', type: 'broker', roomId: null, sector: 'luce e gas' }]);
    // Once a room with that broker exists, the sector's name finds it too.
    const roomId = (await post('/api/chat/open', { userId: brokers.gpl! }, corner.cookie)).json().id;
    expect((await trpc.chat.search.query({ name: 'gpl' })).rooms.map((room) => room.id)).toEqual([roomId]);
  });

  it('gives a broker’s contacts (corners) no sector, and does not let a sector’s name list other roles', async () => {
    const { corner } = await seedBrokers();
    const broker = await signIn('broker-rc@example.it', { role: 'broker', brokerType: 'RC Auto' });
    const contacts = (await get(`/api/chat?name=${encodeURIComponent('Mario')}`, broker.cookie)).json().contacts;
    expect(contacts).toEqual([{ userId: corner.id, name: 'Mario Rossi', type: 'broker', roomId: null, sector: null }]);
    expect((await get('/api/chat?name=gas', broker.cookie)).json().contacts).toEqual([]);
  });
});
