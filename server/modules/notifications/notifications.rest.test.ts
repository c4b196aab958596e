import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { useTestApp } from '../../testing/test-app';
import { registrationFixture } from '../../testing/fixtures';

const t = useTestApp();

const PASSWORD = 'Segreta123';
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

const signIn = async (email: string, role: 'admin' | 'corner' | 'broker' = 'corner') => {
  const { id } = await t.createUser({ email, password: PASSWORD, role });
  return { id, cookie: await t.login(email, PASSWORD) };
};

const notifyTitles = async (userId: string, titles: string[]) => {
  const ids: string[] = [];
  for (const title of titles) {
    const [sent] = await t.app.services.notifications.notify('other', [userId], { title, text: `Testo di ${title}` });
    ids.push(sent!.notification.id);
  }
  return ids;
};

describe('GET /api/notification', () => {
  it('answers 401 without a session', async () => {
    const response = await get('/api/notification');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(MSG.unauthenticated);
  });

  it('lists the caller’s notifications newest first, paged, with the total and the unread count', async () => {
    const corner = await signIn('corner@example.it');
    const other = await signIn('altro@example.it');
    await notifyTitles(corner.id, ['uno', 'due', 'tre']);
    await notifyTitles(other.id, ['di un altro']);

    const first = await get('/api/notification?page=1&limit=2', corner.cookie);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ total: 3, unread: 3 });
    expect(body.list.map((item: { data: { title: string } }) => item.data.title)).toEqual(['tre', 'due']);
    expect(body.list[0]).toEqual({ id: expect.stringMatching(/^\d+$/), createdAt: expect.any(String), readAt: null, data: { title: 'tre', text: 'Testo di tre' } });
    expect(new Date(body.list[0].createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const second = (await get('/api/notification?page=2&limit=2', corner.cookie)).json();
    expect(second.list.map((item: { data: { title: string } }) => item.data.title)).toEqual(['uno']);
  });

  it('keeps a text given as a list of paragraphs, a link and its text', async () => {
    const corner = await signIn('corner@example.it');
    const data = { title: 'Pagamento', text: ['Prima riga', 'Seconda riga'], link: '/pagamenti', textLink: 'Vai ai pagamenti' };
    await t.app.services.notifications.notify('other', [corner.id], data);
    expect((await get('/api/notification', corner.cookie)).json().list[0].data).toEqual(data);
  });

  it('refuses an invalid page size with a field message', async () => {
    const corner = await signIn('corner@example.it');
    const response = await get('/api/notification?limit=1000', corner.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.limit).toBeDefined();
  });
});

describe('POST /api/notification/read and /read-all', () => {
  it('marks read only the caller’s own notifications', async () => {
    const corner = await signIn('corner@example.it');
    const other = await signIn('altro@example.it');
    const [first, second] = await notifyTitles(corner.id, ['uno', 'due']);
    const [foreign] = await notifyTitles(other.id, ['di un altro']);

    const response = await post('/api/notification/read', { ids: [first, foreign] }, corner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unread: 1 });

    const rows = await t.database.db.selectFrom('notifications').select(['id', 'read_at']).execute();
    const readIds = rows.filter((row) => row.read_at !== null).map((row) => String(row.id));
    expect(readIds).toEqual([first]);
    const list = (await get('/api/notification', corner.cookie)).json();
    expect(list.unread).toBe(1);
    expect(list.list.find((item: { id: string }) => item.id === second).readAt).toBeNull();
  });

  it('refuses ids that are not notification ids', async () => {
    const corner = await signIn('corner@example.it');
    const response = await post('/api/notification/read', { ids: ['nope'] }, corner.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MSG.notificationIdInvalid);
    expect((await post('/api/notification/read', { ids: [] }, corner.cookie)).statusCode).toBe(400);
  });

  it('read-all marks every notification of the caller, and no one else’s', async () => {
    const corner = await signIn('corner@example.it');
    const other = await signIn('altro@example.it');
    await notifyTitles(corner.id, ['uno', 'due']);
    await notifyTitles(other.id, ['di un altro']);
    const response = await post('/api/notification/read-all', {}, corner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unread: 0 });
    expect((await get('/api/notification', corner.cookie)).json()).toMatchObject({ total: 2, unread: 0 });
    expect((await get('/api/notification', other.cookie)).json()).toMatchObject({ total: 1, unread: 1 });
  });

  it('needs a session', async () => {
    expect((await post('/api/notification/read-all', {})).statusCode).toBe(401);
    expect((await post('/api/notification/read', { ids: ['1'] })).statusCode).toBe(401);
  });
});

describe('notify', () => {
  it('reaches every active user of a role and no one else', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    await t.createUser({ email: 'admin2@example.it', password: PASSWORD, role: 'admin', state: 'inactive' });
    const corner = await signIn('corner@example.it');
    const sent = await t.app.services.notifications.notify('other', { role: 'admin' }, { title: 'Solo admin', text: 'x' });
    expect(sent.map((item) => item.userId)).toEqual([admin.id]);
    expect((await get('/api/notification', admin.cookie)).json().total).toBe(1);
    expect((await get('/api/notification', corner.cookie)).json().total).toBe(0);
  });

  it('tells the admins, in Italian, when a corner registers, with a link to the user filtered by e-mail', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const response = await post('/api/auth/register', registrationFixture(PASSWORD));
    expect(response.statusCode).toBe(201);
    const { list } = (await get('/api/notification', admin.cookie)).json();
    expect(list).toHaveLength(1);
    expect(list[0].data).toEqual({
      title: MSG.newUserTitle,
      text: [`${MSG.newUserIntro} Giulia Bianchi (giulia@example.it).`, MSG.newUserText],
      link: '/admin/gestione-utenti?q=giulia%40example.it',
      textLink: MSG.newUserLinkText,
    });
    const row = await t.database.db.selectFrom('notifications').select('kind').executeTakeFirstOrThrow();
    expect(row.kind).toBe('new_user');
  });
});
