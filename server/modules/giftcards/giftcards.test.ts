import { describe, expect, it } from 'vitest';
import { GIFTCARD_MSG, type TGiftcardCatalogue } from '../../../shared/schemas/giftcards';
import { loadDemoData } from '../../demo/demo-data';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';

// Issue 27, the gift card catalogue: the admin keeps categories, national and municipal cards; a corner chooses among
// the national cards and the municipal cards of its comune; payouts read the choice (`chosenOf`).
const t = useTestApp();
const PASSWORD = 'Segreta123';
const BOLOGNA = '037006';
const MILANO = '015146';

const signIn = async (email: string, role: 'corner' | 'admin' | 'broker', name: string) => {
  const { id } = await t.createUser({ email, password: PASSWORD, role, name, surname: 'Rossi' });
  return { id, email, cookie: await t.login(email, PASSWORD) };
};
type TUser = Awaited<ReturnType<typeof signIn>>;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, who: TUser, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const catalogueOf = async (who: TUser, categoryId?: string) =>
  (await call('GET', `/api/giftcards/catalogue${categoryId ? `?categoryId=${categoryId}` : ''}`, who)).json() as TGiftcardCatalogue;

/** An admin with a catalogue: two categories, two national cards, a municipal card in Bologna and one in Milano. */
const world = async () => {
  const admin = await signIn('admin@example.it', 'admin', 'Ada');
  const anna = await signIn('anna@example.it', 'corner', 'Anna');
  const bruno = await signIn('bruno@example.it', 'corner', 'Bruno');
  const broker = await signIn('broker@example.it', 'broker', 'Bea');
  const created = async (url: string, payload: object) => {
    const response = await call('POST', url, admin, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string };
  };
  const books = await created('/api/admin/giftcards/categories', { name: 'Libri' });
  const shopping = await created('/api/admin/giftcards/categories', { name: 'Shopping' });
  const amazon = await created('/api/admin/giftcards/national', { brand: 'Amazon', categoryId: shopping.id, denominations: [5000, 2500, 10000], imageUrl: 'https://esempio.it/amazon.png' });
  const feltrinelli = await created('/api/admin/giftcards/national', { brand: 'Feltrinelli', categoryId: books.id, denominations: [2500] });
  const rossi = await created('/api/admin/giftcards/municipal', { comuneIstat: BOLOGNA, shopName: 'Libreria Rossi', address: 'Via Zamboni 1', categoryId: books.id, denominations: [2000, 5000] });
  const brera = await created('/api/admin/giftcards/municipal', { comuneIstat: MILANO, shopName: 'Libreria Brera', address: 'Via Brera 2', categoryId: books.id, denominations: [3000] });
  return { admin, anna, bruno, broker, books, shopping, amazon, feltrinelli, rossi, brera };
};

