import { describe, expect, it } from 'vitest';
import { CLIENT_FILTER_FIELDS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import type { TChatMessage } from '../../shared/schemas/chat';
import { ensureStaffRoom } from '../modules/chat/chat.repository';
import { multipart, pdfOf } from '../modules/files/files.fixtures';
import type { FilesTable } from '../modules/files/files.repository';
import { connectSocket, createTrpcHttpClient, useListeningApp } from '../testing/realtime-clients';
import { registrationFixture } from '../testing/fixtures';
import { useTestApp } from '../testing/test-app';

/**
 * Control characters (a NUL above all, which PostgreSQL refuses in text) in any text a request carries: refused
 * with 400 and the Italian message by the shared text schemas, stripped from the names of uploaded files, and
 * never a 500 nor a change in the database.
 */
const t = useTestApp();
const live = useListeningApp(t);
const PASSWORD = 'Segreta123';

type TCaller = 'anonymous' | 'corner' | 'admin';
type TCase = { name: string; as: TCaller; method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: unknown };

const NUL = '\u0000';

const restCases: TCase[] = [
  { name: 'GET /api/clients?q', as: 'corner', method: 'GET', url: '/api/clients?q=%00' },
  ...CLIENT_FILTER_FIELDS.map((field): TCase => ({ name: `GET /api/clients?${field}`, as: 'admin', method: 'GET', url: `/api/clients?${field}=a%00b` })),
  { name: 'GET /api/admin/users?q', as: 'admin', method: 'GET', url: '/api/admin/users?q=%00' },
  { name: 'GET /api/chat?name', as: 'corner', method: 'GET', url: '/api/chat?name=%00' },
  { name: 'GET /api/admin/docs?search', as: 'admin', method: 'GET', url: '/api/admin/docs?search=%00' },
  { name: 'GET /api/docs?docType', as: 'corner', method: 'GET', url: '/api/docs?docType=%00' },
  { name: 'GET /_next/image?url', as: 'corner', method: 'GET', url: '/_next/image?url=%2Flogo%00.png&w=64' },
  { name: 'POST /api/auth/register name', as: 'anonymous', method: 'POST', url: '/api/auth/register', payload: registrationFixture(PASSWORD, { name: `Giu${NUL}lia` }) },
  { name: 'POST /api/auth/register surname', as: 'anonymous', method: 'POST', url: '/api/auth/register', payload: registrationFixture(PASSWORD, { surname: NUL }) },
  {
    name: 'POST /api/auth/register business',
    as: 'anonymous',
    method: 'POST',
    url: '/api/auth/register',
    payload: registrationFixture(PASSWORD, { type: 'azienda', business: `Ditta${NUL}`, vat: '01234567897' }),
  },
  { name: 'PATCH /api/profile user.name', as: 'corner', method: 'PATCH', url: '/api/profile', payload: { user: { type: 'persona', name: `Ma${NUL}rio`, surname: 'Rossi' } } },
  { name: 'PATCH /api/profile user.surname', as: 'corner', method: 'PATCH', url: '/api/profile', payload: { user: { type: 'persona', name: 'Mario', surname: `\u0007Rossi` } } },
  { name: 'POST /api/admin/users name', as: 'admin', method: 'POST', url: '/api/admin/users', payload: { email: 'nuovo@example.it', role: 'corner', type: 'persona', name: NUL, surname: 'Verdi' } },
  { name: 'POST /api/admin/onetime-message text', as: 'admin', method: 'POST', url: '/api/admin/onetime-message', payload: { type: 'info', text: `Ciao${NUL}` } },
];

const filesOf = () => t.database.db.withTables<{ files: FilesTable }>().selectFrom('files');

/** Everything a refused request could have changed. */
const snapshot = async () => {
  const db = t.database.db;
  return {
    users: await db.selectFrom('users').select(['id', 'name', 'surname', 'business', 'email', 'updated_at']).orderBy('id').execute(),
    clients: await db.selectFrom('clients').selectAll().orderBy('id').execute(),
    messages: await db.selectFrom('chat_messages').select(['id', 'text']).orderBy('id').execute(),
    files: await filesOf().select(['id', 'name']).orderBy('id').execute(),
    settings: await db.selectFrom('settings').selectAll().orderBy('key').execute(),
  };
};

const seed = async () => {
  const admin = await t.createUser({ email: 'admin@example.it', password: PASSWORD, role: 'admin' });
  const corner = await t.createUser({ email: 'corner@example.it', password: PASSWORD, role: 'corner', name: 'Mario', surname: 'Rossi' });
  await t.database.db.insertInto('clients').values({ corner_id: corner.id, type: 'persona', name: 'Luca', surname: 'Neri', email: 'luca@example.it' }).execute();
  const cookies: Record<TCaller, string | undefined> = {
    anonymous: undefined,
    corner: await t.login('corner@example.it', PASSWORD),
    admin: await t.login('admin@example.it', PASSWORD),
  };
  return { admin, corner, cookies };
};

const expectRefused = (response: { statusCode: number; body: string; json: () => { message: string } }) => {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().message).toContain(MSG.textControlChars);
};

