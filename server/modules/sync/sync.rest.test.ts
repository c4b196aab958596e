import { describe, expect, it } from 'vitest';
import { BROKER_SETTING_KEYS, ADMIN_SETTING_KEYS } from '../../../shared/constants';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();

const PASSWORD = 'Segreta123';
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const seedCorner = async () => {
  const corner = await t.createUser({ email: 'corner@example.it', password: PASSWORD });
  const other = await t.createUser({ email: 'altro@example.it', password: PASSWORD });
  const db = t.database.db;
  await db
    .insertInto('clients')
    .values([
      { corner_id: corner.id, type: 'persona', name: 'Luca', surname: 'Bianchi', email: 'luca@example.it', cf: 'BNCLCU80A01H501X' },
      { corner_id: corner.id, type: 'azienda', business: 'Alfa Srl', vat: '01234560017', email: 'info@alfa.it' },
      { corner_id: corner.id, type: 'persona', name: 'Anna', surname: 'Verdi', phone: '3471112222' },
      { corner_id: other.id, type: 'persona', name: 'Segreto', surname: 'Altrui' },
    ])
    .execute();
  await db
    .insertInto('payments')
    .values([
      { corner_id: corner.id, description: 'Polizza RCA AB123CD', amount_cents: 45000, status: 'notPaied' },
      { corner_id: corner.id, description: 'Polizza casa', amount_cents: 12000, status: 'pending' },
      { corner_id: corner.id, description: 'Polizza infortuni', amount_cents: 8000, status: 'paied', paid_at: new Date() },
      { corner_id: other.id, description: 'Altrui', amount_cents: 999, status: 'notPaied' },
    ])
    .execute();
  await db.insertInto('giftcards').values({ corner_id: corner.id, name: 'Amazon', amount_cents: 5000, code: 'AMZ-1' }).execute();
  return { corner, other, cookie: await t.login('corner@example.it', PASSWORD) };
};

describe('GET /api/sync-login', () => {
  it('gives a corner its profile, settings, payments and own clients, without admin settings', async () => {
    const { corner, cookie } = await seedCorner();
    const response = await get('/api/sync-login', cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.profile.user.id).toBe(corner.id);
    expect(body.profile.broker).toBeNull();
    expect(Object.keys(body.settings).sort()).toEqual([...BROKER_SETTING_KEYS].sort());
    expect(body.settings.rcaPrecontrattuale).toBe(true);
    expect(body.payments.list.notPaied.map((p: { amount: number }) => p.amount)).toEqual([45000]);
    expect(body.payments.list.pending).toHaveLength(1);
    expect(body.payments.list.paied).toHaveLength(1);
    expect(body.payments.details).toMatchObject({ totalNotPaied: 45000, totalPending: 12000, totalPaied: 8000 });
    expect(body.clients.map((c: { cornerId: string }) => c.cornerId)).toEqual([corner.id, corner.id, corner.id]);
    expect(body).not.toHaveProperty('adminSettings');
  });

  it('gives a broker no settings block and no payments', async () => {
    await t.createUser({ email: 'broker@example.it', password: PASSWORD, role: 'broker', brokerType: 'RC Auto' });
    const cookie = await t.login('broker@example.it', PASSWORD);
    const body = (await get('/api/sync-login', cookie)).json();
    expect(body.profile.broker).toMatchObject({ type: 'RC Auto' });
    expect(body).not.toHaveProperty('settings');
    expect(body).not.toHaveProperty('payments');
    expect(body).not.toHaveProperty('adminSettings');
    expect(body.clients).toEqual([]);
    expect((await get('/api/settings', cookie)).statusCode).toBe(403);
  });

  it('gives an admin the admin settings and every client', async () => {
    await seedCorner();
    await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
    const cookie = await t.login('admin@example.it', PASSWORD);
    const body = (await get('/api/sync-login', cookie)).json();
    expect(Object.keys(body.adminSettings).sort()).toEqual([...ADMIN_SETTING_KEYS].sort());
    expect(body.settings).toBeDefined();
    expect(body.clients).toHaveLength(4);
  });

  it('requires a session', async () => {
    expect((await get('/api/sync-login')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/settings', () => {
  it('answers one key for admins, refuses others and unknown keys', async () => {
    await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
    await t.createUser({ email: 'corner@example.it', password: PASSWORD });
    const admin = await t.login('admin@example.it', PASSWORD);
    const corner = await t.login('corner@example.it', PASSWORD);
    const one = await get('/api/admin/settings?key=altriRamiCategories', admin);
    expect(one.statusCode).toBe(200);
    expect(Object.keys(one.json())).toEqual(['altriRamiCategories']);
    expect(one.json().altriRamiCategories).toContain('Casa');
    expect((await get('/api/admin/settings?key=rcaConfig', corner)).statusCode).toBe(403);
    expect((await get('/api/admin/settings?key=password', admin)).statusCode).toBe(400);
  });
});

describe('GET /api/clients', () => {
  it('lists all own clients with limit 0, sorted by name, with the total in a header', async () => {
    await seedCorner();
    const cookie = await t.login('corner@example.it', PASSWORD);
    const response = await get('/api/clients?page=1&limit=0', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('3');
    expect(response.json().map((c: { surname: string; business: string }) => c.business || c.surname)).toEqual(['Alfa Srl', 'Bianchi', 'Verdi']);
  });

  it('pages, filters by the spec fields and searches', async () => {
    await seedCorner();
    const cookie = await t.login('corner@example.it', PASSWORD);
    const page2 = await get('/api/clients?page=2&limit=2', cookie);
    expect(page2.json()).toHaveLength(1);
    expect(page2.headers['x-total-count']).toBe('3');
    expect((await get('/api/clients?type=azienda', cookie)).json().map((c: { business: string }) => c.business)).toEqual(['Alfa Srl']);
    expect((await get('/api/clients?cf=bnclcu', cookie)).json()).toHaveLength(1);
    expect((await get('/api/clients?phone=347', cookie)).json()).toHaveLength(1);
    expect((await get('/api/clients?q=alfa', cookie)).json()).toHaveLength(1);
    expect((await get('/api/clients?q=Segreto', cookie)).json()).toHaveLength(0);
    expect((await get('/api/clients?q=%25', cookie)).json()).toHaveLength(0);
    expect((await get('/api/clients?limit=-1', cookie)).statusCode).toBe(400);
  });
});

describe('GET /api/payments and GET /api/news', () => {
  it('answers the caller payments with gift cards', async () => {
    const { cookie } = await seedCorner();
    const body = (await get('/api/payments', cookie)).json();
    expect(body.giftcards).toEqual([expect.objectContaining({ name: 'Amazon', amount: 5000, code: 'AMZ-1' })]);
    expect(body.list.notPaied).toHaveLength(1);
  });

  it('answers published news newest first', async () => {
    const { cookie } = await seedCorner();
    await t.database.db
      .insertInto('news')
      .values([
        { title: 'Vecchia', text: 'prima', published_at: new Date(Date.now() - 60_000) },
        { title: null, text: 'seconda', published_at: new Date(Date.now() - 1000) },
        { title: 'Futura', text: 'non ancora', published_at: new Date(Date.now() + 3_600_000) },
      ])
      .execute();
    const news = (await get('/api/news', cookie)).json();
    expect(news.map((n: { text: string }) => n.text)).toEqual(['seconda', 'prima']);
    expect(news[0]).toEqual({ id: expect.any(String), title: null, text: 'seconda' });
  });
});
