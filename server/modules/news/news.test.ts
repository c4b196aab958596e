import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { NEWS_MSG, type TAdminNews } from '../../../shared/schemas/news';
import { createTrpcHttpClient, createTrpcWsClient, until, useClosers, useListeningApp } from '../../testing/realtime-clients';
import { useTestApp } from '../../testing/test-app';
import { NEWS_SCHEDULE_JOB, NEWS_TOPIC } from './news.service';

// Issue 28, the news: admins write, schedule, pin and delete them (REST and tRPC); GET /api/news and the ticker show
// only the live ones, pinned first; the connected users hear of every change, and of every start and end reached.
const t = useTestApp();
const live = useListeningApp(t);
const closers = useClosers();
const PASSWORD = 'Segreta123';

const signIn = async (email: string, role: 'admin' | 'corner' | 'broker') => {
  await t.createUser({ email, password: PASSWORD, role, ...(role === 'broker' ? { brokerType: 'RC Auto' as const } : {}) });
  return { email, cookie: await t.login(email, PASSWORD) };
};
type TUser = Awaited<ReturnType<typeof signIn>>;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: TUser, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const liveTexts = async (who: TUser) => ((await call('GET', '/api/news', who)).json() as { text: string }[]).map((item) => item.text);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('news for the admins (REST)', () => {
  it('creates, lists, edits and deletes a news item, and keeps GET /api/news in its shape', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const corner = await signIn('corner@example.it', 'corner');

    const created = await call('POST', '/api/admin/news', admin, { title: '  Novità  ', text: 'Nuove tariffe RC Auto.' });
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({ title: 'Novità', text: 'Nuove tariffe RC Auto.', publishUntil: null, pinned: false, state: 'live' });
    expect(await liveTexts(corner)).toEqual(['Nuove tariffe RC Auto.']);
    expect((await call('GET', '/api/news', corner)).json()).toEqual([{ id: item.id, title: 'Novità', text: 'Nuove tariffe RC Auto.' }]);

    const until = inMs(3_600_000);
    const patched = await call('PATCH', `/api/admin/news/${item.id}`, admin, { text: 'Tariffe aggiornate.', title: '', publishUntil: until, pinned: true });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ id: item.id, title: null, text: 'Tariffe aggiornate.', publishUntil: until, pinned: true, state: 'live' });
    expect((await call('GET', '/api/admin/news', admin)).json()).toMatchObject([{ id: item.id, text: 'Tariffe aggiornate.' }]);

    const deleted = await call('DELETE', `/api/admin/news/${item.id}`, admin);
    expect(deleted.json()).toEqual({ message: NEWS_MSG.deleted });
    expect(await liveTexts(corner)).toEqual([]);
    expect(await t.database.db.selectFrom('news').select('id').execute()).toEqual([]);
    expect((await call('DELETE', `/api/admin/news/${item.id}`, admin)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/admin/news/${item.id}`, admin, { pinned: false })).statusCode).toBe(404);
  });

  it('refuses invalid news with Italian messages by field', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const noText = await call('POST', '/api/admin/news', admin, { title: 'Solo titolo', text: '   ' });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().fields).toEqual({ text: [MSG.required] });

    const from = inMs(3_600_000);
    const backwards = await call('POST', '/api/admin/news', admin, { text: 'Al contrario', publishFrom: from, publishUntil: from });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ message: NEWS_MSG.untilAfterFrom, fields: { publishUntil: [NEWS_MSG.untilAfterFrom] } });

    const tooLong = await call('POST', '/api/admin/news', admin, { title: 'x'.repeat(121), text: 'y'.repeat(1001), publishFrom: 'ieri' });
    expect(tooLong.json().fields).toEqual({ title: ['Massimo 120 caratteri.'], text: ['Massimo 1000 caratteri.'], publishFrom: [NEWS_MSG.dateInvalid] });

    // An update is checked against the stored window: an end before the stored start is refused.
    const item = (await call('POST', '/api/admin/news', admin, { text: 'Domani', publishFrom: inMs(86_400_000) })).json();
    const early = await call('PATCH', `/api/admin/news/${item.id}`, admin, { publishUntil: inMs(60_000) });
    expect(early.statusCode).toBe(400);
    expect(early.json().fields).toEqual({ publishUntil: [NEWS_MSG.untilAfterFrom] });
    expect(await t.database.db.selectFrom('news').select('text').execute()).toEqual([{ text: 'Domani' }]);
  });

  it('refuses corners and brokers (403) on every admin route, and anonymous callers (401)', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const item = (await call('POST', '/api/admin/news', admin, { text: 'Riservata' })).json();
    for (const who of [await signIn('corner@example.it', 'corner'), await signIn('broker@example.it', 'broker')]) {
      expect((await call('GET', '/api/admin/news', who)).statusCode).toBe(403);
      expect((await call('POST', '/api/admin/news', who, { text: 'Mia' })).statusCode).toBe(403);
      expect((await call('PATCH', `/api/admin/news/${item.id}`, who, { pinned: true })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/admin/news/${item.id}`, who)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/news' })).statusCode).toBe(401);
    expect(await t.database.db.selectFrom('news').select(['text', 'pinned']).execute()).toEqual([{ text: 'Riservata', pinned: false }]);
  });
});

