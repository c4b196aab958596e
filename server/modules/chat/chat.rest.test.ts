import { describe, expect, it } from 'vitest';
import { CHAT_MSG } from '../../../shared/chat-messages';
import { CHAT_PAGE_SIZE } from '../../../shared/schemas/chat';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();
const PASSWORD = 'Segreta123';

const signIn = async (email: string, extra: Parameters<typeof t.createUser>[0] extends infer T ? Partial<T> : never = {}) => {
  const { id } = await t.createUser({ email, password: PASSWORD, ...extra });
  return { id, cookie: await t.login(email, PASSWORD) };
};
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: unknown, cookie: string) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
const asCtx = (userId: string, role: 'admin' | 'corner' | 'broker') => ({
  actor: { userId, role, state: 'active' as const, sessionId: 'test', via: 'cookie' as const, impersonatorId: null },
  ip: '127.0.0.1',
  userAgent: null,
});

describe('GET /api/chat/staff', () => {
  it('gives a corner the staff contact; reading it creates no room, POST /api/chat/staff/open creates it once', async () => {
    const corner = await signIn('corner@example.it');
    expect((await get('/api/chat/staff', corner.cookie)).json()).toEqual([{ id: 'staff', name: CHAT_MSG.staffName, roomId: null }]);
    expect((await get('/api/chat/staff', corner.cookie)).statusCode).toBe(200);
    expect(await t.database.db.selectFrom('chat_rooms').selectAll().execute()).toEqual([]);
    expect(await t.database.db.selectFrom('chat_participants').selectAll().execute()).toEqual([]);

    const opened = await post('/api/chat/staff/open', {}, corner.cookie);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ id: expect.any(String), name: CHAT_MSG.staffName, type: 'staff', partecipants: [{ id: corner.id, name: expect.any(String) }] });
    expect((await post('/api/chat/staff/open', {}, corner.cookie)).json().id).toBe(opened.json().id);
    expect((await get('/api/chat/staff', corner.cookie)).json()[0].roomId).toBe(opened.json().id);
    expect(await t.database.db.selectFrom('chat_rooms').selectAll().execute()).toHaveLength(1);

    // The opened room takes messages.
    const sent = await t.app.services.chat.send(asCtx(corner.id, 'corner'), { roomId: opened.json().id, text: 'Buongiorno' });
    expect((await get(`/api/chat/${opened.json().id}`, corner.cookie)).json().messages.map((m: { id: string }) => m.id)).toEqual([sent.id]);
  });

  it('refuses brokers (no staff chat) and anonymous callers', async () => {
    const broker = await signIn('broker@example.it', { role: 'broker' });
    expect((await get('/api/chat/staff', broker.cookie)).json().message).toBe(CHAT_MSG.noStaffChat);
    expect((await get('/api/chat/staff')).statusCode).toBe(401);
    const refused = await post('/api/chat/staff/open', {}, broker.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CHAT_MSG.noStaffChat);
    expect((await t.app.inject({ method: 'POST', url: '/api/chat/staff/open' })).statusCode).toBe(401);
    expect(await t.database.db.selectFrom('chat_rooms').selectAll().execute()).toEqual([]);
  });

  it('lists the staff members for admins, without a room', async () => {
    const admin = await signIn('admin@example.it', { role: 'admin', name: 'Giulia', surname: 'Bianchi' });
    expect((await get('/api/chat/staff', admin.cookie)).json()).toEqual([{ id: admin.id, name: 'Giulia Bianchi', roomId: null }]);
  });
});

