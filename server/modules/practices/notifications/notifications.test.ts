import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { quotationExample } from '../../../../shared/practices/quotation';
import { rcaDefinition } from '../../../../shared/practices/rca';
import type { TPracticeSchemaDocument } from '../../../../shared/schemas/practice-live';
import type { TActor } from '../../../platform/context';
import { useTestApp } from '../../../testing/test-app';
import { createTrpcHttpCaller } from '../../../testing/trpc-inject-client';
import { EXAMPLE, PASSWORD, practicesFixtures, type TUser } from '../testing/practices.fixtures';
import { eventKeyOf, receivesNotification } from './notifications';

const t = useTestApp({ PUBLIC_URL: 'https://piattaforma.example.it' });
const UA = 'Mozilla/5.0 (Test) Pratiche H4';
const { call, corner, staff, clientOf } = practicesFixtures(t, UA);

/** Corners A and B, the RC Auto brokers, a luce e gas and an altri rami broker, two admins; A's client. */
const world = async () => {
  const a = await corner('a@example.it', 'Anna');
  const b = await corner('b@example.it', 'Bea');
  const rca = await staff('rca@example.it', 'broker', 'RC Auto', 'Rocco');
  const rca2 = await staff('rca2@example.it', 'broker', 'RC Auto', 'Renato');
  const lg = await staff('lg@example.it', 'broker', 'luce e gas', 'Lucio');
  const ar = await staff('ar@example.it', 'broker', 'altri rami', 'Aldo');
  const admin = await staff('admin@example.it', 'admin', undefined, 'Ada');
  const admin2 = await staff('admin2@example.it', 'admin', undefined, 'Adele');
  const clientA = await clientOf(a.id);
  return { a, b, rca, rca2, lg, ar, admin, admin2, clientA };
};

const settle = () => t.app.services.practices.notifications.idle();

/** Every practice notification stored so far: who got which key, and its data. */
const notices = async () =>
  (
    await t.database.db
      .selectFrom('notifications')
      .select(['user_id', 'kind', 'data'])
      .where('kind', 'like', 'rca_%')
      .orderBy('id')
      .execute()
  ).map((row) => ({ userId: row.user_id, kind: row.kind, data: row.data as { title: string; text: string | string[]; link: string; textLink: string } }));

/** Who got `kind` since `from` notifications, sorted. */
const receivers = (rows: Awaited<ReturnType<typeof notices>>, kind: string) => rows.filter((row) => row.kind === kind).map((row) => row.userId).sort();
const ids = (...users: TUser[]) => users.map((user) => user.id).sort();

const actorOf = (user: TUser, role: TActor['role']): TActor => ({ userId: user.id, role, state: 'active', sessionId: 'x', via: 'cookie', impersonatorId: null });

