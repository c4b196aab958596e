import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';

// The server-side list of /clienti and /admin/clienti (issue 14): every filter field, the free search, the orders,
// the pages with their total, the date range and the admins' filter by corner, through REST and tRPC.

const t = useTestApp();
const PASSWORD = 'Segreta123';

type TSeed = { type?: 'persona' | 'azienda'; name?: string; surname?: string; business?: string; email?: string; phone?: string; cf?: string; vat?: string; at: string };

const BOOK_A: Record<string, TSeed> = {
  rossi: { name: 'Mario', surname: 'Rossi', email: 'mario.rossi@example.it', phone: '+393471234567', cf: 'RSSMRA80C15F205X', at: '2026-03-01T10:00:00Z' },
  nicolo: { name: 'Nicolò', surname: 'Bianchi', email: 'nico@posta.it', phone: '+393331112222', cf: 'BNCNCL90A01H501Y', at: '2026-03-05T08:00:00Z' },
  deluca: { name: 'Anna', surname: 'De Luca', email: 'anna.deluca@example.it', phone: '+390212345678', cf: 'DLCNNA75B41F205Z', at: '2026-03-05T23:30:00Z' },
  ferri: { type: 'azienda', business: 'Autofficina Ferri Srl', email: 'info@ferri.it', phone: '+390612345678', vat: '01234560017', at: '2026-03-10T12:00:00Z' },
  damico: { name: 'Luca', surname: "D'Amico", email: 'luca@damico.it', cf: 'DMCLCU85C10F205W', at: '2026-03-12T09:00:00Z' },
};
const BOOK_B: Record<string, TSeed> = {
  rossib: { name: 'Maria', surname: 'Rossini', email: 'maria@rossini.it', cf: 'RSSMRA70A41F205V', at: '2026-02-20T10:00:00Z' },
  alfa: { type: 'azienda', business: 'Alfa Ferri Costruzioni', email: 'alfa@example.it', vat: '09876543210', at: '2026-03-11T10:00:00Z' },
};

