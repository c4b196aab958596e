import { describe, expect, it } from 'vitest';
import { CLIENT_RECORD_MSG } from '../../../shared/schemas/client-record';
import { CodiceFiscale } from '../../../shared/validation/codice-fiscale';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';

const t = useTestApp();
const PASSWORD = 'Segreta123';

const MARIO_CF = CodiceFiscale.compute({ name: 'Mario', surname: 'Rossi', gender: 'M', day: 15, month: 3, year: 1980, birthplace: 'Milano', birthplaceProvincia: 'MI' });
const mario = { kind: 'persona' as const, name: 'Mario', surname: 'Rossi', cf: MARIO_CF, birthDate: '1980-03-15', sex: 'M' as const };
const alfa = { kind: 'azienda' as const, businessName: 'Alfa Srl', vat: '01234560017' };

const signIn = async (email: string, role: 'admin' | 'corner' | 'broker' = 'corner', state: 'active' | 'inactive' = 'active') => {
  const user = await t.createUser({ email, password: PASSWORD, role, name: email.split('@')[0], surname: 'Test', state, ...(role === 'broker' ? { brokerType: 'RC Auto' as const } : {}) });
  return { ...user, cookie: state === 'active' ? await t.login(email, PASSWORD) : '' };
};
const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const moveRest = (cookie: string, id: string, body: object) => call('POST', `/api/clients/${id}/move`, cookie, body);
const auditRows = async () =>
  (await t.database.db.selectFrom('audit_log').select(['action', 'user_id', 'admin_id', 'method', 'path', 'details']).where('action', '=', 'client_moved').execute()).map((row) => ({
    ...row,
    details: typeof row.details === 'string' ? (JSON.parse(row.details) as unknown) : row.details,
  }));

/** Two corners, an admin, and corner A's client Mario with a note. */
const setUp = async () => {
  const a = await signIn('corner-a@example.it');
  const b = await signIn('corner-b@example.it');
  const admin = await signIn('admin@example.it', 'admin');
  const client = (await call('POST', '/api/clients', a.cookie, mario)).json<{ id: string }>();
  expect((await call('POST', `/api/clients/${client.id}/notes`, a.cookie, { text: 'Primo contatto' })).statusCode).toBe(201);
  return { a, b, admin, clientId: client.id };
};