describe('GET /api/chat/{roomId}', () => {
  it('answers the latest 50 messages oldest first, and older ones with ?before=', async () => {
    const corner = await signIn('corner@example.it');
    const roomId = (await post('/api/chat/staff/open', {}, corner.cookie)).json().id;
    for (let i = 1; i <= CHAT_PAGE_SIZE + 5; i++) await t.app.services.chat.send(asCtx(corner.id, 'corner'), { roomId, text: `messaggio ${i}` });

    const latest = (await get(`/api/chat/${roomId}`, corner.cookie)).json();
    expect(latest).toMatchObject({ id: roomId, name: 'Staff', type: 'staff', hasMore: true });
    expect(latest.messages).toHaveLength(CHAT_PAGE_SIZE);
    expect(latest.messages[0].text).toBe('messaggio 6');
    expect(latest.messages.at(-1).text).toBe(`messaggio ${CHAT_PAGE_SIZE + 5}`);

    const older = (await get(`/api/chat/${roomId}?before=${latest.messages[0].id}`, corner.cookie)).json();
    expect(older.messages.map((m: { text: string }) => m.text)).toEqual(['messaggio 1', 'messaggio 2', 'messaggio 3', 'messaggio 4', 'messaggio 5']);
    expect(older.hasMore).toBe(false);
  });

  it('hides other corners’ rooms (404, not 403) and refuses malformed ids', async () => {
    const corner = await signIn('corner@example.it');
    const other = await signIn('altro@example.it');
    const roomId = (await post('/api/chat/staff/open', {}, other.cookie)).json().id;
    const response = await get(`/api/chat/${roomId}`, corner.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(CHAT_MSG.roomNotFound);
    expect((await get('/api/chat/..%2f..%2fetc', corner.cookie)).statusCode).toBe(400);
    expect((await get(`/api/chat/${roomId}?before=abc`, other.cookie)).statusCode).toBe(400);
  });

  it('lets every admin read every staff room', async () => {
    const corner = await signIn('corner@example.it');
    const admin = await signIn('admin@example.it', { role: 'admin' });
    const roomId = (await post('/api/chat/staff/open', {}, corner.cookie)).json().id;
    expect((await get(`/api/chat/${roomId}`, admin.cookie)).statusCode).toBe(200);
  });
});

describe('GET /api/chat?name= and POST /api/chat/open', () => {
  it('finds the caller’s rooms and the brokers it may write to; empty text finds nothing', async () => {
    const corner = await signIn('corner@example.it', { name: 'Mario', surname: 'Rossi' });
    const broker = await signIn('broker@example.it', { role: 'broker', type: 'azienda', business: 'Assicura Srl' });
    await signIn('altro@example.it', { name: 'Assicura', surname: 'Nonbroker' });

    const found = (await get(`/api/chat?name=${encodeURIComponent('assicura')}`, corner.cookie)).json();
    expect(found.rooms).toEqual([]);
    expect(found.contacts).toEqual([{ userId: broker.id, name: 'Assicura Srl', type: 'broker', roomId: null, sector: 'RC Auto' }]);
    expect((await get('/api/chat?name=%20%20', corner.cookie)).json()).toEqual({ rooms: [], contacts: [] });

    const opened = (await post('/api/chat/open', { userId: broker.id }, corner.cookie)).json();
    expect(opened.name).toBe('Assicura Srl - Broker');
    const afterOpen = (await get('/api/chat?name=assicura', corner.cookie)).json();
    expect(afterOpen.rooms.map((room: { id: string }) => room.id)).toEqual([opened.id]);
    // Opening again gives the same room.
    expect((await post('/api/chat/open', { userId: broker.id }, corner.cookie)).json().id).toBe(opened.id);
  });

  it('treats % and _ literally', async () => {
    const corner = await signIn('corner@example.it');
    await signIn('broker@example.it', { role: 'broker', type: 'azienda', business: 'Broker Uno' });
    expect((await get('/api/chat?name=%25', corner.cookie)).json().contacts).toEqual([]);
    expect((await get('/api/chat?name=_', corner.cookie)).json().contacts).toEqual([]);
  });

  it('refuses rooms the rules do not allow: corner with corner, broker with admin', async () => {
    const corner = await signIn('corner@example.it');
    const other = await signIn('altro@example.it');
    const broker = await signIn('broker@example.it', { role: 'broker' });
    const admin = await signIn('admin@example.it', { role: 'admin' });
    const response = await post('/api/chat/open', { userId: other.id }, corner.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(CHAT_MSG.cannotOpenRoom);
    expect((await post('/api/chat/open', { userId: admin.id }, broker.cookie)).statusCode).toBe(403);
    expect((await post('/api/chat/open', { userId: 'non-un-id' }, corner.cookie)).statusCode).toBe(400);
    expect(await t.database.db.selectFrom('chat_rooms').selectAll().execute()).toEqual([]);
  });

  it('a broker of another sector cannot read a corner’s broker room', async () => {
    const corner = await signIn('corner@example.it');
    const broker = await signIn('broker@example.it', { role: 'broker', brokerType: 'RC Auto' });
    const other = await signIn('fideiussioni@example.it', { role: 'broker', brokerType: 'fideiussioni' });
    const roomId = (await post('/api/chat/open', { userId: broker.id }, corner.cookie)).json().id;
    expect((await get(`/api/chat/${roomId}`, broker.cookie)).statusCode).toBe(200);
    expect((await get(`/api/chat/${roomId}`, other.cookie)).statusCode).toBe(404);
  });
});
