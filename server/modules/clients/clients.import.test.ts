import * as XLSX from '@e965/xlsx';
import { TRPCClientError } from '@trpc/client';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, IMPORT_MSG, suggestMapping, type TImportResult } from '../../../shared/schemas/client-import';
import { CLIENT_RECORD_MSG } from '../../../shared/schemas/client-record';
import { CLIENT_MSG } from '../../../shared/rules/client-record.messages';
import { MSG } from '../../../shared/messages';
import { CodiceFiscale } from '../../../shared/validation/codice-fiscale';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';
import { multipart, type TPart } from '../files/files.fixtures';

const t = useTestApp();
const PASSWORD = 'Segreta123';

const cf = (name: string, surname: string, gender: 'M' | 'F', day: number, month: number, year: number, birthplace = 'Milano', birthplaceProvincia = 'MI') =>
  CodiceFiscale.compute({ name, surname, gender, day, month, year, birthplace, birthplaceProvincia });
const MARIO = cf('Mario', 'Rossi', 'M', 15, 3, 1980);
const GIULIA = cf('Giulia', 'Bianchi', 'F', 1, 2, 1975);
const LUCA = cf('Luca', 'Verdi', 'M', 9, 9, 1990);
const PAOLO = cf('Paolo', 'Neri', 'M', 20, 6, 1965);
const SARA = cf('Sara', 'Gallo', 'F', 4, 11, 1988, 'Roma', 'RM');
const ARDIT = cf('Ardit', 'Hoxha', 'M', 2, 5, 1990, 'Albania', 'EE');
/** The same code with a wrong check character. */
const wrongCheck = (code: string) => code.slice(0, 15) + (code[15] === 'A' ? 'B' : 'A');

const HEADER = 'Tipo;Nome;Cognome;Codice fiscale;Data di nascita;Sesso;Luogo di nascita;Ragione sociale;Partita IVA;E-mail;Telefono;Indirizzo;Civico;CAP;Comune;Provincia';
/** Good, bad and duplicate rows (line numbers in the comments); a blank line is not a row. */
const CSV = [
  HEADER,
  `persona;Mario;Rossi;${MARIO};15/03/1980;M;Milano;;;mario@example.it;347 123 4567;Via Dante;7;20121;Milano;MI`, // 2 valid
  `azienda;;;;;;;Alfa Srl;01234560017;info@alfa.it;02 1234567;Corso Como;1;20154;Milano;MI`, // 3 valid
  `persona;Giulia;Bianchi;${wrongCheck(GIULIA)};01/02/1975;F;Milano;;;;;;;;;`, // 4 error: check character
  `persona;Luca;Verdi;${LUCA};09/09/1990;M;Milano;;;;;Via Roma;1;00184;Milano;MI`, // 5 error: CAP of another comune
  `persona;Anna;;;;;;;;;;;;;;`, // 6 error: surname and codice fiscale missing
  `persona;Paolo;Neri;${PAOLO};20/06/1965;M;Milano;;;;;;;;;`, // 7 duplicate of the book
  `;Mario;Rossi;${MARIO};1980-03-15;M;F205;;;;;;;;;`, // 8 duplicate of line 2
  '',
  `persona;Sara;Gallo;${SARA};05/11/1988;F;Roma (RM);;;;;;;;;`, // 10 warning: birth date differs from the codice fiscale
  `;Ardit;Hoxha;${ARDIT};02/05/1990;M;Albania;;;;;;;;;`, // 11 valid: foreign birthplace
].join('\r\n');
const EXPECTED = { total: 9, valid: 3, warnings: 1, errors: 3, duplicates: 2 };

const signIn = async (email: string, role: 'admin' | 'corner' = 'corner') => {
  const user = await t.createUser({ email, password: PASSWORD, role, name: email.split('@')[0], surname: 'Test' });
  return { ...user, cookie: await t.login(email, PASSWORD) };
};

const importFile = (cookie: string, content: Buffer | string, fields: Record<string, string> = {}, filename = 'clienti.csv') => {
  const parts: TPart[] = [
    { kind: 'file', field: 'file0', filename, content: Buffer.isBuffer(content) ? content : Buffer.from(content) },
    ...Object.entries(fields).map(([field, value]): TPart => ({ kind: 'field', field, value })),
  ];
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/clients/import', payload: body.payload, headers: { ...body.headers, cookie } });
};

