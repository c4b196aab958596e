import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { CONTRACT_MSG } from '../../../../shared/schemas/contract';
import { PRACTICE_MSG } from '../../../../shared/schemas/practices';
import { useTestApp } from '../../../testing/test-app';
import { createTrpcHttpCaller } from '../../../testing/trpc-inject-client';
import { EXAMPLE, PASSWORD, practicesFixtures, url, type TUser } from '../testing/practices.fixtures';

const t = useTestApp();
const UA = 'Mozilla/5.0 (Test) Pratiche';
const QUOTATION_ID = '0b8f5a7e-3c2d-4e1f-9a6b-5c4d3e2f1a0b';
const { call, corner, staff, clientOf, signContract, createPractice, transition, uploadDocs, quoteAndChoose, uploadPolicyDocs, people } = practicesFixtures(t, UA, { rcaPack: 'waived' });

/** The world of most tests: two corners, the RC Auto brokers, a luce e gas broker, an admin; one RC Auto practice of corner A. */
const world = async () => {
  const who = await people();
  return { ...who, practice: await createPractice(who.a, who.clientA) };
};

const historyOf = async (user: TUser, id: string) => (await call('GET', url(id, '/history'), user.cookie)).json() as { kind: string; actorName: string; fromState: string | null; toState: string | null; changes: unknown[]; payload: Record<string, unknown>; impersonatorName: string | null }[];