describe('the schedule and the order of the live news', () => {
  it('shows pinned news first, then the newest', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const corner = await signIn('corner@example.it', 'corner');
    await call('POST', '/api/admin/news', admin, { text: 'vecchia in evidenza', publishFrom: inMs(-3_600_000), pinned: true });
    await call('POST', '/api/admin/news', admin, { text: 'vecchia', publishFrom: inMs(-7_200_000) });
    const recent = (await call('POST', '/api/admin/news', admin, { text: 'recente' })).json();
    expect(await liveTexts(corner)).toEqual(['vecchia in evidenza', 'recente', 'vecchia']);
    await call('PATCH', `/api/admin/news/${recent.id}`, admin, { pinned: true });
    expect(await liveTexts(corner)).toEqual(['recente', 'vecchia in evidenza', 'vecchia']);
  });

  it('keeps a scheduled item out until its start, and an item past its end out, and announces both when reached', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const corner = await signIn('corner@example.it', 'corner');
    const announced: unknown[] = [];
    closers.push(t.app.bus.subscribe(NEWS_TOPIC, (payload) => announced.push(payload)));

    const soon = (await call('POST', '/api/admin/news', admin, { text: 'in arrivo', publishFrom: inMs(1_000) })).json() as TAdminNews;
    await call('POST', '/api/admin/news', admin, { text: 'in scadenza', publishUntil: inMs(1_000) });
    await call('POST', '/api/admin/news', admin, { text: 'scaduta', publishFrom: inMs(-7_200_000), publishUntil: inMs(-3_600_000) });
    expect(soon.state).toBe('scheduled');
    expect(await liveTexts(corner)).toEqual(['in scadenza']);
    // A job at each start and end to come (besides the every-minute safety net).
    const jobs = await t.database.db.selectFrom('jobs').select('run_at').where('name', '=', NEWS_SCHEDULE_JOB).where('singleton_key', 'is', null).execute();
    expect(jobs).toHaveLength(2);

    announced.length = 0;
    await sleep(1_100);
    expect(await liveTexts(corner)).toEqual(['in arrivo']);
    await t.app.jobs.drain();
    await until(() => announced.length > 0);
    const states = ((await call('GET', '/api/admin/news', admin)).json() as TAdminNews[]).map((item) => [item.text, item.state]);
    expect(states).toEqual([
      ['in arrivo', 'live'],
      ['in scadenza', 'expired'],
      ['scaduta', 'expired'],
    ]);
    // Announced once: a later run finds nothing new.
    announced.length = 0;
    expect(await t.app.services.news.announceReachedBoundaries()).toBe(0);
    expect(announced).toEqual([]);
  });
});

describe('news over tRPC', () => {
  it('lets an admin do the same, refuses a corner with 403, and tells connected users of every change', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const corner = await signIn('corner@example.it', 'corner');
    const adminTrpc = createTrpcHttpClient(live.baseUrl, admin.cookie);
    const cornerTrpc = createTrpcHttpClient(live.baseUrl, corner.cookie);

    const ws = createTrpcWsClient(live.baseUrl, { cookie: corner.cookie });
    closers.push(ws.close);
    const changes: unknown[] = [];
    await new Promise<void>((resolve, reject) => {
      const subscription = ws.client.news.onChange.subscribe(undefined, { onStarted: () => resolve(), onData: (change) => changes.push(change), onError: reject });
      closers.push(() => subscription.unsubscribe());
    });

    const item = await adminTrpc.news.create.mutate({ title: 'Via tRPC', text: 'Scritta con tRPC.', publishFrom: new Date(Date.now() - 1_000) });
    expect(item.publishFrom).toBeInstanceOf(Date);
    await until(() => changes.length === 1);
    expect(await cornerTrpc.news.find.query()).toEqual([{ id: item.id, title: 'Via tRPC', text: 'Scritta con tRPC.' }]);

    await adminTrpc.news.update.mutate({ id: item.id, news: { pinned: true } });
    await until(() => changes.length === 2);
    expect((await adminTrpc.news.list.query()).map((news) => news.pinned)).toEqual([true]);

    await expect(adminTrpc.news.update.mutate({ id: item.id, news: { publishUntil: new Date(Date.now() - 60_000) } })).rejects.toMatchObject({ message: NEWS_MSG.untilAfterFrom });
    await expect(cornerTrpc.news.list.query()).rejects.toMatchObject({ data: { httpStatus: 403 } });
    await expect(cornerTrpc.news.create.mutate({ text: 'No' })).rejects.toMatchObject({ data: { httpStatus: 403 } });
    await expect(cornerTrpc.news.update.mutate({ id: item.id, news: { pinned: false } })).rejects.toMatchObject({ data: { httpStatus: 403 } });
    await expect(cornerTrpc.news.delete.mutate({ id: item.id })).rejects.toMatchObject({ data: { httpStatus: 403 } });

    await adminTrpc.news.delete.mutate({ id: item.id });
    await until(() => changes.length === 3);
    expect(await cornerTrpc.news.find.query()).toEqual([]);
  });
});