const bookOf = async (cornerId: string) =>
  t.database.db.selectFrom('clients').select(['name', 'surname', 'business', 'cf', 'vat', 'birth_date', 'comune_name', 'cap', 'phone', 'created_by']).where('corner_id', '=', cornerId).orderBy('surname').orderBy('business').execute();

const createPaolo = async (cookie: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/clients',
    headers: { cookie },
    payload: { kind: 'persona', name: 'Paolo', surname: 'Neri', cf: PAOLO, birthDate: '1965-06-20', sex: 'M' },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
};

const byRow = (result: TImportResult) => new Map(result.rows.map((row) => [row.row, row]));

describe('import of clients through REST (multipart)', () => {
  it('previews a CSV with good, bad and duplicate rows without writing, then imports the valid ones once', async () => {
    const corner = await signIn('corner@example.it');
    const paoloId = await createPaolo(corner.cookie);

    const preview = await importFile(corner.cookie, `\uFEFF${CSV}`, { dryRun: 'true' });
    expect(preview.statusCode).toBe(200);
    const dry = preview.json<TImportResult>();
    expect(dry.counts).toEqual({ ...EXPECTED, imported: 0 });
    expect(dry.header[0]).toBe('Tipo');
    expect(dry.mapping).toMatchObject({ kind: 0, name: 1, surname: 2, cf: 3, birthDate: 4, sex: 5, birthplace: 6, businessName: 7, vat: 8, email: 9, phone: 10, street: 11, number: 12, cap: 13, comune: 14, province: 15 });
    expect(dry.sample).toHaveLength(10);
    const rows = byRow(dry);
    expect(rows.get(2)).toMatchObject({ status: 'valid', name: 'Mario Rossi', messages: [] });
    expect(rows.get(3)).toMatchObject({ status: 'valid', name: 'Alfa Srl' });
    expect(rows.get(4)).toMatchObject({ status: 'error', messages: [MSG.cfInvalid] });
    expect(rows.get(5)).toMatchObject({ status: 'error', messages: [CLIENT_MSG.capNotInComune('00184', 'Milano')] });
    expect(rows.get(6)?.status).toBe('error');
    expect(rows.get(6)?.messages).toEqual(expect.arrayContaining([`Cognome: ${MSG.required}`, `Codice fiscale: ${MSG.required}`]));
    expect(rows.get(7)).toMatchObject({ status: 'duplicate', duplicateOf: { id: paoloId, name: 'Paolo Neri' }, messages: [CLIENT_RECORD_MSG.duplicateCf('Paolo Neri')] });
    expect(rows.get(8)).toMatchObject({ status: 'duplicate', duplicateOfRow: 2, messages: [IMPORT_MSG.duplicateInFile(2)] });
    expect(rows.get(9)).toBeUndefined();
    expect(rows.get(10)).toMatchObject({ status: 'warning', messages: [CLIENT_MSG.birthDateMismatch('04/11/1988')] });
    expect(rows.get(11)).toMatchObject({ status: 'valid', name: 'Ardit Hoxha' });
    // A dry run writes nothing.
    expect(await bookOf(corner.id)).toHaveLength(1);

    const done = await importFile(corner.cookie, CSV, { dryRun: 'false', mapping: JSON.stringify(dry.mapping) });
    expect(done.statusCode).toBe(200);
    expect(done.json<TImportResult>().counts).toEqual({ ...EXPECTED, imported: 4 });
    const book = await bookOf(corner.id);
    expect(book.map((client) => client.business || `${client.name} ${client.surname}`).sort()).toEqual(['Alfa Srl', 'Ardit Hoxha', 'Mario Rossi', 'Paolo Neri', 'Sara Gallo']);
    expect(book.find((client) => client.surname === 'Rossi')).toMatchObject({ cf: MARIO, comune_name: 'Milano', cap: '20121', phone: '+393471234567', created_by: corner.id });
    expect(book.find((client) => client.surname === 'Gallo')?.birth_date).toBeTruthy();
    const foreign = await t.database.db.selectFrom('clients').select(['birthplace_code', 'birthplace_label']).where('cf', '=', ARDIT).executeTakeFirstOrThrow();
    expect(foreign).toEqual({ birthplace_code: 'Z100', birthplace_label: 'Albania' });

    // The same file again: every good row is now a duplicate of the book, nothing is created twice.
    const again = await importFile(corner.cookie, CSV, { dryRun: 'false' });
    expect(again.json<TImportResult>().counts).toEqual({ total: 9, valid: 0, warnings: 0, errors: 3, duplicates: 6, imported: 0 });
    expect(await bookOf(corner.id)).toHaveLength(5);
  });

  it('imports the first sheet of an Excel file, with dates, numbers lost their zeros and a column mapped by hand', async () => {
    const corner = await signIn('corner@example.it');
    const sheet = XLSX.utils.aoa_to_sheet(
      [
        ['Cognome', 'Nome', 'CF', 'Nascita', 'Residenza', 'CAP', 'Prov.'],
        ['Rossi', 'Mario', MARIO, new Date(Date.UTC(1980, 2, 15)), 'Milano', 20121, 'MI'],
        ['Gallo', 'Sara', SARA, new Date(Date.UTC(1988, 10, 4)), 'Roma', 184, 'RM'],
      ],
      { cellDates: true, dateNF: 'dd/mm/yyyy' },
    );
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Clienti');
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['ignorato']]), 'Altro');
    const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;

    const preview = (await importFile(corner.cookie, xlsx, {}, 'clienti.xlsx')).json<TImportResult>();
    expect(preview.mapping).toMatchObject({ surname: 0, name: 1, cf: 2, birthDate: 3, province: 6 });
    expect(preview.mapping.comune).toBeUndefined();
    // "Residenza" is not a known header: mapped by hand to the comune; a street is then required.
    const mapping = { ...preview.mapping, comune: 4 };
    const checked = (await importFile(corner.cookie, xlsx, { mapping: JSON.stringify(mapping) }, 'clienti.xlsx')).json<TImportResult>();
    expect(checked.counts).toMatchObject({ total: 2, errors: 2 });
    expect(checked.rows[0]?.messages).toEqual([`Indirizzo: ${MSG.required}`]);

    const noAddress = { surname: 0, name: 1, cf: 2, birthDate: 3 };
    const done = await importFile(corner.cookie, xlsx, { body: JSON.stringify({ mapping: noAddress, dryRun: false }) }, 'clienti.xlsx');
    expect(done.json<TImportResult>().counts).toEqual({ total: 2, valid: 2, warnings: 0, errors: 0, duplicates: 0, imported: 2 });
    const rows = await t.database.db.selectFrom('clients').select(['surname', sql`birth_date::text`.as('birth')]).orderBy('surname').execute();
    expect(rows).toEqual([
      { surname: 'Gallo', birth: '1988-11-04' },
      { surname: 'Rossi', birth: '1980-03-15' },
    ]);
  });

  it('refuses another corner’s book, an unknown format, a file with no rows and a mapping without names, in Italian', async () => {
    const corner = await signIn('corner@example.it');
    const other = await signIn('altro@example.it');
    const refused = await importFile(corner.cookie, CSV, { cornerId: other.id, dryRun: 'false' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(IMPORT_MSG.otherCorner);
    expect(await bookOf(other.id)).toHaveLength(0);

    const binary = await importFile(corner.cookie, Buffer.from([0x00, 0x01, 0x02, 0x03, 0x04]), {}, 'x.bin');
    expect(binary.statusCode).toBe(400);
    expect(binary.json().message).toBe(IMPORT_MSG.formatUnknown);
    expect((await importFile(corner.cookie, 'Nome,Cognome\n')).json().message).toBe(IMPORT_MSG.noDataRows);
    const noNames = await importFile(corner.cookie, 'Email,Telefono\nmario@example.it,3471234567\n');
    expect(noNames.json().message).toBe(IMPORT_MSG.mappingNeedsName);
    const comma = (await importFile(corner.cookie, `Nome,Cognome,Codice fiscale\nMario,Rossi,${MARIO}\n`)).json<TImportResult>();
    expect(comma.counts).toMatchObject({ total: 1, valid: 1 });
    const noFile = multipart([{ kind: 'field', field: 'dryRun', value: 'true' }]);
    const missing = await t.app.inject({ method: 'POST', url: '/api/clients/import', headers: { cookie: corner.cookie, ...noFile.headers }, payload: noFile.payload });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(IMPORT_MSG.fileMissing);
    const huge = await importFile(corner.cookie, Buffer.alloc(IMPORT_LIMITS.maxFileBytes + 1024, 0x41));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(IMPORT_MSG.fileTooLarge);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/clients/import', ...multipart([{ kind: 'file', field: 'file0', filename: 'a.csv', content: Buffer.from(CSV) }]) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('imports a few hundred rows in one go (search index filled in one batch) and the list search finds them', async () => {
    const corner = await signIn('corner@example.it');
    const names = ['Mario', 'Luca', 'Paolo', 'Marco', 'Andrea'];
    const lines = ['Nome,Cognome,Codice fiscale,Telefono'];
    for (let index = 0; index < 250; index += 1) {
      const name = names[index % names.length]!;
      const code = cf(name, `Cognome${String.fromCharCode(65 + (index % 26))}${String.fromCharCode(65 + Math.floor(index / 26))}`, 'M', 1 + (index % 28), 1 + (index % 12), 1950 + (index % 40));
      lines.push(`${name},Cognome${String.fromCharCode(65 + (index % 26))}${String.fromCharCode(65 + Math.floor(index / 26))},${code},347${String(index).padStart(7, '0')}`);
    }
    const done = (await importFile(corner.cookie, lines.join('\n'), { dryRun: 'false' })).json<TImportResult>();
    expect(done.counts).toMatchObject({ total: 250, valid: 250, imported: 250 });
    const found = await t.app.inject({ method: 'GET', url: '/api/clients?q=cognomecb', headers: { cookie: corner.cookie } });
    expect(found.json()).toEqual([expect.objectContaining({ surname: 'CognomeCB' })]);
    const { rows } = await sql<{ options: string[] | null }>`select reloptions as options from pg_class where relname = 'clients_search_trgm_idx'`.execute(t.database.db);
    // The index keeps the migration's own settings once the import is over.
    if (rows[0]) expect(rows[0].options).toEqual(['gin_pending_list_limit=256']);
  });

  it('lets an admin import into a named corner’s book, written to the audit log', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const corner = await signIn('corner@example.it');
    const noCorner = await importFile(admin.cookie, CSV, { dryRun: 'false' });
    expect(noCorner.json().message).toBe(CLIENT_RECORD_MSG.cornerNotFound);
    const done = await importFile(admin.cookie, CSV, { dryRun: 'false', cornerId: corner.id });
    expect(done.json<TImportResult>().counts).toEqual({ ...EXPECTED, duplicates: 1, valid: 4, imported: 5 });
    expect(await bookOf(corner.id)).toHaveLength(5);
    const audit = await t.database.db.selectFrom('audit_log').select(['action', 'user_id', 'details']).where('action', '=', 'clients_imported').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: corner.id });
    const details = typeof audit[0]!.details === 'string' ? JSON.parse(audit[0]!.details) : audit[0]!.details;
    expect(details).toEqual({ imported: 5 });
  });
});