describe('practices through REST: create and access', () => {
  it('a corner creates a practice of its own client; another corner’s client answers 404, a broker may not create, an admin creates for the client’s corner', async () => {
    const { a, b, rca, admin, clientA, practice } = await world();
    expect(practice).toMatchObject({ sector: 'rca', clientId: clientA, cornerId: a.id, brokerId: null, state: 'quotating', stateLabel: 'In quotazione', title: 'Fiat Panda AB123CD', dataVersion: 1, commissionCents: null });

    expect((await call('POST', '/api/practices/rca', b.cookie, { clientId: clientA, data: EXAMPLE })).statusCode).toBe(404);
    expect((await call('POST', '/api/practices/rca', rca.cookie, { clientId: clientA, data: EXAMPLE })).statusCode).toBe(403);
    const byAdmin = await call('POST', '/api/practices/rca', admin.cookie, { clientId: clientA, data: EXAMPLE });
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().cornerId).toBe(a.id);

    const invalid = await call('POST', '/api/practices/rca', a.cookie, { clientId: clientA, data: { ...EXAMPLE, vehicle: { ...EXAMPLE.vehicle, plate: '12' } } });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().fields ?? {}).some((key) => key.startsWith('vehicle'))).toBe(true);
  });

  it('scopes lists and reads: the corner its own, the RC Auto broker the sector’s, not a luce e gas broker nor another corner', async () => {
    const { a, b, rca, lg, admin, practice } = await world();
    for (const user of [a, rca, admin]) {
      expect((await call('GET', url(practice.id), user.cookie)).statusCode).toBe(200);
      const list = await call('GET', '/api/practices/rca?page=1&limit=10', user.cookie);
      expect(list.headers['x-total-count']).toBe('1');
      expect(list.json().map((row: { id: string }) => row.id)).toEqual([practice.id]);
    }
    for (const user of [b, lg]) {
      const read = await call('GET', url(practice.id), user.cookie);
      expect(read.statusCode).toBe(404);
      expect(read.json().message).toBe(PRACTICE_MSG.notFound);
      expect((await call('GET', url(practice.id, '/history'), user.cookie)).statusCode).toBe(404);
      expect((await call('POST', url(practice.id, '/take'), user.cookie)).statusCode).toBe(404);
      expect((await call('GET', '/api/practices/rca', user.cookie)).json()).toEqual([]);
    }
    // Filters: free text on the sector's key fields, state, client.
    expect((await call('GET', '/api/practices/rca?q=ab123', a.cookie)).json()).toHaveLength(1);
    expect((await call('GET', '/api/practices/rca?q=zz999', a.cookie)).json()).toHaveLength(0);
    expect((await call('GET', '/api/practices/rca?state=quotating', a.cookie)).json()).toHaveLength(1);
    expect((await call('GET', '/api/practices/rca?state=emitted', a.cookie)).json()).toHaveLength(0);
    expect((await call('GET', '/api/practices/rca?state=archived', a.cookie)).statusCode).toBe(400);
    expect((await call('GET', `/api/practices/rca?clientId=${practice.id}`, a.cookie)).json()).toHaveLength(0);
  });

  it('answers 400 for an unknown sector slug; a practice answers only under its own sector', async () => {
    const { a, practice } = await world();
    expect((await call('GET', '/api/practices/auto', a.cookie)).statusCode).toBe(400);
    expect((await call('GET', `/api/practices/auto/${practice.id}`, a.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/practices/gpl', a.cookie)).json()).toEqual([]);
    // A practice is reached only under its own sector.
    expect((await call('GET', `/api/practices/gpl/${practice.id}`, a.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/practices/rca', '')).statusCode).toBe(401);
  });
});

describe('practices through REST: data, transitions, take, history', () => {
  it('records a data change with what changed from what to what; only while editable, not by a broker', async () => {
    const { a, rca, practice } = await world();
    const next = { ...EXAMPLE, vehicle: { ...EXAMPLE.vehicle, powerKw: 60 }, covers: ['fireTheft'] };
    const patched = await call('PATCH', url(practice.id), a.cookie, next);
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ dataVersion: 2, data: { vehicle: { powerKw: 60 } } });
    // The same data again changes nothing.
    expect((await call('PATCH', url(practice.id), a.cookie, { data: next })).json().dataVersion).toBe(2);
    expect((await call('PATCH', url(practice.id), rca.cookie, next)).statusCode).toBe(403);

    const history = await historyOf(a, practice.id);
    expect(history.map((entry) => entry.kind)).toEqual(['created', 'data_changed']);
    expect(history[1]!.changes).toEqual([
      { path: 'covers', from: ['fireTheft', 'roadsideAssistance'], to: ['fireTheft'] },
      { path: 'vehicle.powerKw', from: 51, to: 60 },
    ]);
    expect(history[1]!.actorName).toBe('Anna Rossi');

    // Closed by the broker: no change is accepted any more.
    expect((await call('POST', url(practice.id, '/take'), rca.cookie)).statusCode).toBe(200);
    expect((await transition(rca, practice.id, { to: 'notEmitted', reason: 'Veicolo non assicurabile' })).statusCode).toBe(200);
    const late = await call('PATCH', url(practice.id), a.cookie, EXAMPLE);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(PRACTICE_MSG.notEditable('Non emessa'));
  });

  it('refuses transitions by state (409, Italian), by role, without the signed contract and without a chosen quotation', async () => {
    const { a, rca, practice } = await world();
    const wrong = await transition(a, practice.id, { to: 'emitted', policyNumber: 'X1', effectiveDate: '2027-03-31', expiryDate: '2028-03-31' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe('Passaggio non consentito da «In quotazione» a «Emessa».');
    expect((await transition(a, practice.id, { to: 'nowhere' })).statusCode).toBe(400);

    // Refusing is the broker's.
    expect((await transition(a, practice.id, { to: 'notEmitted', reason: 'Non mi serve più' })).statusCode).toBe(403);
    // The payload is checked.
    expect((await transition(a, practice.id, { to: 'askEmission' })).statusCode).toBe(400);

    const unsigned = await transition(a, practice.id, { to: 'askEmission', quotationId: QUOTATION_ID });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json().message).toBe(CONTRACT_MSG.signRequired);

    await signContract(a);
    const noQuotation = await transition(a, practice.id, { to: 'askEmission', quotationId: QUOTATION_ID });
    expect(noQuotation.statusCode).toBe(409);
    expect(noQuotation.json().message).toBe(PRACTICE_MSG.chooseQuotation);
    expect((await call('GET', url(practice.id), rca.cookie)).json().state).toBe('quotating');
    expect((await historyOf(a, practice.id)).map((entry) => entry.kind)).toEqual(['created']);
  });

  it('a broker takes the practice (others see who has it); only the taker issues; the history holds every step in order', async () => {
    const { a, rca, rca2, admin, practice } = await world();
    await signContract(a);
    await uploadDocs(a, practice.id, ['libretto', 'identity_document', 'tax_code']);
    // An admin quotes (a broker quoting would take the practice): this test is about who acts.
    const quotationId = await quoteAndChoose(admin, a, practice.id, 50_000, 'Compagnia Esempio S.p.A.');
    const asked = await transition(a, practice.id, { to: 'askEmission', quotationId });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ state: 'askEmission', stateLabel: 'Richiesta emissione' });
    const emit = { to: 'emitted', policyNumber: 'POL-123', effectiveDate: '2027-03-31', expiryDate: '2028-03-31' };
    const untaken = await transition(rca, practice.id, emit);
    expect(untaken.statusCode).toBe(403);
    expect(untaken.json().message).toBe(PRACTICE_MSG.takeFirst);

    expect((await call('POST', url(practice.id, '/take'), a.cookie)).statusCode).toBe(403);
    const taken = await call('POST', url(practice.id, '/take'), rca.cookie);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ brokerId: rca.id, brokerName: 'Rocco Broker' });
    const second = await call('POST', url(practice.id, '/take'), rca2.cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(PRACTICE_MSG.alreadyTaken('Rocco Broker'));
    expect((await call('GET', url(practice.id), a.cookie)).json().brokerName).toBe('Rocco Broker');

    const other = await transition(rca2, practice.id, emit);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(PRACTICE_MSG.takenBy('Rocco Broker'));
    expect((await transition(a, practice.id, emit)).statusCode).toBe(403);
    await uploadPolicyDocs(rca, practice.id);
    const emitted = await transition(rca, practice.id, emit);
    expect(emitted.statusCode, emitted.body).toBe(200);
    expect(emitted.json()).toMatchObject({ state: 'emitted', stateLabel: 'Emessa' });
    // A final state: nothing leaves it, even for an admin.
    const back = await transition(admin, practice.id, { to: 'quotating', reason: 'Riapro la pratica' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('Passaggio non consentito da «Emessa» a «In quotazione».');

    const history = await historyOf(rca, practice.id);
    expect(history.map((entry) => [entry.kind, entry.fromState, entry.toState, entry.actorName])).toEqual([
      ['created', null, 'quotating', 'Anna Rossi'],
      ['document_added', null, null, 'Anna Rossi'],
      ['document_added', null, null, 'Anna Rossi'],
      ['document_added', null, null, 'Anna Rossi'],
      ['quotation_added', null, null, 'Ada Broker'],
      ['quotation_chosen', null, null, 'Anna Rossi'],
      ['state_changed', 'quotating', 'askEmission', 'Anna Rossi'],
      ['payment_requested', null, null, 'Anna Rossi'],
      ['taken', null, null, 'Rocco Broker'],
      ['document_added', null, null, 'Rocco Broker'],
      ['document_added', null, null, 'Rocco Broker'],
      ['state_changed', 'askEmission', 'emitted', 'Rocco Broker'],
    ]);
    expect(history[11]!.payload).toEqual({ transition: 'emit', policyNumber: 'POL-123', effectiveDate: '2027-03-31', expiryDate: '2028-03-31' });
  });

  it('an admin may make any transition; under impersonation the history names the admin behind the corner', async () => {
    const { a, admin, practice } = await world();
    const { token } = (await call('POST', '/api/admin/auth/login-as', admin.cookie, { userId: a.id })).json();
    const patched = await t.app.inject({
      method: 'PATCH',
      url: url(practice.id),
      headers: { authorization: `Bearer ${token}` },
      payload: { ...EXAMPLE, notes: 'Cambiata dall’assistenza' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // The broker's refusal, by an admin (no one took the practice: an admin needs not).
    expect((await transition(admin, practice.id, { to: 'notEmitted', reason: 'Chiusa dall’amministrazione' })).statusCode).toBe(200);
    const history = await historyOf(admin, practice.id);
    expect(history.map((entry) => [entry.kind, entry.actorName, entry.impersonatorName])).toEqual([
      ['created', 'Anna Rossi', null],
      ['data_changed', 'Anna Rossi', 'Ada Broker'],
      ['state_changed', 'Ada Broker', null],
    ]);
  });

  it('keeps history entries as written (append-only: no code updates or deletes them)', async () => {
    const { a, rca, practice } = await world();
    const first = await t.database.db.selectFrom('practice_events').selectAll().where('practice_id', '=', practice.id).executeTakeFirstOrThrow();
    await call('PATCH', url(practice.id), a.cookie, { ...EXAMPLE, notes: 'Nuova nota' });
    await call('POST', url(practice.id, '/take'), rca.cookie);
    await transition(rca, practice.id, { to: 'notEmitted', reason: 'Veicolo non assicurabile' });
    const rows = await t.database.db.selectFrom('practice_events').selectAll().where('practice_id', '=', practice.id).orderBy('id').execute();
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual(first);

    // No module's code writes `update`/`delete` on practice_events (tests and test helpers aside).
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const offending = (readdirSync(root, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('testing'))
      .filter((file) => /(updateTable|deleteFrom)\(\s*'practice_events'|(update|delete\s+from)\s+"?practice_events/i.test(readFileSync(path.join(root, file), 'utf8')));
    expect(offending).toEqual([]);
  });
});

describe('practices hold their client’s data (GDPR)', () => {
  it('refuses erasing a client with a practice until five years after its last change, naming the date; a client without one is erased', async () => {
    const { a, clientA } = await world();
    const refused = await call('POST', `/api/clients/${clientA}/erase`, a.cookie);
    expect(refused.statusCode, refused.body).toBe(409);
    const until = new Date();
    until.setUTCFullYear(until.getUTCFullYear() + 5);
    const day = until.toISOString().slice(0, 10).split('-').reverse().join('/');
    expect(refused.json().message).toContain(day);
    expect((await t.database.db.selectFrom('clients').select('surname').where('id', '=', clientA).executeTakeFirstOrThrow()).surname).toBe('Bianchi');

    const other = await clientOf(a.id, 'Neri');
    expect((await call('POST', `/api/clients/${other}/erase`, a.cookie)).statusCode).toBe(200);
  });
});

describe('practices: events and bad data', () => {
  it('publishes every committed change on the sector’s and the corner’s topics', async () => {
    const heard: { topic: string; payload: unknown }[] = [];
    const offs = ['practices:sector:rca'].map((topic) => t.app.bus.subscribe(topic, (payload) => void heard.push({ topic, payload })));
    try {
      const { a, rca, practice } = await world();
      offs.push(t.app.bus.subscribe(`practices:corner:${a.id}`, (payload) => void heard.push({ topic: 'corner', payload })));
      await call('POST', url(practice.id, '/take'), rca.cookie);
      await transition(rca, practice.id, { to: 'notEmitted', reason: 'Veicolo non assicurabile' });
      await expect.poll(() => heard.length).toBe(5);
      expect(heard).toHaveLength(5);
      expect(heard).toEqual(expect.arrayContaining([
        { topic: 'practices:sector:rca', payload: { sector: 'rca', id: practice.id, kind: 'created', state: 'quotating' } },
        { topic: 'practices:sector:rca', payload: { sector: 'rca', id: practice.id, kind: 'taken', state: 'quotating' } },
        { topic: 'corner', payload: { sector: 'rca', id: practice.id, kind: 'taken', state: 'quotating' } },
        { topic: 'practices:sector:rca', payload: { sector: 'rca', id: practice.id, kind: 'state_changed', state: 'notEmitted' } },
        { topic: 'corner', payload: { sector: 'rca', id: practice.id, kind: 'state_changed', state: 'notEmitted' } },
      ]));
    } finally {
      for (const off of offs) off();
    }
  });

  it('treats a stored state outside the definition as an error, never as a default', async () => {
    const { a, practice } = await world();
    await t.database.db.updateTable('practices').set({ state: 'archived' }).where('id', '=', practice.id).execute();
    expect((await call('GET', url(practice.id), a.cookie)).statusCode).toBe(500);
    expect((await call('GET', '/api/practices/rca', a.cookie)).statusCode).toBe(500);
  });
});

describe('practices through tRPC', () => {
  it('lists, reads, creates, updates, takes, moves and tells the history; sectors are validated', async () => {
    const { a, lg, clientA } = await world();
    await staff('rcb@example.it', 'broker', 'RC Auto', 'Rita');
    const asCorner = await createTrpcHttpCaller(t, a.email, PASSWORD);
    const asBroker = await createTrpcHttpCaller(t, 'rcb@example.it', PASSWORD);
    const asLg = await createTrpcHttpCaller(t, lg.email, PASSWORD);

    const created = await asCorner.practices.create.mutate({ sector: 'rca', clientId: clientA, data: EXAMPLE });
    expect(created).toMatchObject({ state: 'quotating', cornerId: a.id });
    expect(created.createdAt).toBeInstanceOf(Date);
    const list = await asCorner.practices.list.query({ sector: 'rca', limit: 1, page: 1, sort: 'newest' });
    expect(list.total).toBe(2);
    expect(list.list.map((row) => row.id)).toEqual([created.id]);
    expect((await asBroker.practices.get.query({ sector: 'rca', id: created.id })).id).toBe(created.id);
    await expect(asLg.practices.get.query({ sector: 'rca', id: created.id })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    expect((await asLg.practices.list.query({ sector: 'rca' })).total).toBe(0);

    const updated = await asCorner.practices.update.mutate({ sector: 'rca', id: created.id, data: { ...EXAMPLE, startDate: '2027-04-01' } });
    expect(updated.dataVersion).toBe(2);
    await expect(asCorner.practices.transition.mutate({ sector: 'rca', id: created.id, to: 'emitted' })).rejects.toSatisfy(
      (error: unknown) => error instanceof TRPCClientError && error.data?.code === 'CONFLICT' && error.message === 'Passaggio non consentito da «In quotazione» a «Emessa».',
    );
    const taken = await asBroker.practices.take.mutate({ sector: 'rca', id: created.id });
    expect(taken.brokerName).toBe('Rita Broker');
    const refused = await asBroker.practices.transition.mutate({ sector: 'rca', id: created.id, to: 'notEmitted', payload: { reason: 'Dati del veicolo incompleti' } });
    expect(refused.stateLabel).toBe('Non emessa');

    const history = await asCorner.practices.history.query({ sector: 'rca', id: created.id });
    expect(history.map((entry) => entry.kind)).toEqual(['created', 'data_changed', 'taken', 'state_changed']);
    expect(history[1]!.changes).toEqual([{ path: 'startDate', from: '2027-03-31', to: '2027-04-01' }]);
    expect(history[3]!.payload).toEqual({ transition: 'refuse', reason: 'Dati del veicolo incompleti' });

    await expect(asCorner.practices.list.query({ sector: 'auto' as 'rca' })).rejects.toMatchObject({ data: { code: 'BAD_REQUEST' } });
    await expect(asCorner.practices.get.query({ sector: 'gpl', id: created.id })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
  });
});