const seed = async (cornerId: string, book: Record<string, TSeed>) => {
  const ids: Record<string, string> = {};
  for (const [key, row] of Object.entries(book)) {
    const { id } = await t.database.db
      .insertInto('clients')
      .values({
        corner_id: cornerId,
        type: row.type ?? 'persona',
        name: row.name ?? '',
        surname: row.surname ?? '',
        business: row.business ?? '',
        email: row.email ?? '',
        phone: row.phone ?? '',
        cf: row.cf ?? '',
        vat: row.vat ?? '',
        created_at: new Date(row.at),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[id] = key;
  }
  return ids;
};

/** Two corners' books and an admin; `keys` turns a list of ids back into the seeds' names. */
const setup = async () => {
  const a = await t.createUser({ email: 'corner-a@example.it', password: PASSWORD, role: 'corner', name: 'Anna', surname: 'Corner' });
  const b = await t.createUser({ email: 'corner-b@example.it', password: PASSWORD, role: 'corner', name: 'Bruno', surname: 'Corner' });
  await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
  const names = { ...(await seed(a.id, BOOK_A)), ...(await seed(b.id, BOOK_B)) };
  const keys = (list: { id: string }[]) => list.map((client) => names[client.id]);
  return { a, b, keys, cookieA: await t.login('corner-a@example.it', PASSWORD), cookieAdmin: await t.login('admin@example.it', PASSWORD) };
};

const get = async (cookie: string, query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/clients?${query}`, headers: { cookie } });
  return { status: response.statusCode, total: response.headers['x-total-count'], body: response.json() as { id: string }[] & { message?: string } };
};

describe('client list filters (REST)', () => {
  it('matches each filter field, ignoring case and accents, in a corner’s book and across every corner', async () => {
    const { cookieA, cookieAdmin, keys } = await setup();
    const both = async (query: string) => {
      const corner = await get(cookieA, `${query}&sort=name&limit=25`);
      const admin = await get(cookieAdmin, `${query}&sort=name&limit=25`);
      expect(corner.status).toBe(200);
      expect(admin.status).toBe(200);
      return { corner: keys(corner.body), admin: keys(admin.body) };
    };
    // name and surname from their start
    expect(await both('name=NICO')).toEqual({ corner: ['nicolo'], admin: ['nicolo'] });
    expect(await both('name=nicol%C3%B2')).toEqual({ corner: ['nicolo'], admin: ['nicolo'] });
    expect(await both('name=colo')).toEqual({ corner: [], admin: [] });
    expect(await both('surname=ross')).toEqual({ corner: ['rossi'], admin: ['rossi', 'rossib'] });
    expect(await both('surname=de%20l')).toEqual({ corner: ['deluca'], admin: ['deluca'] });
    expect(await both(`surname=${encodeURIComponent("d'am")}`)).toEqual({ corner: ['damico'], admin: ['damico'] });
    // business, e-mail and phone anywhere
    expect(await both('business=ferri')).toEqual({ corner: ['ferri'], admin: ['alfa', 'ferri'] });
    expect(await both('email=EXAMPLE.IT')).toEqual({ corner: ['deluca', 'rossi'], admin: ['alfa', 'deluca', 'rossi'] });
    expect(await both('phone=347%20123%204567')).toEqual({ corner: ['rossi'], admin: ['rossi'] });
    expect(await both('phone=1234')).toEqual({ corner: ['ferri', 'deluca', 'rossi'], admin: ['ferri', 'deluca', 'rossi'] });
    // tax codes from their start, any case, spaces and "IT" ignored
    expect(await both('cf=rssmra')).toEqual({ corner: ['rossi'], admin: ['rossi', 'rossib'] });
    expect(await both('cf=RSSMRA80C15F205X')).toEqual({ corner: ['rossi'], admin: ['rossi'] });
    expect(await both('cf=F205')).toEqual({ corner: [], admin: [] });
    expect(await both('vat=IT%20012345')).toEqual({ corner: ['ferri'], admin: ['ferri'] });
    expect(await both('type=azienda')).toEqual({ corner: ['ferri'], admin: ['alfa', 'ferri'] });
    // fields together
    expect(await both('type=persona&email=example')).toEqual({ corner: ['deluca', 'rossi'], admin: ['deluca', 'rossi'] });
  });

  it('searches every word of the free text in any field, LIKE characters taken literally', async () => {
    const { cookieA, cookieAdmin, keys } = await setup();
    const search = async (cookie: string, q: string) => keys((await get(cookie, `q=${encodeURIComponent(q)}&limit=25`)).body);
    expect(await search(cookieA, 'ROSSI')).toEqual(['rossi']);
    expect(await search(cookieAdmin, 'rossi')).toEqual(['rossi', 'rossib']);
    expect(await search(cookieAdmin, 'nicolo')).toEqual(['nicolo']);
    expect(await search(cookieAdmin, 'mario rossi')).toEqual(['rossi']);
    expect(await search(cookieAdmin, 'mario bianchi')).toEqual([]);
    expect(await search(cookieAdmin, '3471234567')).toEqual(['rossi']);
    expect(await search(cookieAdmin, 'rssmra80')).toEqual(['rossi']);
    expect(await search(cookieAdmin, '01234560017')).toEqual(['ferri']);
    expect(await search(cookieAdmin, 'ferri')).toEqual(['alfa', 'ferri']);
    expect(await search(cookieA, 'azienda')).toEqual(['ferri']);
    expect(await search(cookieAdmin, "d'amico")).toEqual(['damico']);
    expect(await search(cookieAdmin, '%')).toEqual([]);
    expect(await search(cookieAdmin, '_')).toEqual([]);
  });

  it('sorts by surname either way, by the name as shown either way and by date either way (createdAt still means newest)', async () => {
    const { cookieA, keys } = await setup();
    const order = async (sort: string) => keys((await get(cookieA, `sort=${sort}&limit=25`)).body);
    expect(await order('name')).toEqual(['ferri', 'nicolo', 'damico', 'deluca', 'rossi']);
    expect(await order('name-desc')).toEqual(['rossi', 'deluca', 'damico', 'nicolo', 'ferri']);
    // Issue 26 point 11: by the name as the list shows it ("Anna De Luca"), a company by its business name.
    expect(await order('first-name')).toEqual(['deluca', 'ferri', 'damico', 'rossi', 'nicolo']);
    expect(await order('first-name-desc')).toEqual(['nicolo', 'rossi', 'damico', 'ferri', 'deluca']);
    expect(await order('newest')).toEqual(['damico', 'ferri', 'deluca', 'nicolo', 'rossi']);
    expect(await order('oldest')).toEqual(['rossi', 'nicolo', 'deluca', 'ferri', 'damico']);
    expect(await order('createdAt')).toEqual(await order('newest'));
    const wrong = await get(cookieA, 'sort=cognome');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('Ordinamento non valido.');
  });

  it('pages with the total in X-Total-Count, limit 0 meaning all', async () => {
    const { cookieA, cookieAdmin, keys } = await setup();
    const first = await get(cookieA, 'sort=name&page=1&limit=2');
    expect([keys(first.body), first.total]).toEqual([['ferri', 'nicolo'], '5']);
    const last = await get(cookieA, 'sort=name&page=3&limit=2');
    expect([keys(last.body), last.total]).toEqual([['rossi'], '5']);
    const beyond = await get(cookieA, 'sort=name&page=4&limit=2');
    expect([keys(beyond.body), beyond.total]).toEqual([[], '5']);
    const all = await get(cookieAdmin, 'page=1&limit=0');
    expect([all.body.length, all.total]).toEqual([7, '7']);
    const filtered = await get(cookieAdmin, 'q=ferri&page=1&limit=1');
    expect([keys(filtered.body), filtered.total]).toEqual([['alfa'], '2']);
  });

  it('bounds the date added: from included, to excluded', async () => {
    const { cookieA, keys } = await setup();
    const range = async (query: string) => keys((await get(cookieA, `sort=oldest&limit=25&${query}`)).body);
    expect(await range('createdFrom=2026-03-05T00:00:00Z&createdTo=2026-03-06T00:00:00Z')).toEqual(['nicolo', 'deluca']);
    expect(await range('createdFrom=2026-03-05T08:00:00Z')).toEqual(['nicolo', 'deluca', 'ferri', 'damico']);
    expect(await range('createdTo=2026-03-05T08:00:00Z')).toEqual(['rossi']);
    expect(await range('createdFrom=2026-03-06T00:00:00Z&createdTo=2026-03-05T00:00:00Z')).toEqual([]);
    const wrong = await get(cookieA, 'createdFrom=ieri');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('Data «Aggiunti dal» non valida.');
  });

  it('narrows an admin’s list to one corner; a corner’s list stays its own book', async () => {
    const { a, b, cookieA, cookieAdmin, keys } = await setup();
    const ofB = await get(cookieAdmin, `cornerId=${b.id}&sort=name&limit=25`);
    expect([keys(ofB.body), ofB.total]).toEqual([['alfa', 'rossib'], '2']);
    expect(keys((await get(cookieAdmin, `cornerId=${a.id}&q=ferri&limit=25`)).body)).toEqual(['ferri']);
    const sneaky = await get(cookieA, `cornerId=${b.id}&sort=name&limit=25`);
    expect([keys(sneaky.body), sneaky.total]).toEqual([['ferri', 'nicolo', 'damico', 'deluca', 'rossi'], '5']);
    const wrong = await get(cookieAdmin, 'cornerId=tutti');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('Corner non valido.');
  });

  it('leaves deleted clients out of the list and of the total', async () => {
    const { cookieA, keys } = await setup();
    await t.database.db.updateTable('clients').set({ deleted_at: new Date() }).where('surname', '=', 'Rossi').execute();
    const list = await get(cookieA, 'q=ross&limit=25');
    expect([keys(list.body), list.total]).toEqual([[], '0']);
    expect((await get(cookieA, 'limit=1')).total).toBe('4');
  });
});

describe('client list through tRPC', () => {
  it('finds with filters, order, page, date range and corner, and its total', async () => {
    const { b, keys } = await setup();
    const admin = await createTrpcHttpCaller(t, 'admin@example.it', PASSWORD);
    const corner = await createTrpcHttpCaller(t, 'corner-a@example.it', PASSWORD);

    const page = await corner.clients.find.query({ sort: 'name-desc', page: 2, limit: 2 });
    expect([keys(page.list), page.total]).toEqual([['damico', 'nicolo'], 5]);
    const bySurname = await admin.clients.find.query({ surname: 'ROSS', sort: 'oldest', limit: 25 });
    expect([keys(bySurname.list), bySurname.total]).toEqual([['rossib', 'rossi'], 2]);
    const found = await admin.clients.find.query({ q: 'example', cornerId: b.id, limit: 25 });
    expect([keys(found.list), found.total]).toEqual([['alfa'], 1]);
    const inMarch = await corner.clients.find.query({ createdFrom: new Date('2026-03-05T00:00:00Z'), createdTo: new Date('2026-03-11T00:00:00Z'), sort: 'newest', limit: 25 });
    expect(keys(inMarch.list)).toEqual(['ferri', 'deluca', 'nicolo']);
    const sneaky = await corner.clients.find.query({ cornerId: b.id, limit: 25 });
    expect(sneaky.total).toBe(5);
    await expect(corner.clients.find.query({ cornerId: 'nessuno' })).rejects.toMatchObject({ message: 'Corner non valido.' });
  });
});
