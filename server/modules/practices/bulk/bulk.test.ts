import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { luceGasDefinition } from '../../../../shared/practices/luce-e-gas';
import { gplDefinition } from '../../../../shared/practices/gpl';
import { BULK_MSG, OUTCOMES, type TOutcomeReport } from '../../../../shared/schemas/utility-bulk';
import { UTILITY_MSG } from '../../../../shared/practices/utility';
import { useTestApp } from '../../../testing/test-app';
import { createTrpcHttpCaller } from '../../../testing/trpc-inject-client';
import { readImportFile } from '../../clients/clients.import-file';
import { multipart } from '../../files/files.fixtures';
import { EXPORT_HEADERS } from './bulk.service';
import { todayInItaly } from '../engine/engine.service';
import { PASSWORD, practicesFixtures, type TUser } from '../testing/practices.fixtures';

/**
 * The utility brokers' bulk work (issue 16) through REST: the export of the selected activations (CSV, Excel) for the
 * supplier's portal, and the supplier's outcome file moving many activations at once, with a report row by row.
 */
const UA = 'Mozilla/5.0 (Test) Utility bulk';
const t = useTestApp();
const { call, corner, staff, clientOf, signContract, uploadDocs, user } = practicesFixtures(t, UA);

const LG = '/api/practices/luce-e-gas';
const LG_EXAMPLE = luceGasDefinition.example;

type TLedger = { kind: string; amountCents: number };
type TPractice = { id: string; title: string; state: string; outcomeReason: string | null; commissionCents: number | null; ledger: TLedger[]; supplyStartDate: string | null; supplyEndDate: string | null; requiredDocs: { docType: string }[] };

const onMeters = (n: number) => ({
  ...LG_EXAMPLE,
  electricity: { ...LG_EXAMPLE.electricity, pod: `IT001E1234${String(5600 + n)}` },
  gas: { ...LG_EXAMPLE.gas, pdr: `0088123456${String(7000 + n)}` },
});

const world = async () => {
  const a = await corner('a@example.it', 'Anna');
  const lg = await staff('lg@example.it', 'broker', 'luce e gas', 'Lucio');
  const lg2 = await staff('lg2@example.it', 'broker', 'luce e gas', 'Licia');
  const gpl = await staff('gpl@example.it', 'broker', 'gpl', 'Gino');
  const admin = await user('admin@example.it', 'admin', 'Ada');
  await signContract(a);
  return { a, lg, lg2, gpl, admin, clientA: await clientOf(a.id) };
};

const create = async (who: TUser, clientId: string, data: unknown) => {
  const created = await call('POST', LG, who.cookie, { clientId, data });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as TPractice;
};

const move = async (broker: TUser, id: string, body: object) => {
  const moved = await call('POST', `${LG}/${id}/transition`, broker.cookie, body);
  expect(moved.statusCode, moved.body).toBe(200);
};

/** Taken by `broker`, documents uploaded, in processing. */
const toProcessing = async (a: TUser, broker: TUser, practice: TPractice) => {
  expect((await call('POST', `${LG}/${practice.id}/take`, broker.cookie)).statusCode).toBe(200);
  await uploadDocs(a, practice.id, practice.requiredDocs.map((doc) => doc.docType), 'luce-e-gas');
  await move(broker, practice.id, { to: 'processing' });
};

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const upload = async (who: TUser, sector: string, content: string | Buffer, field = 'file') => {
  const isText = typeof content === 'string';
  const body = multipart([
    { kind: 'file', field, filename: isText ? 'esiti.csv' : 'esiti.xlsx', content: isText ? Buffer.from(content, 'utf8') : content, contentType: isText ? 'text/csv' : XLSX_MIME },
  ]);
  return t.app.inject({ method: 'POST', url: `/api/practices/${sector}/outcomes`, headers: { cookie: who.cookie, 'user-agent': UA, ...body.headers }, payload: body.payload });
};

const get = async (who: TUser, id: string) => (await call('GET', `${LG}/${id}`, who.cookie)).json() as TPractice;

