import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { luceGasDefinition } from '../../../shared/practices/luce-e-gas';
import { addDays } from '../../../shared/schemas/dashboard';
import { STUCK_MSG, type TStuckPage, type TStuckThresholds } from '../../../shared/schemas/stuck';
import { todayInItaly } from '../../../shared/rules/italian-day';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';
import { PASSWORD, practicesFixtures, url, type TUser } from '../practices/testing/practices.fixtures';

// Issue 28: the stuck-work board — what waits past its threshold (from the last change of state, not the creation),
// who holds it, for how long; the broker's view of its sector; the thresholds in settings (with their history); the
// admin's reassignment (audited, both brokers told); the daily digest to the admins. Practices are created and moved
// through the public API; only their clocks are set back in SQL.
const t = useTestApp();
const { call, staff, corner, clientOf, signContract, createPractice, uploadDocs, quoteAndChoose } = practicesFixtures(t, 'Mozilla/5.0 (Test) Stuck', { rcaPack: 'waived' });
const LG = '/api/practices/luce-e-gas';
const HOUR = 3_600_000;

const backdate = async (id: string, hours: number, createdHours = hours) => {
  const now = Date.now();
  await t.database.db
    .updateTable('practices')
    .set({ state_changed_at: new Date(now - hours * HOUR), created_at: new Date(now - createdHours * HOUR) })
    .where('id', '=', id)
    .execute();
};

