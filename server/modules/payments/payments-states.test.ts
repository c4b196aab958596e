import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { formatEuroCents } from '../../../shared/practices/quotation';
import { todayInItaly } from '../../../shared/rules/italian-day';
import { PAYMENT_MSG, type TAdminPayments } from '../../../shared/schemas/payments';
import type { TPayments } from '../../../shared/schemas/data';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';
import { multipart, pdfOf, pngOf } from '../files/files.fixtures';

// Issue 27, payments the corner owes: notPaied -> pending (declared with a proof) -> paied (confirmed) or back to
// notPaied with the reason the admin rejected the proof.
const t = useTestApp();
const PASSWORD = 'Segreta123';
const UA = 'Mozilla/5.0 (Test) Pagamenti';

const signIn = async (email: string, role: 'corner' | 'admin', name: string) => {
  const { id } = await t.createUser({ email, password: PASSWORD, role, name, surname: 'Rossi' });
  return { id, email, cookie: await t.login(email, PASSWORD) };
};
type TUser = Awaited<ReturnType<typeof signIn>>;

const owed = async (corner: TUser, description: string, amountCents: number) =>
  (await t.database.db.insertInto('payments').values({ corner_id: corner.id, description, amount_cents: amountCents, status: 'notPaied' }).returning('id').executeTakeFirstOrThrow()).id;

const declare = async (who: TUser, paymentIds: string[], proof: { name: string; content: Buffer; type: string } | null = null) => {
  const file = proof ?? { name: 'bonifico.pdf', content: await pdfOf('Bonifico SEPA'), type: 'application/pdf' };
  const body = multipart([
    { kind: 'file', field: 'file0', filename: file.name, content: file.content, contentType: file.type },
    { kind: 'field', field: 'body', value: JSON.stringify({ paymentIds }) },
  ]);
  return t.app.inject({ method: 'POST', url: '/api/payments/declare', payload: body.payload, headers: { ...body.headers, cookie: who.cookie, 'user-agent': UA } });
};
const call = (method: 'GET' | 'POST', url: string, who: TUser, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie, 'user-agent': UA }, ...(payload ? { payload } : {}) });
const paymentsOf = async (who: TUser) => (await call('GET', '/api/payments', who)).json() as TPayments;
const proofFiles = async () => Number((await sql<{ n: string }>`select count(*) as n from files where subject_type = 'payment-proof' and deleted_at is null`.execute(t.database.db)).rows[0]!.n);
const notificationsOf = async (userId: string, kind: string) =>
  t.database.db.selectFrom('notifications').select(['data']).where('user_id', '=', userId).where('kind', '=', kind).execute();

const world = async () => {
  const anna = await signIn('anna@example.it', 'corner', 'Anna');
  const bruno = await signIn('bruno@example.it', 'corner', 'Bruno');
  const admin = await signIn('admin@example.it', 'admin', 'Ada');
  const premium = await owed(anna, 'Premio RC Auto Fiat Panda AB123CD', 48_000);
  const other = await owed(anna, 'Premio Casa e famiglia Via Dante 7', 29_500);
  const bruno1 = await owed(bruno, 'Premio RC Auto Bruno', 30_000);
  return { anna, bruno, admin, premium, other, bruno1 };
};