/** A client of the corner with its codice fiscale or partita IVA (the export names it). */
const clientWith = async (cornerId: string, values: { type: 'persona'; surname: string; cf: string } | { type: 'azienda'; business: string; vat: string }) =>
  (await t.database.db.insertInto('clients').values({ corner_id: cornerId, name: values.type === 'persona' ? 'Luca' : '', ...values }).returning('id').executeTakeFirstOrThrow()).id;

type THistoryEntry = { kind: string; fromState: string | null; toState: string | null; payload: Record<string, unknown> };
const lastStateChange = async (who: TUser, id: string) =>
  ((await call('GET', `${LG}/${id}/history`, who.cookie)).json() as THistoryEntry[]).filter((entry) => entry.kind === 'state_changed').at(-1)!;

describe('export of the selected activations', () => {
  it('answers CSV (BOM, semicolons) and Excel with the header and the rows the caller reaches', async () => {
    const { a, lg, gpl } = await world();
    const practice = await create(a, await clientWith(a.id, { type: 'persona', surname: 'Bianchi', cf: 'BNCLCU80A01F205X' }), onMeters(1));
    const exported = await call('POST', `${LG}/export`, lg.cookie, { ids: [practice.id, '00000000-0000-4000-8000-000000000000'], format: 'csv' });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="attivazioni-luce-e-gas-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = exported.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('Codice pratica;Stato;Cliente');
    const table = await readImportFile(bytes);
    expect(table.header).toEqual(EXPORT_HEADERS['luce-e-gas']);
    expect(table.rows).toHaveLength(1);
    const cell = (name: string) => table.rows[0]![table.header.indexOf(name)];
    expect(cell('Codice pratica')).toBe(practice.id);
    expect(cell('Cliente')).toBe('Luca Bianchi');
    expect(cell('CF/P.IVA cliente')).toBe('BNCLCU80A01F205X');
    expect(cell('POD')).toBe('IT001E12345601');
    expect(cell('PDR')).toBe('00881234567001');
    expect(cell('Comune')).toBe('Milano');
    expect(cell('IBAN')).toBe(LG_EXAMPLE.sepa.iban);
    expect(cell('Esito')).toBe('');

    const xlsx = await call('POST', `${LG}/export`, a.cookie, { ids: [practice.id], format: 'xlsx' });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readImportFile(xlsx.rawPayload);
    expect(sheet.header).toEqual(EXPORT_HEADERS['luce-e-gas']);
    expect(sheet.rows[0]![0]).toBe(practice.id);
    expect(sheet.rows[0]![sheet.header.indexOf('CF/P.IVA cliente')]).toBe('BNCLCU80A01F205X');

    // A broker of another sector reaches nothing: the selection is empty.
    const none = await call('POST', `${LG}/export`, gpl.cookie, { ids: [practice.id] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(BULK_MSG.selectionEmpty);
  });

  it('exports GPL with its own columns, a company client with its partita IVA', async () => {
    const { a, gpl } = await world();
    const clientId = await clientWith(a.id, { type: 'azienda', business: 'Gas Verdi S.r.l.', vat: '01234567897' });
    const created = await call('POST', '/api/practices/gpl', a.cookie, { clientId, data: gplDefinition.example });
    expect(created.statusCode, created.body).toBe(201);
    const exported = await call('POST', '/api/practices/gpl/export', gpl.cookie, { ids: [created.json().id] });
    const table = await readImportFile(exported.rawPayload);
    expect(table.header).toEqual(EXPORT_HEADERS.gpl);
    expect(table.rows[0]![table.header.indexOf('Litri serbatoio')]).toBe('1000');
    expect(table.rows[0]![table.header.indexOf('CF/P.IVA cliente')]).toBe('01234567897');
  });
});

describe('import of the supplier’s outcome file', () => {
  it('a corner and another sector’s broker cannot import', async () => {
    const { a, gpl } = await world();
    expect((await upload(a, 'luce-e-gas', 'Codice;Esito;Data\nIT001E12345601;Attivata;01/12/2026\n')).statusCode).toBe(403);
    expect((await upload(gpl, 'luce-e-gas', 'Codice;Esito;Data\nIT001E12345601;Attivata;01/12/2026\n')).statusCode).toBe(403);
  });

  it('refuses a file without the code or outcome column', async () => {
    const { lg } = await world();
    const refused = await upload(lg, 'luce-e-gas', 'Nome;Data\nx;01/12/2026\n');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ file: [BULK_MSG.headerMissing] });
  });

  it('applies the good rows (commission, reason, clawback) and reports the others without changing anything', async () => {
    const { a, lg, lg2, clientA } = await world();
    const today = todayInItaly();
    const toActivate = await create(a, clientA, onMeters(1));
    const toReject = await create(a, clientA, onMeters(2));
    const toCease = await create(a, clientA, onMeters(3));
    const otherBrokers = await create(a, clientA, onMeters(4));
    const stillSubmitted = await create(a, clientA, onMeters(5));
    for (const practice of [toActivate, toReject, toCease]) await toProcessing(a, lg, practice);
    await move(lg, toCease.id, { to: 'activated', activationDate: today });
    const commission = (await get(a, toCease.id)).commissionCents;
    expect(commission).toBeGreaterThan(0);
    expect((await call('POST', `${LG}/${otherBrokers.id}/take`, lg2.cookie)).statusCode).toBe(200);
    expect((await call('POST', `${LG}/${stillSubmitted.id}/take`, lg.cookie)).statusCode).toBe(200);

    const [y, m, d] = today.split('-');
    const file = [
      'POD/PDR;Esito;Data esito;Motivo',
      `it001e1234 5601;Attivata;${d}/${m}/${y};`, // 2: activates (code normalised)
      `00881234567002;Respinta;;Il cliente ha revocato la richiesta`, // 3: rejected
      `${toCease.id};Cessata;${today};`, // 4: ceased within the clawback window
      'IT001E99999999;Attivata;01/12/2026;', // 5: unknown
      'IT001E12345604;Forse;01/12/2026;', // 6: bad outcome word
      `IT001E12345601;Attivata;;`, // 7: missing date
      `IT001E12345605;Attivata;${today};`, // 8: from submitted, not allowed
      `IT001E12345604;Respinta;;Documento illeggibile`, // 9: another broker's
      `00881234567001;Attivata;${today};`, // 10: the same practice as row 2 (its PDR)
    ].join('\n');
    const answered = await upload(lg, 'luce-e-gas', file, 'file0');
    expect(answered.statusCode, answered.body).toBe(200);
    const report = answered.json() as TOutcomeReport;
    expect(report.applied).toBe(3);
    expect(report.errors).toBe(6);
    expect(report.rows.map((row) => [row.row, row.status, row.message])).toEqual([
      [2, 'applied', BULK_MSG.applied('Attivata')],
      [3, 'applied', BULK_MSG.applied('Respinta')],
      [4, 'applied', BULK_MSG.applied('Cessata')],
      [5, 'error', BULK_MSG.codeNotFound],
      [6, 'error', BULK_MSG.outcomeInvalid],
      [7, 'error', BULK_MSG.dateRequired],
      [8, 'error', BULK_MSG.notAllowed('Inviata', OUTCOMES.activated)],
      [9, 'error', BULK_MSG.takenByOther('Licia Broker')],
      [10, 'error', BULK_MSG.duplicateRow(2)],
    ]);
    expect(report.rows[0]!.practiceId).toBe(toActivate.id);

    const activated = await get(a, toActivate.id);
    expect(activated.state).toBe('activated');
    expect(activated.supplyStartDate).toBe(today);
    expect(activated.commissionCents).toBeGreaterThan(0);
    expect(activated.ledger.map((entry) => [entry.kind, entry.amountCents])).toEqual([['commission', activated.commissionCents]]);

    const rejected = await get(a, toReject.id);
    expect(rejected.state).toBe('rejected');
    expect(rejected.outcomeReason).toBe('Il cliente ha revocato la richiesta');

    const ceased = await get(a, toCease.id);
    expect(ceased.state).toBe('ceased');
    expect(ceased.supplyEndDate).toBe(today);
    expect(ceased.ledger.map((entry) => [entry.kind, entry.amountCents])).toEqual([
      ['commission', commission],
      ['clawback', -commission!],
    ]);

    // The others did not change.
    expect((await get(a, otherBrokers.id)).state).toBe('submitted');
    expect((await get(a, stillSubmitted.id)).state).toBe('submitted');

    // The history tells each change, marked as imported.
    const history = (await call('GET', `${LG}/${toReject.id}/history`, lg.cookie)).json() as { kind: string; fromState: string | null; toState: string | null; payload: Record<string, unknown> }[];
    const last = history.at(-1)!;
    expect([last.kind, last.fromState, last.toState]).toEqual(['state_changed', 'processing', 'rejected']);
    expect(last.payload).toMatchObject({ transition: 'reject', reason: 'Il cliente ha revocato la richiesta', import: true });
    const activatedHistory = (await call('GET', `${LG}/${toActivate.id}/history`, lg.cookie)).json() as { kind: string; payload: Record<string, unknown> }[];
    expect(activatedHistory.filter((entry) => entry.kind === 'state_changed').at(-1)!.payload).toMatchObject({ transition: 'activate', activationDate: today, import: true });
  });

  it('reads the outcomes from an Excel file (date cells, the export’s own columns)', async () => {
    const { a, lg, clientA } = await world();
    const today = todayInItaly();
    const toActivate = await create(a, clientA, onMeters(1));
    const toReject = await create(a, clientA, onMeters(2));
    for (const practice of [toActivate, toReject]) await toProcessing(a, lg, practice);

    // The export filled in by the supplier: the practice's code first, the date as a date cell.
    const [y, m, d] = today.split('-').map(Number);
    const sheet = XLSX.utils.aoa_to_sheet(
      [
        ['Codice pratica', 'Stato', 'POD', 'Esito', 'Data', 'Motivo'],
        [toActivate.id, 'In lavorazione', 'IT001E12345601', 'Attivata', new Date(Date.UTC(y!, m! - 1, d!)), ''],
        ['', '', '00881234567002', 'Respinta', '', 'Firma mancante sul contratto'],
        ['', '', 'IT001E99999999', 'Attivata', new Date(Date.UTC(y!, m! - 1, d!)), ''],
      ],
      { cellDates: true, dateNF: 'dd/mm/yyyy' },
    );
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Esiti');
    const answered = await upload(lg, 'luce-e-gas', XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    expect(answered.statusCode, answered.body).toBe(200);
    const report = answered.json() as TOutcomeReport;
    expect(report.rows.map((row) => [row.row, row.status, row.practiceId])).toEqual([
      [2, 'applied', toActivate.id],
      [3, 'applied', toReject.id],
      [4, 'error', null],
    ]);
    expect(report).toMatchObject({ applied: 2, errors: 1 });

    const activated = await get(a, toActivate.id);
    expect([activated.state, activated.supplyStartDate]).toEqual(['activated', today]);
    expect(activated.ledger.map((entry) => [entry.kind, entry.amountCents])).toEqual([['commission', activated.commissionCents]]);
    const rejected = await get(a, toReject.id);
    expect([rejected.state, rejected.outcomeReason]).toEqual(['rejected', 'Firma mancante sul contratto']);
  });
});

describe('import of the supplier’s outcome file: blank outcomes and dates', () => {
  it('skips a row whose «Esito» is blank (counted apart, not an error) and refuses the dates a single transition refuses', async () => {
    const { a, lg, clientA } = await world();
    const today = todayInItaly();
    const shift = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const [pending, future, early, ceased, good] = [await create(a, clientA, onMeters(1)), await create(a, clientA, onMeters(2)), await create(a, clientA, onMeters(3)), await create(a, clientA, onMeters(4)), await create(a, clientA, onMeters(5))];
    for (const practice of [pending, future, early, ceased, good]) await toProcessing(a, lg, practice);
    await move(lg, ceased.id, { to: 'activated', activationDate: today });

    const file = [
      'POD;Esito;Data;Motivo',
      'IT001E12345601;;;', // 2: no outcome yet
      `IT001E12345602;Attivata;${shift(1)};`, // 3: tomorrow
      `IT001E12345603;Attivata;${shift(-1)};`, // 4: the day before the request
      `IT001E12345604;Cessata;${shift(-1)};`, // 5: before its activation
      `IT001E12345605;Attivata;${today};`, // 6: applied
    ].join('\n');
    const answered = await upload(lg, 'luce-e-gas', file);
    expect(answered.statusCode, answered.body).toBe(200);
    const report = answered.json() as TOutcomeReport;
    expect([report.applied, report.errors, report.skipped]).toEqual([1, 3, 1]);
    expect(report.rows.map((row) => [row.row, row.status, row.message])).toEqual([
      [2, 'skipped', BULK_MSG.outcomeBlank],
      [3, 'error', UTILITY_MSG.activationInFuture],
      [4, 'error', UTILITY_MSG.activationBeforeRequest],
      [5, 'error', UTILITY_MSG.endBeforeActivation],
      [6, 'applied', BULK_MSG.applied('Attivata')],
    ]);
    expect((await Promise.all([pending, future, early].map((practice) => get(a, practice.id)))).map((practice) => practice.state)).toEqual(['processing', 'processing', 'processing']);
    expect((await get(a, ceased.id)).state).toBe('activated');
    expect((await get(a, good.id)).state).toBe('activated');
  });
});

describe('import of parsed outcome rows through tRPC', () => {
  it('practices.bulk.importOutcomes applies the rows like a file (numbered from 1) and refuses a corner', async () => {
    const { a, lg, clientA } = await world();
    const today = todayInItaly();
    const toActivate = await create(a, clientA, onMeters(1));
    const toReject = await create(a, clientA, onMeters(2));
    for (const practice of [toActivate, toReject]) await toProcessing(a, lg, practice);

    const broker = await createTrpcHttpCaller(t, lg.email, PASSWORD);
    const report = await broker.practices.bulk.importOutcomes.mutate({
      sector: 'luce-e-gas',
      rows: [
        { code: 'IT001E12345601', outcome: 'Attivata', date: today, reason: '' },
        { code: toReject.id, outcome: 'KO', date: '', reason: 'Documento non leggibile' },
        { code: '00881234567001', outcome: 'Attivata', date: today, reason: '' },
      ],
    });
    expect(report.rows.map((row) => [row.row, row.status, row.message])).toEqual([
      [1, 'applied', BULK_MSG.applied('Attivata')],
      [2, 'applied', BULK_MSG.applied('Respinta')],
      [3, 'error', BULK_MSG.duplicateRow(1)],
    ]);

    const activated = await get(a, toActivate.id);
    expect(report.rows[0]!.title).toBe(activated.title);
    expect([activated.state, activated.supplyStartDate, activated.supplyEndDate]).toEqual(['activated', today, null]);
    expect(activated.ledger.map((entry) => [entry.kind, entry.amountCents])).toEqual([['commission', activated.commissionCents]]);
    expect(await lastStateChange(lg, toActivate.id)).toMatchObject({ fromState: 'processing', toState: 'activated', payload: { transition: 'activate', activationDate: today, import: true } });
    const rejected = await get(a, toReject.id);
    expect([rejected.state, rejected.outcomeReason, rejected.ledger]).toEqual(['rejected', 'Documento non leggibile', []]);
    expect(await lastStateChange(lg, toReject.id)).toMatchObject({ fromState: 'processing', toState: 'rejected', payload: { transition: 'reject', reason: 'Documento non leggibile', import: true } });

    const asCorner = await createTrpcHttpCaller(t, a.email, PASSWORD);
    await expect(asCorner.practices.bulk.importOutcomes.mutate({ sector: 'luce-e-gas', rows: [{ code: toActivate.id, outcome: 'Cessata', date: today, reason: '' }] })).rejects.toMatchObject({
      data: { httpStatus: 403 },
    });
    expect((await get(a, toActivate.id)).state).toBe('activated');
  });
});