describe('gift card catalogue: the admin keeps it', () => {
  it('creates, lists, edits and deletes over REST; bad input is refused in Italian and changes nothing', async () => {
    const { admin, books, shopping, amazon, rossi } = await world();

    const categories = (await call('GET', '/api/admin/giftcards/categories', admin)).json();
    expect(categories).toEqual([
      { id: books.id, name: 'Libri', cardCount: 3 },
      { id: shopping.id, name: 'Shopping', cardCount: 1 },
    ]);
    const taken = await call('POST', '/api/admin/giftcards/categories', admin, { name: '  libri ' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields.name).toEqual([GIFTCARD_MSG.categoryNameTaken]);
    const renamedToTaken = await call('PATCH', `/api/admin/giftcards/categories/${shopping.id}`, admin, { name: 'LIBRI' });
    expect(renamedToTaken.statusCode).toBe(409);
    expect((await call('POST', '/api/admin/giftcards/categories', admin, { name: '' })).statusCode).toBe(400);

    const national = (await call('GET', '/api/admin/giftcards/national', admin)).json();
    expect(national.map((card: { brand: string }) => card.brand)).toEqual(['Amazon', 'Feltrinelli']);
    expect(national[0]).toMatchObject({ id: amazon.id, denominations: [2500, 5000, 10000], imageUrl: 'https://esempio.it/amazon.png', categoryName: 'Shopping', active: true, chosenCount: 0 });

    const bad = await call('POST', '/api/admin/giftcards/national', admin, { brand: 'Esselunga', categoryId: shopping.id, denominations: [2500, 2500, 50], imageUrl: 'http://esempio.it/x.png' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ 'denominations.2': [GIFTCARD_MSG.denominationInvalid], denominations: [GIFTCARD_MSG.denominationsRepeated], imageUrl: [GIFTCARD_MSG.imageUrlInvalid] });
    const noCategory = await call('POST', '/api/admin/giftcards/national', admin, { brand: 'Esselunga', categoryId: '00000000-0000-4000-8000-000000000000', denominations: [2500] });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().fields.categoryId).toEqual([GIFTCARD_MSG.categoryInvalid]);
    const noComune = await call('POST', '/api/admin/giftcards/municipal', admin, { comuneIstat: '999999', shopName: 'Bar', address: 'Via 1', categoryId: books.id, denominations: [1000] });
    expect(noComune.statusCode).toBe(400);
    expect(noComune.json().fields.comuneIstat).toEqual([GIFTCARD_MSG.comuneNotFound]);
    expect((await call('GET', '/api/admin/giftcards/national', admin)).json()).toHaveLength(2);

    // PATCH changes only what it is sent; a national id on the municipal path answers like a missing one.
    const patched = await call('PATCH', `/api/admin/giftcards/national/${amazon.id}`, admin, { denominations: [10000], active: false });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ brand: 'Amazon', denominations: [10000], imageUrl: 'https://esempio.it/amazon.png', active: false });
    expect((await call('PATCH', `/api/admin/giftcards/municipal/${amazon.id}`, admin, { shopName: 'X' })).statusCode).toBe(404);
    const moved = await call('PATCH', `/api/admin/giftcards/municipal/${rossi.id}`, admin, { comuneIstat: MILANO, address: 'Corso Como 5' });
    expect(moved.json()).toMatchObject({ shopName: 'Libreria Rossi', address: 'Corso Como 5', comune: { istat: MILANO, name: 'Milano', sigla: 'MI' } });

    // A category in use is not deleted; once empty it is.
    const inUse = await call('DELETE', `/api/admin/giftcards/categories/${shopping.id}`, admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(GIFTCARD_MSG.categoryInUse('Shopping', 1));
    expect((await call('DELETE', `/api/admin/giftcards/national/${amazon.id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/giftcards/categories/${shopping.id}`, admin)).json()).toEqual({ message: GIFTCARD_MSG.categoryDeleted });
    expect((await call('DELETE', `/api/admin/giftcards/categories/${shopping.id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/giftcards/categories/not-an-id', admin)).statusCode).toBe(400);
  });

  it('the same over tRPC; corners and brokers cannot reach the admin routes or procedures', async () => {
    const { anna, broker, books } = await world();
    const trpc = await createTrpcHttpCaller(t, 'admin@example.it', PASSWORD);
    const category = await trpc.giftcards.admin.categories.create.mutate({ name: 'Carburante' });
    const card = await trpc.giftcards.admin.national.create.mutate({ brand: 'Eni', categoryId: category.id, denominations: [5000] });
    expect(await trpc.giftcards.admin.national.update.mutate({ id: card.id, card: { brand: 'Enilive' } })).toMatchObject({ brand: 'Enilive', categoryName: 'Carburante' });
    await expect(trpc.giftcards.admin.categories.remove.mutate({ id: category.id })).rejects.toMatchObject({ message: GIFTCARD_MSG.categoryInUse('Carburante', 1) });
    await expect(trpc.giftcards.admin.categories.update.mutate({ id: category.id, category: { name: 'libri' } })).rejects.toMatchObject({ message: GIFTCARD_MSG.categoryNameTaken });
    const municipal = await trpc.giftcards.admin.municipal.create.mutate({ comuneIstat: BOLOGNA, shopName: 'Forno Calzolari', address: 'Via San Felice 2', categoryId: books.id, denominations: [1500] });
    expect((await trpc.giftcards.admin.municipal.list.query()).map((item) => item.shopName)).toContain('Forno Calzolari');
    expect(await trpc.giftcards.admin.municipal.remove.mutate({ id: municipal.id })).toEqual({ message: GIFTCARD_MSG.cardDeleted });
    expect((await trpc.giftcards.admin.categories.list.query()).map((item) => item.name)).toEqual(['Carburante', 'Libri', 'Shopping']);

    for (const who of [anna, broker]) {
      expect((await call('GET', '/api/admin/giftcards/categories', who)).statusCode).toBe(403);
      expect((await call('POST', '/api/admin/giftcards/national', who, { brand: 'X', categoryId: books.id, denominations: [100] })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/admin/giftcards/categories/${books.id}`, who)).statusCode).toBe(403);
    }
    const corner = await createTrpcHttpCaller(t, 'anna@example.it', PASSWORD);
    await expect(corner.giftcards.admin.categories.list.query()).rejects.toMatchObject({ data: { httpStatus: 403 } });
    await expect(corner.giftcards.admin.municipal.create.mutate({ comuneIstat: BOLOGNA, shopName: 'X', address: 'Y', categoryId: books.id, denominations: [100] })).rejects.toMatchObject({
      data: { httpStatus: 403 },
    });
    expect((await trpc.giftcards.admin.categories.list.query()).find((item) => item.id === books.id)?.cardCount).toBe(3);
  });
});