describe('moving a client to another corner through REST', () => {
  it('moves the client with its notes, writes the reason to the audit log, and only the new corner sees it', async () => {
    const { a, b, admin, clientId } = await setUp();
    const moved = await moveRest(admin.cookie, clientId, { toCornerId: b.id, reason: '  Il cliente ha cambiato agenzia  ' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: clientId, cornerId: b.id, cornerName: 'corner-b Test', name: 'Mario', cf: MARIO_CF });

    expect((await call('GET', `/api/clients/${clientId}`, a.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/clients', a.cookie)).json()).toEqual([]);
    expect((await call('GET', '/api/clients', b.cookie)).json()).toEqual([expect.objectContaining({ id: clientId, cornerId: b.id })]);
    const notes = (await call('GET', `/api/clients/${clientId}/notes`, b.cookie)).json();
    expect(notes).toEqual([expect.objectContaining({ text: 'Primo contatto', authorName: 'corner-a Test' })]);

    expect(await auditRows()).toEqual([
      { action: 'client_moved', user_id: a.id, admin_id: admin.id, method: 'POST', path: `/api/clients/${clientId}/move`, details: { from: a.id, to: b.id, reason: 'Il cliente ha cambiato agenzia' } },
    ]);
  });

  it('requires a reason of 5 to 500 characters and an active corner other than the current one', async () => {
    const { a, admin, clientId } = await setUp();
    const inactive = await signIn('spento@example.it', 'corner', 'inactive');
    const broker = await signIn('broker@example.it', 'broker');
    const b = (await t.database.db.selectFrom('users').select('id').where('email', '=', 'corner-b@example.it').executeTakeFirstOrThrow()).id;

    const noReason = await moveRest(admin.cookie, clientId, { toCornerId: b });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toEqual([CLIENT_RECORD_MSG.moveReasonRequired]);
    expect((await moveRest(admin.cookie, clientId, { toCornerId: b, reason: '  ok  ' })).json().fields.reason).toEqual([CLIENT_RECORD_MSG.moveReasonRequired]);
    expect((await moveRest(admin.cookie, clientId, { toCornerId: b, reason: 'x'.repeat(501) })).json().fields.reason).toEqual([CLIENT_RECORD_MSG.moveReasonTooLong]);
    expect((await moveRest(admin.cookie, clientId, { reason: 'Cambio agenzia' })).json().fields.toCornerId).toEqual([CLIENT_RECORD_MSG.moveTargetRequired]);

    for (const toCornerId of [admin.id, broker.id, inactive.id, '00000000-0000-4000-8000-000000000000']) {
      const answer = await moveRest(admin.cookie, clientId, { toCornerId, reason: 'Cambio agenzia' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ message: CLIENT_RECORD_MSG.moveTargetNotFound, fields: { toCornerId: [CLIENT_RECORD_MSG.moveTargetNotFound] } });
    }
    const same = await moveRest(admin.cookie, clientId, { toCornerId: a.id, reason: 'Cambio agenzia' });
    expect(same.json()).toMatchObject({ message: CLIENT_RECORD_MSG.moveSameCorner, fields: { toCornerId: [CLIENT_RECORD_MSG.moveSameCorner] } });

    expect((await moveRest(admin.cookie, '00000000-0000-4000-8000-000000000000', { toCornerId: b, reason: 'Cambio agenzia' })).statusCode).toBe(404);
    expect((await call('GET', `/api/clients/${clientId}`, a.cookie)).json().cornerId).toBe(a.id);
    expect(await auditRows()).toEqual([]);
  });

  it('answers a conflict naming the record when the target book holds the same codice fiscale or partita IVA', async () => {
    const { a, b, admin, clientId } = await setUp();
    await call('POST', '/api/clients', b.cookie, { ...mario, name: 'Marione', acknowledgedWarnings: true });
    const conflict = await moveRest(admin.cookie, clientId, { toCornerId: b.id, reason: 'Cambio agenzia' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe(CLIENT_RECORD_MSG.moveDuplicateCf('Marione Rossi', 'corner-b Test'));

    const company = (await call('POST', '/api/clients', a.cookie, alfa)).json<{ id: string }>();
    await call('POST', '/api/clients', b.cookie, { ...alfa, businessName: 'Alfa Due Srl' });
    const vat = await moveRest(admin.cookie, company.id, { toCornerId: b.id, reason: 'Cambio agenzia' });
    expect(vat.statusCode).toBe(409);
    expect(vat.json().message).toBe(CLIENT_RECORD_MSG.moveDuplicateVat('Alfa Due Srl', 'corner-b Test'));

    expect((await call('GET', '/api/clients', a.cookie)).json()).toHaveLength(2);
    expect(await auditRows()).toEqual([]);
  });

  it('refuses a corner moving its own client, and answers another corner’s client as missing', async () => {
    const { a, b, clientId } = await setUp();
    const own = await moveRest(a.cookie, clientId, { toCornerId: b.id, reason: 'Lo passo a B' });
    expect(own.statusCode).toBe(403);
    const other = await moveRest(b.cookie, clientId, { toCornerId: b.id, reason: 'Lo prendo io' });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(CLIENT_RECORD_MSG.notFound);
    expect((await call('GET', `/api/clients/${clientId}`, a.cookie)).json().cornerId).toBe(a.id);
  });
});

describe('moving a client to another corner through tRPC', () => {
  it('moves for an admin, refuses corners and brokers, and answers the same Italian errors', async () => {
    const { a, b, clientId } = await setUp();
    await signIn('broker@example.it', 'broker');
    const admin = await createTrpcHttpCaller(t, 'admin@example.it', PASSWORD);
    const cornerA = await createTrpcHttpCaller(t, 'corner-a@example.it', PASSWORD);
    const cornerB = await createTrpcHttpCaller(t, 'corner-b@example.it', PASSWORD);
    const broker = await createTrpcHttpCaller(t, 'broker@example.it', PASSWORD);

    await expect(admin.clients.move.mutate({ id: clientId, toCornerId: b.id, reason: '' })).rejects.toMatchObject({
      data: { code: 'BAD_REQUEST', fields: { reason: [CLIENT_RECORD_MSG.moveReasonRequired] } },
    });
    await expect(admin.clients.move.mutate({ id: clientId, toCornerId: a.id, reason: 'Cambio agenzia' })).rejects.toMatchObject({ message: CLIENT_RECORD_MSG.moveSameCorner });
    await expect(cornerA.clients.move.mutate({ id: clientId, toCornerId: b.id, reason: 'Cambio agenzia' })).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    await expect(broker.clients.move.mutate({ id: clientId, toCornerId: b.id, reason: 'Cambio agenzia' })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });

    const moved = await admin.clients.move.mutate({ id: clientId, toCornerId: b.id, reason: 'Cambio agenzia' });
    expect(moved).toMatchObject({ id: clientId, cornerId: b.id });
    await expect(cornerA.clients.get.query({ id: clientId })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    expect((await cornerA.clients.find.query({})).total).toBe(0);
    expect((await cornerB.clients.find.query({})).list.map((client) => client.id)).toEqual([clientId]);
    expect(await cornerB.clients.notes.list.query({ id: clientId })).toHaveLength(1);

    // And back, each move with its own audit row.
    expect((await admin.clients.move.mutate({ id: clientId, toCornerId: a.id, reason: 'Errore di assegnazione' })).cornerId).toBe(a.id);
    expect((await auditRows()).map((row) => row.details)).toEqual([
      { from: a.id, to: b.id, reason: 'Cambio agenzia' },
      { from: b.id, to: a.id, reason: 'Errore di assegnazione' },
    ]);
  });
});
