import { describe, expect, it } from 'vitest';
import { formatEuroCents } from '../../../shared/practices/quotation';
import { monthInItaly, nextMonth, STATEMENT_DOC_TYPE, STATEMENT_MSG } from '../../../shared/schemas/statements';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';
import { pdfText } from '../contract/contract.fixtures';

// The monthly commission statement: balances and movements of a calendar month in Italy, stored once per corner and
// month by the job (one file, one e-mail) and downloaded on demand by its corner (or an admin).
const t = useTestApp({}, { jobs: { schedules: false } });
const PASSWORD = 'Segreta123';

const signIn = async (email: string, role: 'corner' | 'admin' | 'broker', name: string) => {
  const { id } = await t.createUser({ email, password: PASSWORD, role, name, surname: 'Rossi', ...(role === 'broker' ? { brokerType: 'gpl' as const } : {}) });
  return { id, email, cookie: await t.login(email, PASSWORD) };
};
type TUser = Awaited<ReturnType<typeof signIn>>;

const entry = (cornerId: string, at: string, amountCents: number, description: string, extra: { kind?: string; practiceId?: string } = {}) =>
  t.database.db
    .insertInto('ledger_entries')
    .values({ corner_id: cornerId, practice_id: extra.practiceId ?? null, kind: extra.kind ?? (amountCents < 0 ? 'clawback' : 'commission'), amount_cents: amountCents, description, created_at: new Date(at) })
    .execute();