describe('gift card catalogue: the corner chooses', () => {
  it('a corner sees the national cards and its comune’s municipal ones, filters by category, chooses one; another corner sees only its own choice', async () => {
    const { admin, anna, bruno, books, amazon, feltrinelli, rossi, brera } = await world();

    // No comune yet: national cards only.
    const first = await catalogueOf(anna);
    expect(first.comune).toBeNull();
    expect(first.cards.map((card) => card.name)).toEqual(['Amazon', 'Feltrinelli']);
    expect(first.choice).toBeNull();

    const located = await call('PUT', '/api/profile/giftcard/comune', anna, { comuneIstat: BOLOGNA });
    expect(located.statusCode, located.body).toBe(200);
    expect(located.json().comune).toEqual({ istat: BOLOGNA, name: 'Bologna', sigla: 'BO' });
    expect((await call('PUT', '/api/profile/giftcard/comune', anna, { comuneIstat: 'Bologna' })).json().fields.comuneIstat).toEqual([GIFTCARD_MSG.comuneInvalid]);

    const all = await catalogueOf(anna);
    expect(all.cards.map((card) => card.name)).toEqual(['Amazon', 'Feltrinelli', 'Libreria Rossi – Bologna']);
    expect(all.categories.map((category) => category.name)).toEqual(['Libri', 'Shopping']);
    const ofBooks = await catalogueOf(anna, books.id);
    expect(ofBooks.cards.map((card) => card.id)).toEqual([feltrinelli.id, rossi.id]);
    expect(ofBooks.cards[1]).toMatchObject({ kind: 'municipal', address: 'Via Zamboni 1', denominations: [2000, 5000], comune: { name: 'Bologna' } });

    // Milano's shop is not Anna's to choose: it answers like a missing card, and nothing changes.
    const foreign = await call('PUT', '/api/profile/giftcard', anna, { giftcardId: brera.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(GIFTCARD_MSG.cardNotFound);
    expect((await call('PUT', '/api/profile/giftcard', anna, { giftcardId: 'x' })).statusCode).toBe(400);
    expect((await catalogueOf(anna)).choice).toBeNull();

    const chosen = await call('PUT', '/api/profile/giftcard', anna, { giftcardId: rossi.id });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ message: GIFTCARD_MSG.chosen('Libreria Rossi – Bologna'), choice: { id: rossi.id } });
    expect((await catalogueOf(anna)).choice).toMatchObject({ id: rossi.id, name: 'Libreria Rossi – Bologna', available: true });
    expect(await t.app.services.giftcards.chosenOf(anna.id)).toEqual({ id: rossi.id, name: 'Libreria Rossi – Bologna' });
    // Inside a transaction (the payouts' use).
    expect(await t.database.db.transaction().execute((trx) => t.app.services.giftcards.chosenOf(anna.id, trx))).toEqual({ id: rossi.id, name: 'Libreria Rossi – Bologna' });

    // Bruno, over tRPC: his own catalogue, no trace of Anna's choice; he chooses Amazon.
    const brunoTrpc = await createTrpcHttpCaller(t, 'bruno@example.it', PASSWORD);
    const his = await brunoTrpc.giftcards.catalogue.query({});
    expect(his.choice).toBeNull();
    expect(his.cards.map((card) => card.id)).toEqual([amazon.id, feltrinelli.id]);
    await expect(brunoTrpc.giftcards.choose.mutate({ giftcardId: rossi.id })).rejects.toMatchObject({ data: { httpStatus: 404 } });
    expect((await brunoTrpc.giftcards.choose.mutate({ giftcardId: amazon.id })).choice.name).toBe('Amazon');
    expect((await brunoTrpc.giftcards.setComune.mutate({ comuneIstat: MILANO })).cards.map((card) => card.id)).toEqual([amazon.id, feltrinelli.id, brera.id]);
    expect(await t.app.services.giftcards.chosenOf(bruno.id)).toEqual({ id: amazon.id, name: 'Amazon' });
    expect((await catalogueOf(anna)).choice?.id).toBe(rossi.id);

    // A chosen card is not deleted (deactivated instead): then it is no longer offered nor paid.
    const refused = await call('DELETE', `/api/admin/giftcards/municipal/${rossi.id}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(GIFTCARD_MSG.cardChosen('Libreria Rossi', 1));
    expect((await call('GET', '/api/admin/giftcards/municipal', admin)).json().find((card: { id: string }) => card.id === rossi.id).chosenCount).toBe(1);
    await call('PATCH', `/api/admin/giftcards/municipal/${rossi.id}`, admin, { active: false });
    const after = await catalogueOf(anna);
    expect(after.cards.map((card) => card.id)).not.toContain(rossi.id);
    expect(after.choice).toMatchObject({ id: rossi.id, available: false });
    expect(await t.app.services.giftcards.chosenOf(anna.id)).toBeNull();
    expect((await call('PUT', '/api/profile/giftcard', anna, { giftcardId: rossi.id })).statusCode).toBe(404);
  });

  it('a broker has no gift card page: refused over REST and tRPC', async () => {
    const { broker, amazon } = await world();
    expect((await call('GET', '/api/giftcards/catalogue', broker)).statusCode).toBe(403);
    expect((await call('PUT', '/api/profile/giftcard', broker, { giftcardId: amazon.id })).statusCode).toBe(403);
    expect((await call('PUT', '/api/profile/giftcard/comune', broker, { comuneIstat: BOLOGNA })).statusCode).toBe(403);
    const trpc = await createTrpcHttpCaller(t, 'broker@example.it', PASSWORD);
    await expect(trpc.giftcards.catalogue.query({})).rejects.toMatchObject({ data: { httpStatus: 403 } });
    await expect(trpc.giftcards.choose.mutate({ giftcardId: amazon.id })).rejects.toMatchObject({ data: { httpStatus: 403 } });
    expect(await t.app.services.giftcards.chosenOf(broker.id)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/giftcards/catalogue' })).statusCode).toBe(401);
  });

  it('the demo person corner lives in Bologna and has chosen a shop of it', async () => {
    await loadDemoData(t.database.db);
    const persona = await t.database.db.selectFrom('users').select('id').where('email', '=', 'corner.persona@demo.it').executeTakeFirstOrThrow();
    expect(await t.app.services.giftcards.chosenOf(persona.id)).toMatchObject({ name: 'Libreria Rossi – Bologna' });
  });
});