describe('payments: declared with a proof, confirmed or rejected', () => {
  it('a corner declares two payments with one transfer; the admins are told; another corner’s payment answers like a missing one and changes nothing', async () => {
    const { anna, bruno, admin, premium, other, bruno1 } = await world();

    const foreign = await declare(anna, [premium, bruno1]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(PAYMENT_MSG.notFound);
    expect((await paymentsOf(anna)).list.pending).toEqual([]);
    expect(await proofFiles()).toBe(0);

    const declared = await declare(anna, [premium, other]);
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json().message).toBe(PAYMENT_MSG.declared(2));
    const mine = await paymentsOf(anna);
    expect(mine.list.notPaied).toEqual([]);
    expect(mine.list.pending.map((payment) => payment.id).sort()).toEqual([premium, other].sort());
    expect(mine.details).toMatchObject({ totalPending: 77_500, totalNotPaied: 0 });
    const proofs = new Set(mine.list.pending.map((payment) => payment.proofUrl));
    expect(proofs.size).toBe(1);
    expect([...proofs][0]).toMatch(/^files\//);
    // The proof: the corner and the admins read it, another corner does not.
    const view = (who: TUser) => call('GET', `/api/docs/file?path=${encodeURIComponent([...proofs][0]!)}`, who);
    expect((await view(anna)).statusCode).toBe(200);
    expect((await view(admin)).statusCode).toBe(200);
    expect((await view(bruno)).statusCode).toBe(404);

    const [told] = await notificationsOf(admin.id, 'new_payment');
    expect(told?.data).toMatchObject({ title: PAYMENT_MSG.declaredTitle, text: PAYMENT_MSG.declaredText('Anna Rossi', 2, formatEuroCents(77_500)), link: '/admin/pagamenti' });

    // Declared already: refused, the new proof removed.
    const again = await declare(anna, [premium]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_MSG.notDeclarable('Premio RC Auto Fiat Panda AB123CD'));
    expect(await proofFiles()).toBe(1);
  });

  it('refuses a proof that is not a PDF or an image, and two proofs at once', async () => {
    const { anna, premium } = await world();
    const text = await declare(anna, [premium], { name: 'bonifico.txt', content: Buffer.from('pagato'), type: 'text/plain' });
    expect(text.statusCode).toBe(400);
    const body = multipart([
      { kind: 'file', field: 'file0', filename: 'a.png', content: await pngOf(40, 40), contentType: 'image/png' },
      { kind: 'file', field: 'file1', filename: 'b.png', content: await pngOf(40, 40), contentType: 'image/png' },
      { kind: 'field', field: 'body', value: JSON.stringify({ paymentIds: [premium] }) },
    ]);
    const two = await t.app.inject({ method: 'POST', url: '/api/payments/declare', payload: body.payload, headers: { ...body.headers, cookie: anna.cookie } });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(PAYMENT_MSG.proofOne);
    expect((await paymentsOf(anna)).list.notPaied).toHaveLength(2);
    expect(await proofFiles()).toBe(0);
  });

  it('the admin rejects with a reason the corner sees; the corner declares again over tRPC; the admin confirms; the history keeps every step', async () => {
    const { anna, bruno, admin, premium } = await world();
    expect((await declare(anna, [premium])).statusCode).toBe(200);

    // Only an admin decides; a corner (even the payment's) gets 403.
    expect((await call('POST', `/api/admin/payments/${premium}/confirm`, anna)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/payments/${premium}/reject`, anna, { reason: 'Non leggibile' })).statusCode).toBe(403);
    const short = await call('POST', `/api/admin/payments/${premium}/reject`, admin, { reason: 'no' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.reason).toEqual([PAYMENT_MSG.reasonTooShort]);

    const rejected = await call('POST', `/api/admin/payments/${premium}/reject`, admin, { reason: 'La ricevuta è di un altro importo.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().payment).toMatchObject({ status: 'notPaied', rejectedReason: 'La ricevuta è di un altro importo.', cornerName: 'Anna Rossi' });
    expect((await paymentsOf(anna)).list.notPaied.find((payment) => payment.id === premium)).toMatchObject({ rejectedReason: 'La ricevuta è di un altro importo.' });
    const [toldAnna] = await notificationsOf(anna.id, 'ne_payment_confirm');
    expect(toldAnna?.data).toMatchObject({ title: PAYMENT_MSG.rejectedTitle });
    expect(await notificationsOf(bruno.id, 'ne_payment_confirm')).toEqual([]);
    // Not pending any more: neither decision applies.
    expect((await call('POST', `/api/admin/payments/${premium}/confirm`, admin)).statusCode).toBe(409);

    // Again over tRPC: the proof uploaded to the corner's proofs first, then declared.
    const upload = multipart([{ kind: 'file', field: 'file0', filename: 'bonifico-corretto.pdf', content: await pdfOf('Bonifico 480 euro'), contentType: 'application/pdf' }]);
    const uploaded = await t.app.inject({ method: 'POST', url: `/api/docs/upload?subjectType=payment-proof&subjectId=${anna.id}`, payload: upload.payload, headers: { ...upload.headers, cookie: anna.cookie } });
    expect(uploaded.statusCode, uploaded.body).toBeLessThan(300);
    const proofFileId = String((uploaded.json() as { files: { path: string }[] }).files[0]!.path).replace(/^files\//, '');
    // Another corner may not attach to Anna's proofs, nor use her proof.
    const intruder = await t.app.inject({ method: 'POST', url: `/api/docs/upload?subjectType=payment-proof&subjectId=${anna.id}`, payload: upload.payload, headers: { ...upload.headers, cookie: bruno.cookie } });
    expect(intruder.statusCode).toBeGreaterThanOrEqual(400);
    const asAnna = await createTrpcHttpCaller(t, anna.email, PASSWORD);
    const asBruno = await createTrpcHttpCaller(t, bruno.email, PASSWORD);
    const asAdmin = await createTrpcHttpCaller(t, admin.email, PASSWORD);
    await expect(asBruno.payments.declare.mutate({ paymentIds: [premium], proofFileId })).rejects.toMatchObject({ data: { code: 'BAD_REQUEST' } });
    const redeclared = await asAnna.payments.declare.mutate({ paymentIds: [premium], proofFileId });
    expect(redeclared.list.pending.map((payment) => payment.id)).toEqual([premium]);
    expect(redeclared.list.pending[0]!.rejectedReason).toBeNull();

    await expect(asAnna.payments.admin.confirm.mutate({ id: premium })).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    const confirmed = await asAdmin.payments.admin.confirm.mutate({ id: premium });
    expect(confirmed.payment).toMatchObject({ status: 'paied', rejectedReason: null });
    expect(confirmed.payment.paidAt).toBeInstanceOf(Date);
    expect((await paymentsOf(anna)).list.paied.map((payment) => payment.id)).toEqual([premium]);

    const history = await asAnna.payments.history.query({ id: premium });
    expect(history.map((entry) => entry.kind)).toEqual(['declared', 'rejected', 'declared', 'confirmed']);
    expect(history[1]!.payload).toEqual({ reason: 'La ricevuta è di un altro importo.' });
    await expect(asBruno.payments.history.query({ id: premium })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    // The history is append-only.
    await expect(sql`update payment_events set kind = 'confirmed'`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });

  it('two declarations of the same payment at once: one wins, the other is refused', async () => {
    const { anna, premium } = await world();
    const answers = await Promise.all([declare(anna, [premium]), declare(anna, [premium]), declare(anna, [premium])]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await proofFiles()).toBe(1);
    const history = await t.database.db.selectFrom('payment_events').select('kind').where('payment_id', '=', premium).execute();
    expect(history).toEqual([{ kind: 'declared' }]);
  });

  it('the admin lists payments by state and corner, with the totals by state', async () => {
    const { anna, bruno, admin, premium } = await world();
    expect((await declare(anna, [premium])).statusCode).toBe(200);
    const pending = (await call('GET', '/api/admin/payments?state=pending', admin)).json() as TAdminPayments;
    expect(pending.list.map((payment) => [payment.id, payment.cornerName, payment.status])).toEqual([[premium, 'Anna Rossi', 'pending']]);
    expect(pending.totals).toEqual({ notPaied: 59_500, pending: 48_000, paied: 0 });
    const ofBruno = (await call('GET', `/api/admin/payments?cornerId=${bruno.id}`, admin)).json() as TAdminPayments;
    expect(ofBruno).toMatchObject({ total: 1, list: [{ cornerName: 'Bruno Rossi', amount: 30_000 }] });
    const bad = await call('GET', '/api/admin/payments?state=pagato', admin);
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/api/admin/payments', anna)).statusCode).toBe(403);
  });

  it('the admin asks a corner for a fee by hand, with a due date; the corner is told; bad input changes nothing', async () => {
    const { anna, bruno, admin } = await world();
    const asAdmin = await createTrpcHttpCaller(t, admin.email, PASSWORD);
    const dueDate = todayInItaly();
    const created = await call('POST', '/api/admin/payments', admin, { cornerId: anna.id, description: 'Diritti di segreteria novembre', amountCents: 2_500, dueDate });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ message: PAYMENT_MSG.created, payment: { cornerName: 'Anna Rossi', amount: 2_500, status: 'notPaied' } });
    expect((await paymentsOf(anna)).list.notPaied.map((payment) => payment.description)).toContain('Diritti di segreteria novembre');
    const [told] = await notificationsOf(anna.id, 'new_payment');
    expect(told?.data).toMatchObject({ title: PAYMENT_MSG.newTitle, link: '/pagamenti' });

    const before = await t.database.db.selectFrom('payments').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const bad = await call('POST', '/api/admin/payments', admin, { cornerId: anna.id, description: '', amountCents: 0, dueDate: '2020-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['amountCents', 'description', 'dueDate']);
    await expect(asAdmin.payments.admin.create.mutate({ cornerId: admin.id, description: 'A un admin', amountCents: 100, dueDate })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    expect((await call('POST', '/api/admin/payments', bruno, { cornerId: anna.id, description: 'Da un corner', amountCents: 100, dueDate })).statusCode).toBe(403);
    const after = await t.database.db.selectFrom('payments').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