const practiceOf = async (cornerId: string) => {
  const client = await t.database.db.insertInto('clients').values({ corner_id: cornerId, type: 'persona', name: 'Mario', surname: 'Bianchi' }).returning('id').executeTakeFirstOrThrow();
  const practice = await t.database.db
    .insertInto('practices')
    .values({ sector: 'rca', client_id: client.id, corner_id: cornerId, state: 'emitted', data: JSON.stringify({}), search_text: '', policy_number: 'P-77' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return practice.id;
};

/** Anna: a September commission (opening), four movements in October (Italy), one just after; Bruno: one in October; Carla: September only. */
const world = async () => {
  const anna = await signIn('anna@example.it', 'corner', 'Anna');
  const bruno = await signIn('bruno@example.it', 'corner', 'Bruno');
  const carla = await signIn('carla@example.it', 'corner', 'Carla');
  const practiceId = await practiceOf(anna.id);
  await entry(anna.id, '2026-09-15T10:00:00Z', 10_000, 'Provvigione di settembre');
  // 00:30 on 1 October in Italy (CEST): October's.
  await entry(anna.id, '2026-09-30T22:30:00Z', 2_000, 'Provvigione di mezzanotte');
  await entry(anna.id, '2026-10-10T09:00:00Z', 123_456, 'Provvigione polizza n. P-77 (Fiat Panda)', { practiceId });
  await entry(anna.id, '2026-10-20T09:00:00Z', -5_000, 'Storno provvigione: fornitura cessata', { practiceId });
  await entry(anna.id, '2026-10-25T09:00:00Z', -20_000, 'Pagamento provvigioni con gift card', { kind: 'payout' });
  // 00:30 on 1 November in Italy (CET): November's.
  await entry(anna.id, '2026-10-31T23:30:00Z', 999, 'Provvigione di novembre');
  await entry(bruno.id, '2026-10-05T09:00:00Z', 7_000, 'Provvigione di Bruno');
  await entry(carla.id, '2026-09-05T09:00:00Z', 3_000, 'Provvigione di Carla');
  return { anna, bruno, carla };
};

const statement = (who: TUser, query: string) => t.app.inject({ method: 'GET', url: `/api/ledger/statement?${query}`, headers: { cookie: who.cookie } });
/** The PDF's text, with WinAnsi's euro sign and dash as read in Unicode. */
const textOf = async (bytes: Uint8Array) => (await pdfText(bytes)).replace(/\x80/g, '€').replace(/\x97/g, '—');
const statementRows = () => t.database.db.selectFrom('ledger_statements').select(['corner_id', 'month', 'file_id']).orderBy('corner_id').execute();
const statementFiles = () => t.database.db.selectFrom('files').select(['id', 'owner_id', 'name']).where('doc_type', '=', STATEMENT_DOC_TYPE).where('deleted_at', 'is', null).execute();
const runJob = async (at: string) => {
  const result = await t.app.services.statements.queueMonth(new Date(at));
  await t.app.jobs.drain();
  return result;
};

describe('monthly commission statement', () => {
  it('states October in Italy: the opening balance, each movement with its practice and client, the closing balance', async () => {
    const { anna } = await world();
    const response = await statement(anna, 'month=2026-10');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Estratto conto provvigionale ottobre 2026.pdf')}`);
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
    const text = await textOf(response.rawPayload);
    expect(text).toContain('Estratto conto provvigionale — ottobre 2026');
    expect(text).toContain('Anna Rossi');
    expect(text).toContain(`Saldo iniziale al 01/10/2026`);
    expect(text).toContain(formatEuroCents(10_000));
    for (const description of ['Provvigione di mezzanotte', 'Provvigione polizza n. P-77 (Fiat Panda)', 'Storno provvigione: fornitura cessata', 'Pagamento provvigioni con gift card']) {
      expect(text).toContain(description);
    }
    expect(text).toContain('1.234,56');
    expect(text).toContain(formatEuroCents(-5_000));
    expect(text).toContain(formatEuroCents(-20_000));
    expect(text).toContain('polizza n. P-77 · cliente Mario Bianchi');
    expect(text).not.toContain('Provvigione di settembre');
    expect(text).not.toContain('Provvigione di novembre');
    expect(text).toContain('Saldo finale al 31/10/2026');
    expect(text).toContain(formatEuroCents(10_000 + 2_000 + 123_456 - 5_000 - 20_000));
    // Lines in order of time.
    expect(text.indexOf('Provvigione di mezzanotte')).toBeLessThan(text.indexOf('Storno provvigione'));
  });

  it('the job, run twice, stores one statement per corner with movements and e-mails it once; a corner without movements gets none', async () => {
    const { anna, bruno } = await world();
    expect(await runJob('2026-11-01T05:00:00Z')).toEqual({ month: '2026-10', queued: 2 });
    expect(await runJob('2026-11-01T05:00:00Z')).toEqual({ month: '2026-10', queued: 0 });
    // A second instance making the same statement at once records one.
    await Promise.all([t.app.services.statements.produceForCorner({ cornerId: anna.id, month: '2026-10' }), t.app.services.statements.produceForCorner({ cornerId: anna.id, month: '2026-10' })]);
    await t.app.jobs.drain();

    const rows = await statementRows();
    expect(rows.map((row) => [row.corner_id, row.month]).sort()).toEqual([[anna.id, '2026-10'], [bruno.id, '2026-10']].sort());
    const files = await statementFiles();
    expect(files.map((file) => file.id).sort()).toEqual(rows.map((row) => row.file_id).sort());
    expect(files.find((file) => file.owner_id === anna.id)?.name).toBe('Estratto conto provvigionale ottobre 2026.pdf');

    const mails = (await t.readMails()).filter((mail) => mail.subject === STATEMENT_MSG.mailSubject('ottobre 2026'));
    expect(mails.map((mail) => mail.to).sort()).toEqual(['anna@example.it', 'bruno@example.it']);
    const annaMail = mails.find((mail) => mail.to === 'anna@example.it')!;
    expect(annaMail.body).toContain('http://localhost:3000/documenti');
    expect(annaMail.body).toContain(`saldo finale ${formatEuroCents(110_456)}`);

    // Among the corner's documents, not deletable; another corner cannot open it.
    const documents = await t.app.inject({ method: 'GET', url: `/api/docs?docType=${STATEMENT_DOC_TYPE}`, headers: { cookie: anna.cookie } });
    expect(documents.json().list).toEqual([expect.objectContaining({ name: 'Estratto conto provvigionale ottobre 2026.pdf', docType: STATEMENT_DOC_TYPE })]);
    const annaFile = rows.find((row) => row.corner_id === anna.id)!.file_id;
    const open = (who: TUser) => t.app.inject({ method: 'GET', url: `/api/docs/file?path=files%2F${annaFile}`, headers: { cookie: who.cookie } });
    expect((await open(anna)).statusCode).toBe(200);
    expect((await open(bruno)).statusCode).toBe(404);
  });

  it('on demand: a closed month is stored once and reused, the month in course only made on request', async () => {
    const { anna } = await world();
    const trpc = await createTrpcHttpCaller(t, anna.email, PASSWORD);
    const first = await trpc.statements.produce.mutate({ month: '2026-10' });
    expect(first).toMatchObject({ month: '2026-10', name: 'Estratto conto provvigionale ottobre 2026.pdf', path: `files/${first.fileId}` });
    expect(first.url).toBe(`/api/docs/file?path=files%2F${first.fileId}`);
    expect((await trpc.statements.produce.mutate({ month: '2026-10' })).fileId).toBe(first.fileId);
    expect(await statementRows()).toEqual([{ corner_id: anna.id, month: '2026-10', file_id: first.fileId }]);
    // The job finds it made: no second file, no e-mail.
    await runJob('2026-11-01T05:00:00Z');
    expect((await statementFiles()).filter((file) => file.owner_id === anna.id)).toHaveLength(1);
    expect((await t.readMails()).filter((mail) => mail.to === 'anna@example.it')).toEqual([]);

    const current = monthInItaly();
    expect(await trpc.statements.produce.mutate({ month: current })).toEqual({
      month: current,
      name: expect.stringMatching(/^Estratto conto provvigionale .+\.pdf$/),
      fileId: null,
      path: null,
      url: `/api/ledger/statement?month=${current}`,
    });
    expect((await statement(anna, `month=${current}`)).statusCode).toBe(200);
  });

  it('another corner’s statement is unreachable; an admin names the corner; brokers are refused', async () => {
    const { anna, bruno } = await world();
    const admin = await signIn('admin@example.it', 'admin', 'Ada');
    const broker = await signIn('broker@example.it', 'broker', 'Paolo');

    const foreign = await statement(bruno, `month=2026-10&cornerId=${anna.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(STATEMENT_MSG.cornerNotFound);
    const own = await textOf((await statement(bruno, 'month=2026-10')).rawPayload);
    expect(own).toContain('Provvigione di Bruno');
    expect(own).not.toContain('Provvigione di mezzanotte');
    const brunoTrpc = await createTrpcHttpCaller(t, bruno.email, PASSWORD);
    await expect(brunoTrpc.statements.produce.mutate({ month: '2026-10', cornerId: anna.id })).rejects.toMatchObject({ message: STATEMENT_MSG.cornerNotFound });

    const unnamed = await statement(admin, 'month=2026-10');
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe(STATEMENT_MSG.cornerRequired);
    const named = await statement(admin, `month=2026-10&cornerId=${anna.id}`);
    expect(named.statusCode).toBe(200);
    expect(await textOf(named.rawPayload)).toContain('Provvigione di mezzanotte');
    expect((await statement(admin, `month=2026-10&cornerId=${admin.id}`)).statusCode).toBe(404);

    const refused = await statement(broker, 'month=2026-10');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STATEMENT_MSG.brokerForbidden);
    expect((await t.app.inject({ method: 'GET', url: '/api/ledger/statement?month=2026-10' })).statusCode).toBe(401);
  });

  it('refuses a malformed month or one not begun yet, with an Italian message', async () => {
    const { anna } = await world();
    for (const month of ['2026-13', 'ottobre', '2026-1', '1999-12', '']) {
      const response = await statement(anna, `month=${encodeURIComponent(month)}`);
      expect(response.statusCode, month).toBe(400);
      expect(response.json().message).toBe(STATEMENT_MSG.monthInvalid);
    }
    const future = await statement(anna, `month=${nextMonth(monthInItaly())}`);
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(STATEMENT_MSG.monthFuture);
    const trpc = await createTrpcHttpCaller(t, anna.email, PASSWORD);
    await expect(trpc.statements.produce.mutate({ month: nextMonth(monthInItaly()) })).rejects.toMatchObject({ message: expect.stringContaining(STATEMENT_MSG.monthFuture) });
    expect(await statementRows()).toEqual([]);
  });
});