describe('practice notifications', () => {
  it('sends each change to exactly the right people, with a link that opens the practice', async () => {
    const w = await world();
    const created = await call('POST', '/api/practices/rca', w.a.cookie, { clientId: w.clientA, data: EXAMPLE });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    await settle();

    // Created: the sector's brokers and the admins; not the corner that created it, another corner, other sectors' brokers.
    let rows = await notices();
    expect(receivers(rows, 'rca_create')).toEqual(ids(w.rca, w.rca2, w.admin, w.admin2));
    expect(rows.every((row) => row.kind === 'rca_create')).toBe(true);
    expect(rows[0]!.data).toMatchObject({ title: 'RC Auto: nuova pratica', link: `/rca/${id}`, textLink: 'Apri la pratica' });
    expect(rows[0]!.data.text).toBe('Anna Rossi ha aperto la pratica «Fiat Panda AB123CD».');

    // The corner changes the data while nobody took it: every broker of the sector.
    expect((await call('PATCH', `/api/practices/rca/${id}`, w.a.cookie, { ...EXAMPLE, notes: 'Prima modifica' })).statusCode).toBe(200);
    await settle();
    rows = await notices();
    expect(receivers(rows, 'rca_update')).toEqual(ids(w.rca, w.rca2));

    // A broker takes it: the corner hears (history), nobody else.
    expect((await call('POST', `/api/practices/rca/${id}/take`, w.rca.cookie)).statusCode).toBe(200);
    await settle();
    rows = await notices();
    expect(receivers(rows, 'rca_history')).toEqual(ids(w.a));
    expect(rows.at(-1)!.data).toMatchObject({ title: 'RC Auto: pratica presa in carico', link: `/rca/${id}` });

    // Once taken, the corner's changes go to the taker only.
    expect((await call('PATCH', `/api/practices/rca/${id}`, w.a.cookie, { ...EXAMPLE, notes: 'Seconda modifica' })).statusCode).toBe(200);
    await settle();
    rows = await notices();
    expect(receivers(rows, 'rca_update')).toEqual(ids(w.rca, w.rca2, w.rca));

    // The broker adds and changes a quotation (the quotations part): the corner, under the quotation keys.
    const before = rows.length;
    const asBroker = await createTrpcHttpCaller(t, w.rca.email, PASSWORD);
    const quotation = await asBroker.practices.quotations.create.mutate({ sector: 'rca', id, quotation: quotationExample() });
    await asBroker.practices.quotations.update.mutate({ sector: 'rca', id, qid: quotation.id, quotation: { ...quotationExample(), premiumCents: 45_000 } });
    await settle();
    rows = (await notices()).slice(before);
    expect(rows.map((row) => [row.userId, row.kind])).toEqual([
      [w.a.id, 'rca_newquotation'],
      [w.a.id, 'rca_updatequotation'],
    ]);
    expect(rows[0]!.data).toMatchObject({ title: 'RC Auto: nuovo preventivo', link: `/rca/${id}` });
    const practice = await t.app.services.practices.internal.reread('rca', id);

    // A transition with its own event (emit: `rca_emission`) goes to the corner under that key.
    const emit = rcaDefinition.transitions.find((transition) => transition.name === 'emit')!;
    t.app.services.practices.internal.committed({
      kind: 'state_changed',
      actor: actorOf(w.rca, 'broker'),
      definition: rcaDefinition,
      practice: { ...practice, state: 'emitted' },
      transition: emit,
      fromState: 'askEmission',
      payload: emit.example as Record<string, unknown>,
    });
    await settle();
    rows = await notices();
    expect(receivers(rows, 'rca_emission')).toEqual(ids(w.a));
    expect(rows.at(-1)!.data).toMatchObject({ title: 'RC Auto: pratica «Emessa»', link: `/rca/${id}` });

    // The broker refuses (a transition without its own event): the corner hears it as history, with the reason.
    const refused = await call('POST', `/api/practices/rca/${id}/transition`, w.rca.cookie, { to: 'notEmitted', reason: 'Veicolo non assicurabile' });
    expect(refused.statusCode, refused.body).toBe(200);
    await settle();
    rows = await notices();
    expect(receivers(rows, 'rca_history')).toEqual(ids(w.a, w.a));
    expect(rows.at(-1)!.data.text).toEqual(['Rocco Broker ha eseguito «Non emettere» sulla pratica «Fiat Panda AB123CD»: ora è «Non emessa».', 'Motivo: Veicolo non assicurabile']);

    // Nobody outside: corner B, the other sectors' brokers and (after the creation) the admins got nothing else.
    const all = await notices();
    for (const user of [w.b, w.lg, w.ar]) expect(all.filter((row) => row.userId === user.id)).toEqual([]);
    expect(all.filter((row) => row.userId === w.admin.id).map((row) => row.kind)).toEqual(['rca_create']);
    expect(all.every((row) => row.data.link === `/rca/${id}`)).toBe(true);
  });

  it('an admin’s change goes to both sides; never to the one who acted', async () => {
    const w = await world();
    const id = (await call('POST', '/api/practices/rca', w.admin.cookie, { clientId: w.clientA, data: EXAMPLE })).json().id as string;
    await settle();
    // Created by an admin for A's client: the brokers, the other admin and A, not the acting admin.
    expect(receivers(await notices(), 'rca_create')).toEqual(ids(w.a, w.rca, w.rca2, w.admin2));
    expect((await call('PATCH', `/api/practices/rca/${id}`, w.admin.cookie, { ...EXAMPLE, notes: 'Dall’amministrazione' })).statusCode).toBe(200);
    await settle();
    expect(receivers(await notices(), 'rca_update')).toEqual(ids(w.a, w.rca, w.rca2));
    // Under impersonation the corner acts: the brokers hear it, neither the corner nor the admin behind it.
    const { token } = (await call('POST', '/api/admin/auth/login-as', w.admin.cookie, { userId: w.a.id })).json() as { token: string };
    const before = (await notices()).length;
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/practices/rca/${id}`, headers: { authorization: `Bearer ${token}` }, payload: { ...EXAMPLE, notes: 'Come il corner' } });
    expect(patched.statusCode, patched.body).toBe(200);
    await settle();
    expect(receivers((await notices()).slice(before), 'rca_update')).toEqual(ids(w.rca, w.rca2));
  });

  it('honours the preferences: e-mail by each recipient’s choice (emission on by default), the in-app notice always', async () => {
    const w = await world();
    const id = (await call('POST', '/api/practices/rca', w.a.cookie, { clientId: w.clientA, data: EXAMPLE })).json().id as string;
    await settle();
    // rca_create: e-mail off by default for everybody; rca2 turned it on.
    expect(await t.readMails()).toEqual([]);
    expect((await call('PATCH', '/api/notification/preference', w.rca2.cookie, { pref: 'rca_create', key: 'email', val: true })).statusCode).toBe(200);
    await call('POST', '/api/practices/rca', w.a.cookie, { clientId: w.clientA, data: EXAMPLE });
    await settle();
    let mails = await t.readMails();
    expect(mails.map((mail) => mail.to)).toEqual(['rca2@example.it']);
    expect(mails[0]!.subject).toContain('RC Auto: nuova pratica');
    expect(mails[0]!.body).toContain('https://piattaforma.example.it/rca/');

    // rca_emission: e-mail on by default; corner A turns it off, so only the in-app notice remains.
    const practice = await t.app.services.practices.internal.reread('rca', id);
    const emit = rcaDefinition.transitions.find((transition) => transition.name === 'emit')!;
    const emitted = () =>
      t.app.services.practices.internal.committed({ kind: 'state_changed', actor: actorOf(w.rca, 'broker'), definition: rcaDefinition, practice: { ...practice, state: 'emitted' }, transition: emit, fromState: 'askEmission' });
    emitted();
    await settle();
    mails = await t.readMails();
    expect(mails.map((mail) => mail.to)).toEqual(['rca2@example.it', 'a@example.it']);
    expect(mails[1]!.body).toContain(`https://piattaforma.example.it/rca/${id}`);
    expect((await call('PATCH', '/api/notification/preference', w.a.cookie, { pref: 'rca_emission', key: 'email', val: false })).statusCode).toBe(200);
    emitted();
    await settle();
    expect(await t.readMails()).toHaveLength(2);
    expect(receivers(await notices(), 'rca_emission')).toEqual(ids(w.a, w.a));
  });

  it('takes the keys from the definition: a sector with only create and update events uses update for the rest', () => {
    const utility = { ...rcaDefinition, sector: 'gpl' as const, events: { create: 'gpl_create', update: 'gpl_update' } };
    const emit = rcaDefinition.transitions.find((transition) => transition.name === 'emit')!;
    const refuse = rcaDefinition.transitions.find((transition) => transition.name === 'refuse')!;
    expect(eventKeyOf({ kind: 'created', definition: utility })).toBe('gpl_create');
    expect(eventKeyOf({ kind: 'data_changed', definition: utility })).toBe('gpl_update');
    expect(eventKeyOf({ kind: 'quotation_added', definition: utility })).toBe('gpl_update');
    expect(eventKeyOf({ kind: 'state_changed', definition: utility, transition: refuse })).toBe('gpl_update');
    expect(eventKeyOf({ kind: 'taken', definition: utility })).toBeNull();
    // RC Auto: every key of spec section 3, a transition's own event first.
    expect(eventKeyOf({ kind: 'state_changed', definition: rcaDefinition, transition: emit })).toBe('rca_emission');
    expect(eventKeyOf({ kind: 'state_changed', definition: rcaDefinition, transition: refuse })).toBe('rca_history');
    expect(eventKeyOf({ kind: 'quotation_changed', definition: rcaDefinition })).toBe('rca_updatequotation');
    expect(eventKeyOf({ kind: 'document_added', definition: rcaDefinition })).toBe('rca_history');
  });

  it('follows the role rules of the preference panel (spec section 6)', () => {
    // A broker gets only its own sector's keys; gpl and luce e gas brokers (no panel) their sector's updates, never creations.
    expect(receivesNotification({ role: 'broker', brokerType: 'RC Auto' }, 'rca_create')).toBe(true);
    expect(receivesNotification({ role: 'broker', brokerType: 'altri rami' }, 'rca_create')).toBe(false);
    expect(receivesNotification({ role: 'broker', brokerType: 'luce e gas' }, 'rca_update')).toBe(false);
    expect(receivesNotification({ role: 'broker', brokerType: 'luce e gas' }, 'lg_update')).toBe(true);
    expect(receivesNotification({ role: 'broker', brokerType: 'luce e gas' }, 'lg_create')).toBe(false);
    expect(receivesNotification({ role: 'broker', brokerType: null }, 'rca_update')).toBe(false);
    // Creation events of the other branches: admins and brokers only; of gpl and luce e gas: admins only.
    expect(receivesNotification({ role: 'corner', brokerType: null }, 'ar_create')).toBe(false);
    expect(receivesNotification({ role: 'corner', brokerType: null }, 'ar_update')).toBe(true);
    expect(receivesNotification({ role: 'admin', brokerType: null }, 'gpl_create')).toBe(true);
    expect(receivesNotification({ role: 'broker', brokerType: 'gpl' }, 'gpl_create')).toBe(false);
  });
});