describe('import of clients through tRPC', () => {
  const toTable = (csv: string) => {
    const [header, ...rows] = csv.split('\r\n').map((line) => line.split(';'));
    return { header: header!, rows };
  };

  it('checks a parsed table with the same counts, writes nothing on a dry run, then imports', async () => {
    const corner = await signIn('corner@example.it');
    await createPaolo(corner.cookie);
    const trpc = await createTrpcHttpCaller(t, 'corner@example.it', PASSWORD);
    const table = toTable(CSV);
    const dry = await trpc.clients.import.run.mutate({ table, mapping: suggestMapping(table.header), dryRun: true });
    expect(dry.counts).toEqual({ ...EXPECTED, imported: 0 });
    expect(await bookOf(corner.id)).toHaveLength(1);
    const done = await trpc.clients.import.run.mutate({ table, dryRun: false });
    expect(done.counts.imported).toBe(4);
    expect(await bookOf(corner.id)).toHaveLength(5);
    expect((await trpc.clients.find.query({ page: 1, limit: 0 })).total).toBe(5);

    const other = await signIn('altro@example.it');
    const refused = await trpc.clients.import.run.mutate({ table, dryRun: false, cornerId: other.id }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCClientError);
    expect((refused as TRPCClientError<never>).message).toBe(IMPORT_MSG.otherCorner);
    expect(await bookOf(other.id)).toHaveLength(0);
  });
});
