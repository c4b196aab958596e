import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { CLIENT_MSG } from '../../../shared/rules/client-record.messages';
import { CLIENT_RECORD_MSG } from '../../../shared/schemas/client-record';
import { useTestApp } from '../../testing/test-app';
import { MARIO, MARIO_CF, MILANO } from './clients.fixtures';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';

const t = useTestApp();
const PASSWORD = 'Segreta123';

// The e-mail as typed, to see it stored lower case.
const mario = { ...MARIO, email: 'Mario.Rossi@Example.it' };
const alfa = {
  kind: 'azienda' as const,
  businessName: 'Alfa Srl',
  vat: '01234560017',
  companyCf: '01234560017',
  pec: 'alfa@pec.it',
  sdiCode: 'M5UXCR1',
  legalRepresentative: { name: 'Anna', surname: 'Verdi', cf: '' },
  email: 'info@alfa.it',
  phones: ['02 1234567'],
  address: { ...MILANO, cap: '20122' },
};

const signIn = async (email: string, role: 'admin' | 'corner' = 'corner') => {
  const user = await t.createUser({ email, password: PASSWORD, role, name: email.split('@')[0], surname: 'Test' });
  return { ...user, cookie: await t.login(email, PASSWORD) };
};
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const clientCount = async () => Number((await t.database.db.selectFrom('clients').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe('client records through REST', () => {
  it('creates a person and a company, normalised, and reads them back', async () => {
    const { id: cornerId, cookie } = await signIn('corner@example.it');
    const created = await call('POST', '/api/clients', cookie, mario);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      cornerId,
      cornerName: 'corner Test',
      kind: 'persona',
      cf: MARIO_CF,
      email: 'mario.rossi@example.it',
      phones: ['+393471234567'],
      birthDate: '1980-03-15',
      birthplace: { cadastralCode: 'F205', label: 'Milano (MI)' },
      address: MILANO,
      businessName: '',
    });
    const company = await call('POST', '/api/clients', cookie, alfa);
    expect(company.statusCode).toBe(201);
    expect(company.json()).toMatchObject({ kind: 'azienda', businessName: 'Alfa Srl', vat: '01234560017', sdiCode: 'M5UXCR1', legalRepresentative: { name: 'Anna', surname: 'Verdi' } });

    const read = await call('GET', `/api/clients/${created.json().id}`, cookie);
    expect(read.json()).toEqual(created.json());

    // The spec's list keeps its shape (a bare array, the total in a header) and gains the pages' fields.
    const list = await call('GET', '/api/clients?page=1&limit=0', cookie);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json()).toEqual([
      expect.objectContaining({ type: 'azienda', business: 'Alfa Srl', vat: '01234560017', phone: '+39021234567', cornerId, displayName: 'Alfa Srl', comune: 'Milano', kind: 'azienda' }),
      expect.objectContaining({ type: 'persona', name: 'Mario', surname: 'Rossi', cf: MARIO_CF, email: 'mario.rossi@example.it', phone: '+393471234567', displayName: 'Mario Rossi' }),
    ]);
    expect((await call('GET', '/api/clients?q=rossi', cookie)).json()).toHaveLength(1);
  });

  it('refuses a codice fiscale that disagrees with the fields unless acknowledged, and a CAP of another comune', async () => {
    const { cookie } = await signIn('corner@example.it');
    const mismatch = await call('POST', '/api/clients', cookie, { ...mario, birthDate: '1981-03-15' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields.birthDate).toEqual([CLIENT_MSG.birthDateMismatch('15/03/1980')]);
    const badCap = await call('POST', '/api/clients', cookie, { ...mario, address: { ...MILANO, cap: '00184' } });
    expect(badCap.statusCode).toBe(400);
    expect(badCap.json().fields['address.cap']).toEqual([CLIENT_MSG.capNotInComune('00184', 'Milano')]);
    const unknownPlace = await call('POST', '/api/clients', cookie, { ...mario, birthplace: { cadastralCode: 'Z999', label: 'Nessuno' }, acknowledgedWarnings: true });
    expect(unknownPlace.json().fields['birthplace.cadastralCode']).toEqual([CLIENT_RECORD_MSG.birthplaceUnknown]);
    expect(await clientCount()).toBe(0);

    const confirmed = await call('POST', '/api/clients', cookie, { ...mario, birthDate: '1981-03-15', acknowledgedWarnings: true });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json().birthDate).toBe('1981-03-15');
  });

  it('answers a duplicate codice fiscale or partita IVA with a conflict naming the existing client', async () => {
    const { cookie } = await signIn('corner@example.it');
    const first = (await call('POST', '/api/clients', cookie, mario)).json();
    await call('POST', '/api/clients', cookie, alfa);
    const again = await call('POST', '/api/clients', cookie, { ...mario, name: 'Marco', acknowledgedWarnings: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Nella tua rubrica c'è già Mario Rossi con questo codice fiscale.");
    const vat = await call('POST', '/api/clients', cookie, { ...alfa, businessName: 'Alfa Due' });
    expect(vat.json().message).toBe(CLIENT_RECORD_MSG.duplicateVat('Alfa Srl'));
    expect(await clientCount()).toBe(2);

    // Another corner may hold the same person; a deleted client frees its codice fiscale.
    const other = await signIn('altro@example.it');
    expect((await call('POST', '/api/clients', other.cookie, mario)).statusCode).toBe(201);
    expect((await call('DELETE', `/api/clients/${first.id}`, cookie)).json()).toEqual({ message: CLIENT_RECORD_MSG.removed });
    expect((await call('POST', '/api/clients', cookie, mario)).statusCode).toBe(201);
  });

  it('updates and soft-deletes: a deleted client is missing and leaves the list', async () => {
    const { cookie } = await signIn('corner@example.it');
    const { id } = (await call('POST', '/api/clients', cookie, mario)).json();
    const updated = await call('PATCH', `/api/clients/${id}`, cookie, { ...mario, phones: ['3470000000', '+39 02 1234567'], address: null });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ phones: ['+393470000000', '+39021234567'], address: null });
    expect((await call('GET', '/api/clients', cookie)).json()[0]).toMatchObject({ phone: '+393470000000', comune: '' });
    const invalid = await call('PATCH', `/api/clients/${id}`, cookie, { ...mario, cf: 'XXX' });
    expect(invalid.statusCode).toBe(400);
    expect((await call('GET', `/api/clients/${id}`, cookie)).json().cf).toBe(MARIO_CF);

    expect((await call('DELETE', `/api/clients/${id}`, cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/clients/${id}`, cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/clients/${id}`, cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/clients?page=1&limit=0', cookie)).json()).toEqual([]);
  });

  it('keeps each corner to its own book; the admin sees all, creates for a corner and is audited', async () => {
    const a = await signIn('corner-a@example.it');
    const b = await signIn('corner-b@example.it');
    const admin = await signIn('admin@example.it', 'admin');
    const { id } = (await call('POST', '/api/clients', a.cookie, mario)).json();

    expect((await call('GET', `/api/clients/${id}`, b.cookie)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/clients/${id}`, b.cookie, { ...mario, name: 'Hack', acknowledgedWarnings: true })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/clients/${id}`, b.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/clients/${id}/notes`, b.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/clients/${id}/notes`, b.cookie, { text: 'no' })).statusCode).toBe(404);
    expect((await call('GET', '/api/clients', b.cookie)).json()).toEqual([]);
    expect((await call('GET', `/api/clients/${id}`, a.cookie)).json().name).toBe('Mario');

    expect((await call('GET', `/api/clients/${id}`, admin.cookie)).json().cornerId).toBe(a.id);
    expect((await call('POST', '/api/clients', admin.cookie, alfa)).json().fields.cornerId).toEqual([CLIENT_RECORD_MSG.cornerNotFound]);
    const forB = await call('POST', '/api/clients', admin.cookie, { ...alfa, cornerId: b.id });
    expect(forB.statusCode).toBe(201);
    expect(forB.json()).toMatchObject({ cornerId: b.id, cornerName: 'corner-b Test' });
    expect((await call('GET', '/api/clients', admin.cookie)).headers['x-total-count']).toBe('2');
    expect((await call('GET', '/api/clients', b.cookie)).json()).toHaveLength(1);
    const audit = await t.database.db.selectFrom('audit_log').select(['action', 'user_id', 'admin_id']).execute();
    expect(audit).toEqual([{ action: 'client_created', user_id: b.id, admin_id: admin.id }]);
  });

  it('adds and lists notes, newest first, with their author', async () => {
    const { cookie } = await signIn('corner@example.it');
    const { id } = (await call('POST', '/api/clients', cookie, mario)).json();
    expect((await call('POST', `/api/clients/${id}/notes`, cookie, { text: '  ' })).statusCode).toBe(400);
    expect((await call('POST', `/api/clients/${id}/notes`, cookie, { text: 'Primo contatto' })).statusCode).toBe(201);
    await call('POST', `/api/clients/${id}/notes`, cookie, { text: 'Preventivo RC auto' });
    const notes = (await call('GET', `/api/clients/${id}/notes`, cookie)).json();
    expect(notes.map((n: { text: string; authorName: string }) => [n.text, n.authorName])).toEqual([
      ['Preventivo RC auto', 'corner Test'],
      ['Primo contatto', 'corner Test'],
    ]);
  });
});

describe('client records through tRPC', () => {
  it('creates, reads, updates, lists, removes and keeps notes; other corners and brokers get nothing', async () => {
    await signIn('corner@example.it');
    await signIn('altro@example.it');
    await t.createUser({ email: 'broker@example.it', password: PASSWORD, role: 'broker' });
    const trpc = await createTrpcHttpCaller(t, 'corner@example.it', PASSWORD);
    const other = await createTrpcHttpCaller(t, 'altro@example.it', PASSWORD);
    const broker = await createTrpcHttpCaller(t, 'broker@example.it', PASSWORD);

    const record = await trpc.clients.create.mutate(mario);
    expect(record.createdAt).toBeInstanceOf(Date);
    expect(await trpc.clients.get.query({ id: record.id })).toEqual(record);
    const updated = await trpc.clients.update.mutate({ id: record.id, data: { ...mario, notes: 'Aggiornato' } });
    expect(updated.notes).toBe('Aggiornato');
    const found = await trpc.clients.find.query({ q: MARIO_CF.slice(0, 6).toLowerCase(), sort: 'createdAt' });
    expect(found).toMatchObject({ total: 1, list: [{ id: record.id, kind: 'persona', displayName: 'Mario Rossi', comune: 'Milano' }] });

    await expect(trpc.clients.create.mutate(mario)).rejects.toMatchObject({ data: { code: 'CONFLICT' }, message: CLIENT_RECORD_MSG.duplicateCf('Mario Rossi') });
    await expect(other.clients.get.query({ id: record.id })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    await expect(broker.clients.get.query({ id: record.id })).rejects.toBeInstanceOf(TRPCClientError);
    expect(await broker.clients.find.query({})).toEqual({ list: [], total: 0 });

    const note = await trpc.clients.notes.add.mutate({ clientId: record.id, text: 'Chiamare lunedì' });
    expect(await trpc.clients.notes.list.query({ id: record.id })).toEqual([note]);
    expect(await trpc.clients.remove.mutate({ id: record.id })).toEqual({ message: CLIENT_RECORD_MSG.removed });
    await expect(trpc.clients.get.query({ id: record.id })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    expect((await trpc.clients.find.query({})).total).toBe(0);
  });
});