describe('practices.schema and GET /api/practices/:sector/schema', () => {
  it('answers the JSON Schemas with examples that validate, and that a fresh install accepts', async () => {
    const w = await world();
    const response = await call('GET', '/api/practices/rca/schema', w.a.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const document = response.json() as TPracticeSchemaDocument;
    expect(document.sector).toBe('rca');
    expect(Object.keys(document.transitions).sort()).toEqual(['askEmission', 'backToQuotation', 'emit', 'refuse']);
    expect(document.transitions.emit).toMatchObject({ to: 'emitted', label: 'Emetti polizza', from: ['askEmission'] });

    // Each example against the published JSON Schema (read back with zod) and against the sector's own schemas.
    const check = (schema: Record<string, unknown>, example: unknown) => expect(z.fromJSONSchema(schema as never).safeParse(example).success).toBe(true);
    check(document.data, document.dataExample);
    expect(rcaDefinition.data.safeParse(document.dataExample).success).toBe(true);
    check(document.quotation!, document.quotationExample);
    expect(rcaDefinition.quotation!.input.safeParse(document.quotationExample).success).toBe(true);
    expect(document.quotationExample).toMatchObject({ ...quotationExample(), validUntil: expect.any(String) });
    for (const transition of rcaDefinition.transitions) {
      const published = document.transitions[transition.name]!;
      check(published.schema, published.example);
      expect(transition.payload.safeParse(published.example).success, transition.name).toBe(true);
    }
    // What the schema refuses, it says: a wrong enum value fails against the JSON Schema too.
    expect(z.fromJSONSchema(document.data as never).safeParse({ ...EXAMPLE, drivingKind: 'reckless' }).success).toBe(false);

    // The data example creates a practice on a fresh install, through the same API integrators use.
    expect((await call('POST', '/api/practices/rca', w.a.cookie, { clientId: w.clientA, data: document.dataExample })).statusCode).toBe(201);

    // The same document over tRPC; unknown or undefined sectors and anonymous callers are refused.
    const asBroker = await createTrpcHttpCaller(t, w.rca.email, PASSWORD);
    const viaTrpc = await asBroker.practices.schema.query({ sector: 'rca' });
    expect(viaTrpc.data).toEqual(document.data);
    expect(viaTrpc.transitions.refuse!.example).toEqual(document.transitions.refuse!.example);
    expect((await call('GET', '/api/practices/gpl/schema', w.a.cookie)).json().sector).toBe('gpl');
    expect((await call('GET', '/api/practices/auto/schema', w.a.cookie)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/practices/rca/schema' })).statusCode).toBe(401);
  });
});

describe('brokers read the clients of their sector’s practices', () => {
  it('answers a client with a practice of the broker’s sector; not other clients, not other sectors’ brokers, never a change', async () => {
    const w = await world();
    const other = await clientOf(w.a.id, 'Neri');
    expect((await call('GET', `/api/clients/${w.clientA}`, w.rca.cookie)).statusCode).toBe(404);
    expect((await call('POST', '/api/practices/rca', w.a.cookie, { clientId: w.clientA, data: EXAMPLE })).statusCode).toBe(201);

    const read = await call('GET', `/api/clients/${w.clientA}`, w.rca.cookie);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: w.clientA, surname: 'Bianchi', cornerId: w.a.id });
    expect((await call('GET', `/api/clients/${w.clientA}`, w.rca2.cookie)).statusCode).toBe(200);
    const asBroker = await createTrpcHttpCaller(t, w.rca.email, PASSWORD);
    expect((await asBroker.clients.get.query({ id: w.clientA })).id).toBe(w.clientA);

    expect((await call('GET', `/api/clients/${other}`, w.rca.cookie)).statusCode).toBe(404);
    for (const user of [w.lg, w.ar, w.b]) expect((await call('GET', `/api/clients/${w.clientA}`, user.cookie)).statusCode).toBe(404);
    // Reading is all: a broker changes no client.
    const patched = await call('PATCH', `/api/clients/${w.clientA}`, w.rca.cookie, { kind: 'persona', name: 'Luca', surname: 'Cambiato' });
    expect([400, 403, 404]).toContain(patched.statusCode);
    expect((await t.database.db.selectFrom('clients').select('surname').where('id', '=', w.clientA).executeTakeFirstOrThrow()).surname).toBe('Bianchi');
  });
});
