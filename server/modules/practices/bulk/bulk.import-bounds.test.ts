import { describe, expect, it } from 'vitest';
import { luceGasDefinition } from '../../../../shared/practices/luce-e-gas';
import { IMPORT_MSG } from '../../../../shared/schemas/client-import';
import { useTestApp } from '../../../testing/test-app';
import { inflatingXlsx, latenciesDuring } from '../../clients/clients.import.fixtures';
import { multipart } from '../../files/files.fixtures';
import { practicesFixtures } from '../testing/practices.fixtures';

/**
 * The supplier's outcome file read like the clients' import (issue 26): an Excel file that inflates to hundreds of MB
 * is refused before it is parsed, nothing moves, and the other users are served meanwhile.
 */
const UA = 'Mozilla/5.0 (Test) Utility bulk bounds';
const t = useTestApp();
const { call, corner, staff, clientOf, signContract } = practicesFixtures(t, UA);

const upload = (cookie: string, content: Buffer) => {
  const body = multipart([{ kind: 'file', field: 'file', filename: 'esiti.xlsx', content, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }]);
  return t.app.inject({ method: 'POST', url: '/api/practices/luce-e-gas/outcomes', headers: { cookie, 'user-agent': UA, ...body.headers }, payload: body.payload });
};

describe('import of the supplier’s outcome file: an Excel file that inflates too much', () => {
  it('refuses a 1 MB .xlsx whose sheet inflates to 300 MB, moves nothing, and others are served meanwhile', async () => {
    const a = await corner('a@example.it', 'Anna');
    const lg = await staff('lg@example.it', 'broker', 'luce e gas', 'Lucio');
    await signContract(a);
    const created = await call('POST', '/api/practices/luce-e-gas', a.cookie, { clientId: await clientOf(a.id), data: luceGasDefinition.example });
    expect(created.statusCode, created.body).toBe(201);
    const before = (await call('GET', `/api/practices/luce-e-gas/${created.json().id}`, lg.cookie)).json();

    const importing = upload(lg.cookie, inflatingXlsx(300));
    const latencies = await latenciesDuring(importing, async () => {
      expect((await call('GET', '/api/auth/me', a.cookie)).statusCode).toBe(200);
    });
    const refused = await importing;
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ message: IMPORT_MSG.excelInflatesTooMuch, fields: { file: [IMPORT_MSG.excelInflatesTooMuch] } });
    expect(Math.max(...latencies)).toBeLessThan(1000);
    const after = (await call('GET', `/api/practices/luce-e-gas/${created.json().id}`, lg.cookie)).json();
    expect(after).toEqual(before);
  });
});