const board = async (who: TUser, query = '') => {
  const response = await call('GET', `/api/admin/stuck${query}`, who.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TStuckPage;
};

const world = async () => {
  const a = await corner('a@example.it', 'Anna');
  const rocco = await staff('rocco@example.it', 'broker', 'RC Auto', 'Rocco');
  const bruno = await staff('bruno@example.it', 'broker', 'RC Auto', 'Bruno');
  const lucio = await staff('lucio@example.it', 'broker', 'luce e gas', 'Lucio');
  const admin = await staff('admin@example.it', 'admin', undefined, 'Ada');
  await signContract(a);
  const clientA = await clientOf(a.id);
  const take = async (who: TUser, path: string) => expect((await call('POST', `${path}/take`, who.cookie)).statusCode).toBe(200);

  // Nobody took it for 30 hours (the default: 24).
  const untaken = await createPractice(a, clientA);
  await backdate(untaken.id, 30);
  // Rocco holds it for 50 hours without a quotation (default 48); created 400 hours ago: the wait counts from the state.
  const noQuote = await createPractice(a, clientA);
  await take(rocco, url(noQuote.id));
  await backdate(noQuote.id, 50, 400);
  // Held 10 hours: not yet.
  const fresh = await createPractice(a, clientA);
  await take(rocco, url(fresh.id));
  await backdate(fresh.id, 10);
  // Held 60 hours but it has a quotation (it waits on the corner's choice): not on the board.
  const quoted = await createPractice(a, clientA);
  await uploadDocs(a, quoted.id);
  await take(rocco, url(quoted.id));
  await quoteAndChoose(rocco, a, quoted.id, 30_000);
  await backdate(quoted.id, 60);

  // Luce e gas in processing, its expected start two days ago: past it (default: 24 hours past the day).
  const created = await call('POST', LG, a.cookie, { clientId: clientA, data: luceGasDefinition.example });
  expect(created.statusCode, created.body).toBe(201);
  const supply = (created.json() as { id: string }).id;
  await uploadDocs(a, supply, luceGasDefinition.example.offer.docs.filter((doc) => doc.required).map((doc) => doc.docType), 'luce-e-gas');
  await take(lucio, `${LG}/${supply}`);
  expect((await call('POST', `${LG}/${supply}/transition`, lucio.cookie, { to: 'processing' })).statusCode).toBe(200);
  await t.database.db.updateTable('practices').set({ expected_start_date: addDays(todayInItaly(), -2), state_changed_at: new Date(Date.now() - 20 * HOUR) }).where('id', '=', supply).execute();

  // A payment declared paid 80 hours ago (default 72), and one 10 hours ago.
  await t.database.db
    .insertInto('payments')
    .values([
      { corner_id: a.id, description: 'Premio polizza dichiarato', amount_cents: 45_600, status: 'pending', declared_at: new Date(Date.now() - 80 * HOUR) },
      { corner_id: a.id, description: 'Premio appena dichiarato', amount_cents: 1_000, status: 'pending', declared_at: new Date(Date.now() - 10 * HOUR) },
    ])
    .execute();
  return { a, rocco, bruno, lucio, admin, untaken, noQuote, fresh, quoted, supply };
};

describe('stuck-work board', () => {
  it('lists what waits past its threshold, longest first, with who holds it and for how long', async () => {
    const { admin, untaken, noQuote, supply } = await world();
    const body = await board(admin);
    expect(body.list.map((row) => [row.kind, row.reason, row.id === untaken.id ? 'untaken' : row.id === noQuote.id ? 'noQuote' : row.id === supply ? 'supply' : 'payment'])).toEqual([
      ['payment', 'paymentPending', 'payment'],
      ['practice', 'noQuotation', 'noQuote'],
      ['practice', 'notTaken', 'untaken'],
      ['practice', 'pastExpectedStart', 'supply'],
    ]);
    expect(body.total).toBe(4);
    expect(body.totalCapped).toBe(false);
    const byId = new Map(body.list.map((row) => [row.id, row]));
    expect(byId.get(noQuote.id)).toMatchObject({ sector: 'rca', state: 'quotating', stateLabel: 'In quotazione', holderName: 'Rocco Broker', cornerName: 'Anna Rossi', thresholdHours: 48, link: `/rca/${noQuote.id}` });
    // From the last change of state (50 hours), not from the creation (400).
    expect(byId.get(noQuote.id)!.waitingHours).toBe(50);
    expect(byId.get(untaken.id)).toMatchObject({ holderId: null, holderName: STUCK_MSG.nobody, thresholdHours: 24, waitingHours: 30 });
    expect(byId.get(supply)).toMatchObject({ sector: 'luce-e-gas', holderName: 'Lucio Broker', stateLabel: 'In lavorazione' });
    expect(body.list[0]).toMatchObject({ kind: 'payment', amountCents: 45_600, holderName: STUCK_MSG.admins, link: '/admin/pagamenti' });

    // One sector: only its practices.
    expect((await board(admin, '?sector=rca')).list.map((row) => row.id)).toEqual([noQuote.id, untaken.id]);
    // Paging.
    const second = await board(admin, '?limit=2&page=2');
    expect(second.list.map((row) => row.id)).toEqual([untaken.id, supply]);
    expect(second.total).toBe(4);
    const bad = await call('GET', '/api/admin/stuck?sector=nautica', admin.cookie);
    expect(bad.statusCode).toBe(400);
  });

  it('shows a broker its own sector, never the payments, and refuses corners and other sectors (REST and tRPC)', async () => {
    const { a, rocco, lucio, noQuote, untaken, supply } = await world();
    expect((await board(rocco)).list.map((row) => row.id)).toEqual([noQuote.id, untaken.id]);
    expect((await board(lucio)).list.map((row) => row.id)).toEqual([supply]);
    expect((await call('GET', '/api/admin/stuck?sector=luce-e-gas', rocco.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/stuck', a.cookie)).statusCode).toBe(403);
    const trpc = await createTrpcHttpCaller(t, a.email, PASSWORD);
    await expect(trpc.stuck.list.query({})).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    const brokerTrpc = await createTrpcHttpCaller(t, rocco.email, PASSWORD);
    expect((await brokerTrpc.stuck.list.query({})).list.map((row) => row.id)).toEqual([noQuote.id, untaken.id]);
  });

  it('takes its thresholds from the settings, checked, with a history', async () => {
    const { admin, rocco, noQuote, untaken } = await world();
    const current = (await call('GET', '/api/admin/stuck/thresholds', admin.cookie)).json() as TStuckThresholds;
    expect(current.sectors.rca).toEqual({ quotating: 48, askEmission: 48 });
    expect(current.sectors.gpl).toEqual({ submitted: 48, processing: 24 });

    const wrong = await call('PUT', '/api/admin/stuck/thresholds', admin.cookie, { ...current, sectors: { ...current.sectors, rca: { emitted: 5 } } });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain(STUCK_MSG.stateUnknown('rca', 'emitted'));
    const zero = await call('PUT', '/api/admin/stuck/thresholds', admin.cookie, { ...current, unassignedHours: 0 });
    expect(zero.statusCode).toBe(400);
    expect(JSON.stringify(zero.json())).toContain(STUCK_MSG.hoursInvalid);
    expect((await call('PUT', '/api/admin/stuck/thresholds', rocco.cookie, current)).statusCode).toBe(403);
    expect((await board(admin)).total).toBe(4);

    const saved = await call('PUT', '/api/admin/stuck/thresholds', admin.cookie, { ...current, unassignedHours: 36, sectors: { ...current.sectors, rca: { quotating: 100 } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const ids = (await board(admin)).list.map((row) => row.id);
    expect(ids).not.toContain(noQuote.id);
    expect(ids).not.toContain(untaken.id);
    const history = await call('GET', '/api/admin/settings/stuckThresholds/history', admin.cookie);
    expect(history.statusCode, history.body).toBe(200);
    expect((history.json() as { entries: unknown[] }).entries).toHaveLength(1);
    // Back to the defaults, then the first version restored from the history.
    expect((await call('PUT', '/api/admin/stuck/thresholds', admin.cookie, current)).statusCode).toBe(200);
    expect((await board(admin)).total).toBe(4);
    expect((await call('POST', '/api/admin/settings/stuckThresholds/restore', admin.cookie, { version: 1 })).statusCode).toBe(200);
    expect((await board(admin)).list.map((row) => row.id)).not.toContain(noQuote.id);
    expect((await call('PUT', '/api/admin/stuck/thresholds', admin.cookie, current)).statusCode).toBe(200);
  });

  it('lets an admin hand a practice to another broker of the sector: audited, both told, refused otherwise with nothing changed', async () => {
    const { a, rocco, bruno, lucio, admin, noQuote } = await world();
    const path = `/api/admin/practices/rca/${noQuote.id}/assign`;
    const brokerOf = async () => (await t.database.db.selectFrom('practices').select('broker_id').where('id', '=', noQuote.id).executeTakeFirstOrThrow()).broker_id;

    expect((await call('POST', path, rocco.cookie, { brokerId: bruno.id })).statusCode).toBe(403);
    expect((await call('POST', path, a.cookie, { brokerId: bruno.id })).statusCode).toBe(403);
    const wrongSector = await call('POST', path, admin.cookie, { brokerId: lucio.id });
    expect(wrongSector.statusCode).toBe(400);
    expect(wrongSector.json().fields.brokerId).toEqual([STUCK_MSG.brokerInvalid]);
    expect((await call('POST', path, admin.cookie, { brokerId: 'nope' })).statusCode).toBe(400);
    expect((await call('POST', path, admin.cookie, { brokerId: rocco.id })).statusCode).toBe(409);
    const brokerTrpc = await createTrpcHttpCaller(t, rocco.email, PASSWORD);
    await expect(brokerTrpc.stuck.assign.mutate({ sector: 'rca', id: noQuote.id, brokerId: bruno.id })).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    expect(await brokerOf()).toBe(rocco.id);
    expect(Number((await sql<{ n: string }>`select count(*) as n from practice_events where kind = 'assigned'`.execute(t.database.db)).rows[0]!.n)).toBe(0);

    const assigned = await call('POST', path, admin.cookie, { brokerId: bruno.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ id: noQuote.id, brokerId: bruno.id });
    expect(await brokerOf()).toBe(bruno.id);
    // Still waiting from the same change of state: an assignment is not a change of state.
    const after = await board(admin, '?sector=rca');
    const row = after.list.find((item) => item.id === noQuote.id)!;
    expect(row).toMatchObject({ holderId: bruno.id, holderName: 'Bruno Broker', waitingHours: 50 });

    const history = (await call('GET', url(noQuote.id, '/history'), admin.cookie)).json() as { kind: string; payload: Record<string, unknown> }[];
    expect(history.at(-1)).toMatchObject({ kind: 'assigned', payload: { fromBrokerId: rocco.id, toBrokerId: bruno.id, fromBroker: 'Rocco Broker', toBroker: 'Bruno Broker' } });
    const audit = await t.database.db.selectFrom('audit_log').select(['action', 'admin_id', 'user_id']).where('action', '=', 'practice_assigned').execute();
    expect(audit).toEqual([{ action: 'practice_assigned', admin_id: admin.id, user_id: bruno.id }]);
    await t.app.services.practices.notifications.idle();
    const told = (await t.database.db.selectFrom('notifications').select(['user_id', 'data']).execute()).filter((entry) => (entry.data as { title?: string }).title === STUCK_MSG.assignedTitle('RC Auto'));
    expect(told.map((entry) => entry.user_id).sort()).toEqual([rocco.id, bruno.id].sort());
    expect((told[0]!.data as { text: string }).text).toBe(STUCK_MSG.assignedText('Ada Broker', 'Fiat Panda AB123CD', 'Bruno Broker'));

    // Through tRPC too, back to Rocco.
    const trpc = await createTrpcHttpCaller(t, admin.email, PASSWORD);
    expect(await trpc.stuck.assign.mutate({ sector: 'rca', id: noQuote.id, brokerId: rocco.id })).toMatchObject({ brokerId: rocco.id });
  });

  it('e-mails the admins a daily digest of what crossed a threshold in the last day', async () => {
    const { admin, noQuote, untaken } = await world();
    // Crossed long ago: not in the digest.
    await backdate(untaken.id, 24 * 10);
    const sent = await t.app.services.stuck.sendDigest(new Date());
    expect(sent).toEqual({ crossed: 3, admins: 1 });
    const mails = (await t.readMails()).filter((mail) => mail.subject.startsWith('Lavoro fermo'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: admin.email, subject: 'Lavoro fermo: 3 elementi hanno superato la soglia' });
    expect(mails[0]!.body).toContain(`/rca/${noQuote.id}`);
    expect(mails[0]!.body).not.toContain(`/rca/${untaken.id}`);
    expect(mails[0]!.body).toContain('Pagamento da confermare');
  });
});