describe('control characters in text input', () => {
  it('are refused with 400 and the Italian message on every query and body, changing nothing', async () => {
    const { cookies } = await seed();
    const before = await snapshot();
    for (const entry of restCases) {
      const cookie = cookies[entry.as];
      const response = await t.app.inject({ method: entry.method, url: entry.url, payload: entry.payload as object, headers: cookie ? { cookie } : {} });
      expect.soft(response.statusCode, `${entry.name}: ${response.body}`).toBe(400);
      expect.soft(response.json().message, entry.name).toContain(MSG.textControlChars);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a NUL in a JSON value nested anywhere (settings, upload metadata) instead of failing', async () => {
    const { cookies } = await seed();
    const before = await snapshot();
    const admin = createTrpcHttpClient(live.baseUrl, cookies.admin!);
    await expect(admin.settings.update.mutate({ key: 'otherDocs', value: { list: [{ title: `a${NUL}` }] } })).rejects.toMatchObject({
      message: MSG.textControlChars,
      data: { httpStatus: 400 },
    });
    await expect(admin.settings.update.mutate({ key: 'otherDocs', value: { [`k${NUL}`]: 1 } })).rejects.toMatchObject({ data: { httpStatus: 400 } });

    const body = multipart([
      { kind: 'field', field: 'm0', value: JSON.stringify({ name: 'patente.pdf', note: { deep: [`x${NUL}`] } }) },
      { kind: 'file', field: 'file0', filename: 'patente.pdf', content: await pdfOf(), contentType: 'application/pdf' },
    ]);
    const upload = await t.app.inject({ method: 'POST', url: '/api/docs/upload', payload: body.payload, headers: { ...body.headers, cookie: cookies.corner! } });
    expectRefused(upload);
    const manual = await t.app.inject({ method: 'POST', url: '/api/docs/upload?docType=%00', payload: body.payload, headers: { ...body.headers, cookie: cookies.corner! } });
    expectRefused(manual);
    expect(await snapshot()).toEqual(before);
  });

  it('strips control characters from the name an uploaded file was sent with', async () => {
    const { corner, cookies } = await seed();
    const content = await pdfOf();
    // Raw in the part header, and percent-encoded in RFC 5987 form (filename*), which the parser decodes.
    const raw = multipart([{ kind: 'file', field: 'file0', filename: `con${NUL}tratto\u0001.pdf`, content, contentType: 'application/pdf' }]);
    const first = await t.app.inject({ method: 'POST', url: '/api/docs/upload', payload: raw.payload, headers: { ...raw.headers, cookie: cookies.corner! } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().files[0].name).toBe('contratto.pdf');

    const boundary = '----nul-boundary';
    const encoded = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file0"; filename*=UTF-8''carta%00identita.pdf\r\nContent-Type: application/pdf\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/docs/upload',
      payload: encoded,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: cookies.corner! },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().files[0].name).toBe('cartaidentita.pdf');

    const stored = await filesOf().select('name').where('owner_id', '=', corner.id).orderBy('name').execute();
    expect(stored.map((row) => row.name)).toEqual(['cartaidentita.pdf', 'contratto.pdf']);
  });

  it('refuses a NUL in chat text over tRPC chat.send and socket.io message, storing nothing', async () => {
    const { corner, cookies } = await seed();
    const trpc = createTrpcHttpClient(live.baseUrl, cookies.corner!);
    // The corner's staff room, as opening the staff contact makes it.
    const { id: roomId } = await ensureStaffRoom(t.database.db, corner.id);
    const before = await snapshot();

    await expect(trpc.chat.send.mutate({ roomId, text: `Ecco${NUL}la patente` })).rejects.toMatchObject({
      message: MSG.textControlChars,
      data: { httpStatus: 400, code: 'BAD_REQUEST' },
    });

    // socket.io answers a refused message with `false`; the audit log of an impersonating admin records its status.
    const adminCookie = cookies.admin!;
    const { token } = (await t.app.inject({ method: 'POST', url: '/api/admin/auth/login-as', payload: { userId: corner.id }, headers: { cookie: adminCookie } })).json();
    const socket = live.track(await connectSocket(live.baseUrl, { token }));
    await socket.waitFor('online');
    const answer = await new Promise<TChatMessage | false>((resolve) => socket.socket.emit('message', { roomId, text: `Ciao${NUL}` }, resolve as never));
    expect(answer).toBe(false);
    const audited = await t.database.db.selectFrom('audit_log').select(['method', 'path', 'status_code']).where('method', '=', 'SOCKET').execute();
    expect(audited).toEqual([{ method: 'SOCKET', path: 'message', status_code: 400 }]);
    expect(await snapshot()).toEqual(before);
  });
});
