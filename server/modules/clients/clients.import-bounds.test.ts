import { describe, expect, it } from 'vitest';
import { IMPORT_MSG } from '../../../shared/schemas/client-import';
import { useTestApp } from '../../testing/test-app';
import { multipart } from '../files/files.fixtures';
import { inflatingXlsx, latenciesDuring } from './clients.import.fixtures';

/**
 * An Excel file that inflates to hundreds of MB (issue 26) is refused before it is parsed, and reading an Excel file
 * never stalls the other users: the import answers an Italian refusal, writes nothing, and meanwhile another user's
 * GET /api/auth/me answers at once.
 */
const t = useTestApp();
const PASSWORD = 'Segreta123';

const signIn = async (email: string) => {
  const user = await t.createUser({ email, password: PASSWORD, role: 'corner', name: email.split('@')[0], surname: 'Test' });
  return { ...user, cookie: await t.login(email, PASSWORD) };
};

const importXlsx = (cookie: string, content: Buffer) => {
  const body = multipart([
    { kind: 'file', field: 'file0', filename: 'clienti.xlsx', content },
    { kind: 'field', field: 'dryRun', value: 'false' },
  ]);
  return t.app.inject({ method: 'POST', url: '/api/clients/import', payload: body.payload, headers: { ...body.headers, cookie } });
};

const refusedWhileOthersServed = async (content: Buffer) => {
  const corner = await signIn('corner@example.it');
  const other = await signIn('altro@example.it');
  const importing = importXlsx(corner.cookie, content);
  const latencies = await latenciesDuring(importing, async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: other.cookie } })).statusCode).toBe(200);
  });
  const refused = await importing;
  expect(refused.statusCode, refused.body).toBe(400);
  expect(refused.json()).toMatchObject({ message: IMPORT_MSG.excelInflatesTooMuch, fields: { file: [IMPORT_MSG.excelInflatesTooMuch] } });
  expect(await t.database.db.selectFrom('clients').select('id').where('corner_id', '=', corner.id).execute()).toEqual([]);
  expect(Math.max(...latencies)).toBeLessThan(1000);
};

describe('import of clients: an Excel file that inflates too much', () => {
  it('refuses a 1 MB .xlsx whose sheet inflates to 300 MB from its zip directory, writes nothing, and others are served meanwhile', async () => {
    await refusedWhileOthersServed(inflatingXlsx(300));
  });

  it('refuses an .xlsx whose zip directory understates the sheet once the worker has inflated the bound, without stalling others', async () => {
    await refusedWhileOthersServed(inflatingXlsx(300, 900_000));
  });
});
