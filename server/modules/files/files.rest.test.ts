import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';
import { FILE_MSG } from '../../../shared/schemas/files';
import { useTestApp } from '../../testing/test-app';
import { HTML_AS_PNG, jpegOf, multipart, pdfOf, pngOf, SVG_AS_PNG, type TPart } from './files.fixtures';

const t = useTestApp();
// Stored contents live in DATA_DIR/files, which the app's reset leaves alone.
beforeEach(async () => {
  await fs.rm(path.join(t.config.dataDir, 'files'), { recursive: true, force: true });
});
const PASSWORD = 'Segreta123';

const signIn = async (email: string, role: 'admin' | 'corner' | 'broker' = 'corner') => {
  const { id } = await t.createUser({ email, password: PASSWORD, role });
  return { id, cookie: await t.login(email, PASSWORD) };
};

const upload = (cookie: string, parts: TPart[], url = '/api/docs/upload') => {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie } });
};

const uploadOne = async (cookie: string, name: string, content: Buffer) => {
  const response = await upload(cookie, [
    { kind: 'file', field: 'file0', filename: name, content },
    { kind: 'field', field: 'm0', value: JSON.stringify({ name }) },
  ]);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().files[0] as { path: string; name: string; mime: string; size: number };
};

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const storedObjects = async () => {
  const root = path.join(t.config.dataDir, 'files');
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(path.relative(root, full));
    }
  };
  await walk(root);
  return found;
};

describe('POST /api/docs/upload', () => {
  it('stores files with their metadata, type recognised from the content, and answers file items', async () => {
    const corner = await signIn('corner@example.it');
    const pdf = await pdfOf();
    const png = await pngOf(40, 30);
    const response = await upload(corner.cookie, [
      { kind: 'file', field: 'file0', filename: 'doc.bin', content: pdf },
      { kind: 'field', field: 'm0', value: JSON.stringify({ name: 'Carta d’identità', type: 'identity', issuedBy: 'Comune' }) },
      { kind: 'file', field: 'file1', filename: 'foto.png', content: png, contentType: 'image/png' },
      { kind: 'field', field: 'body', value: JSON.stringify({ note: 'ciao' }) },
      // metadata sent after its file is applied too
      { kind: 'field', field: 'm1', value: JSON.stringify({ name: 'Foto', docType: 'photo' }) },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toBe('File caricato.');
    expect(body.files).toEqual([
      { name: 'Carta d’identità', path: expect.stringMatching(/^files\/[0-9a-f-]{36}$/), docType: 'identity', metadata: { issuedBy: 'Comune', type: 'identity' }, mime: 'application/pdf', size: pdf.length, createdAt: expect.any(String) },
      { name: 'Foto', path: expect.stringMatching(/^files\/[0-9a-f-]{36}$/), docType: 'photo', mime: 'image/png', size: png.length, createdAt: expect.any(String) },
    ]);
    const rows = await t.database.db.withTables<{ files: { owner_id: string; sha256: string; storage_key: string } }>().selectFrom('files').selectAll().execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.owner_id === corner.id && /^[0-9a-f]{64}$/.test(row.sha256) && /^\d{4}\/\d{2}\/[0-9a-f-]{36}$/.test(row.storage_key))).toBe(true);
    expect(await storedObjects()).toHaveLength(2);

    const list = (await get('/api/docs', corner.cookie)).json();
    expect(list.total).toBe(2);
  });

  it.each([
    ['HTML', HTML_AS_PNG],
    ['SVG', SVG_AS_PNG],
  ])('refuses %s disguised as a PNG, and keeps nothing of the upload', async (_kind, content) => {
    const corner = await signIn('corner@example.it');
    const response = await upload(corner.cookie, [
      { kind: 'file', field: 'file0', filename: 'ok.pdf', content: await pdfOf() },
      { kind: 'file', field: 'file1', filename: 'innocua.png', content, contentType: 'image/png' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`${FILE_MSG.typeNotAllowed} innocua.png.`);
    expect(await storedObjects()).toEqual([]);
    expect((await get('/api/docs', corner.cookie)).json().total).toBe(0);
  });

  it('refuses invalid metadata with a field message, and requests without a session or without files', async () => {
    const corner = await signIn('corner@example.it');
    const bad = await upload(corner.cookie, [
      { kind: 'file', field: 'file0', filename: 'a.pdf', content: await pdfOf() },
      { kind: 'field', field: 'm0', value: JSON.stringify({ name: '../../etc/passwd' }) },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields['m0.name']).toEqual([FILE_MSG.nameInvalid]);
    expect(await storedObjects()).toEqual([]);

    const anonymous = multipart([{ kind: 'file', field: 'file0', filename: 'a.pdf', content: await pdfOf() }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/docs/upload', payload: anonymous.payload, headers: anonymous.headers })).statusCode).toBe(401);
    expect((await upload(corner.cookie, [{ kind: 'field', field: 'body', value: '{}' }])).json().message).toBe(FILE_MSG.uploadEmpty);
    const json = await t.app.inject({ method: 'POST', url: '/api/docs/upload', payload: { file0: 'x' }, headers: { cookie: corner.cookie } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(FILE_MSG.uploadNotMultipart);
  });

  it('leaves JSON bodies of other routes to the JSON parser', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@example.it', password: 'Sbagliata1' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/docs/download', () => {
  it('streams one file as itself, with a safe Content-Disposition, and inline with nosniff and a sandbox', async () => {
    const corner = await signIn('corner@example.it');
    const pdf = await pdfOf();
    const file = await uploadOne(corner.cookie, 'Contratto', pdf);
    const response = await get(`/api/docs/download?path_0=${file.path}&name_0=${encodeURIComponent('Contràtto "firmato"\r\nX: y')}`, corner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.equals(pdf)).toBe(true);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Contratto _firmato_X_ y.pdf"; filename*=UTF-8''Contr%C3%A0tto%20_firmato_X_%20y.pdf`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');

    const inline = await get(`/api/docs/download?path_0=${file.path}&inline=1`, corner.cookie);
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="Contratto.pdf"/);
    expect(inline.headers['content-security-policy']).toContain('sandbox');
    const viewer = await get(`/api/docs/file?path=${file.path}`, corner.cookie);
    expect(viewer.statusCode).toBe(200);
    expect(viewer.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('answers a byte range with 206 and that slice (a video player seeking), and refuses one outside the file', async () => {
    const corner = await signIn('corner@example.it');
    const other = await signIn('other@example.it');
    const pdf = await pdfOf();
    const size = pdf.length;
    const file = await uploadOne(corner.cookie, 'Contratto', pdf);
    const ranged = (url: string, range: string, extra: Record<string, string> = {}, cookie = corner.cookie) =>
      t.app.inject({ method: 'GET', url, headers: { cookie, range, ...extra } });
    for (const url of [`/api/docs/file?path=${file.path}`, `/api/docs/download?path_0=${file.path}`]) {
      const head = await ranged(url, 'bytes=0-9');
      expect(head.statusCode, url).toBe(206);
      expect(head.headers['content-range']).toBe(`bytes 0-9/${size}`);
      expect(head.headers['content-length']).toBe('10');
      expect(head.headers['accept-ranges']).toBe('bytes');
      expect(head.rawPayload.equals(pdf.subarray(0, 10))).toBe(true);

      const middle = await ranged(url, 'bytes=100-');
      expect(middle.statusCode).toBe(206);
      expect(middle.headers['content-range']).toBe(`bytes 100-${size - 1}/${size}`);
      expect(middle.rawPayload.equals(pdf.subarray(100))).toBe(true);

      const tail = await ranged(url, 'bytes=-5');
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(pdf.subarray(size - 5))).toBe(true);

      // Past the end: the end is cut to the file's last byte.
      const past = await ranged(url, `bytes=${size - 3}-${size + 100}`);
      expect(past.headers['content-range']).toBe(`bytes ${size - 3}-${size - 1}/${size}`);
      expect(past.rawPayload.equals(pdf.subarray(size - 3))).toBe(true);

      const outside = await ranged(url, `bytes=${size}-`);
      expect(outside.statusCode).toBe(416);
      expect(outside.headers['content-range']).toBe(`bytes */${size}`);
      expect(outside.rawPayload.length).toBe(0);

      // Several ranges, an If-Range or a header that is not bytes: the whole file.
      for (const [range, extra] of [['bytes=0-1,5-6', {}], ['bytes=0-9', { 'if-range': '"abc"' }], ['items=0-9', {}], ['bytes=abc', {}]] as const) {
        const whole = await ranged(url, range, extra);
        expect(whole.statusCode, range).toBe(200);
        expect(whole.headers['content-length']).toBe(String(size));
        expect(whole.rawPayload.equals(pdf)).toBe(true);
      }
      // A range does not get around the access check.
      const refused = await ranged(url, 'bytes=0-9', {}, other.cookie);
      expect(refused.statusCode).toBe(404);
    }
    const plain = await get(`/api/docs/file?path=${file.path}`, corner.cookie);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['accept-ranges']).toBe('bytes');
  });

  it('streams several files as one valid zip named zipName, with safe, de-duplicated entry names', async () => {
    const corner = await signIn('corner@example.it');
    const a = await uploadOne(corner.cookie, 'documento.pdf', await pdfOf('uno'));
    const b = await uploadOne(corner.cookie, 'documento.pdf', await pdfOf('due'));
    const c = await uploadOne(corner.cookie, 'foto', await jpegOf(20, 20));
    const d = await uploadOne(corner.cookie, 'x.png', await pngOf(10, 10));
    const query = new URLSearchParams({
      path_0: a.path,
      path_1: b.path,
      path_2: c.path,
      path_3: d.path,
      name_3: '../../etc/passwd\u0000.png',
      zipName: 'Pratica ../Rossi',
    });
    const response = await get(`/api/docs/download?${query}`, corner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''Pratica%20._Rossi.zip`);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zip-'));
    const zipPath = path.join(dir, 'out.zip');
    await fs.writeFile(zipPath, response.rawPayload);
    await promisify(execFile)('unzip', ['-t', zipPath]);
    const { stdout } = await promisify(execFile)('unzip', ['-Z1', zipPath]);
    expect(stdout.trim().split('\n')).toEqual(['documento.pdf', 'documento (2).pdf', 'foto.jpg', '_._etc_passwd.png']);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it.each(['../../etc/passwd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '/etc/passwd', 'files/..%2f..%2fetc%2fpasswd', `files/%00`, 'files/00000000-0000-0000-0000-000000000000%00.pdf', '..\\..\\x'])(
    'refuses the path %s in every path parameter',
    async (bad) => {
      const corner = await signIn('corner@example.it');
      const file = await uploadOne(corner.cookie, 'a.pdf', await pdfOf());
      for (const url of [`/api/docs/download?path_0=${bad}`, `/api/docs/download?path_0=${file.path}&path_1=${bad}`, `/api/docs/file?path=${bad}`]) {
        const response = await get(url, corner.cookie);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().message).toBe(FILE_MSG.pathInvalid);
      }
      for (const [method, url] of [['PATCH', '/api/docs/rename'], ['DELETE', '/api/docs/delete']] as const) {
        const response = await t.app.inject({ method, url, payload: { path: decodeURIComponent(bad.replace('%00', '\u0000')), name: 'x' }, headers: { cookie: corner.cookie } });
        expect(response.statusCode).toBe(400);
      }
      const image = await get(`/_next/image?url=${encodeURIComponent(bad)}&w=64`, corner.cookie);
      expect(image.statusCode).toBe(404);
    },
  );

  it('refuses another user’s file with the answer of a missing one, before streaming anything', async () => {
    const owner = await signIn('owner@example.it');
    const other = await signIn('other@example.it');
    const mine = await uploadOne(other.cookie, 'mio.pdf', await pdfOf());
    const theirs = await uploadOne(owner.cookie, 'suo.pdf', await pdfOf());
    for (const url of [`/api/docs/download?path_0=${theirs.path}`, `/api/docs/download?path_0=${mine.path}&path_1=${theirs.path}`, `/api/docs/file?path=${theirs.path}`]) {
      const response = await get(url, other.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(FILE_MSG.fileNotFound);
    }
    const missing = await get('/api/docs/download?path_0=files/00000000-0000-4000-8000-000000000000', other.cookie);
    expect(missing.statusCode).toBe(404);
    expect((await get(`/api/docs/download?path_0=${theirs.path}`)).statusCode).toBe(401);
    const admin = await signIn('admin@example.it', 'admin');
    expect((await get(`/api/docs/download?path_0=${theirs.path}`, admin.cookie)).statusCode).toBe(200);
  });

  it('lets the audience of a published file read it, and nobody else', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const corner = await signIn('corner@example.it');
    const broker = await signIn('broker@example.it', 'broker');
    const { Readable } = await import('node:stream');
    const published = await t.app.services.files.storeFile(admin.id, Readable.from([await pdfOf()]), { name: 'Modello contratto', audience: { visibility: 'shared', roles: ['corner'] } });
    expect((await get(`/api/docs/download?path_0=${published.path}`, corner.cookie)).statusCode).toBe(200);
    expect((await get(`/api/docs/download?path_0=${published.path}`, broker.cookie)).statusCode).toBe(404);
    expect((await get('/api/docs', corner.cookie)).json().list.map((item: { name: string }) => item.name)).toEqual(['Modello contratto']);
    expect((await get('/api/docs', broker.cookie)).json().total).toBe(0);
  });
});

describe('PATCH /api/docs/rename and DELETE /api/docs/delete', () => {
  it('lets the owner rename and delete (soft in the table, content removed)', async () => {
    const corner = await signIn('corner@example.it');
    const file = await uploadOne(corner.cookie, 'vecchio.pdf', await pdfOf());
    const renamed = await t.app.inject({ method: 'PATCH', url: '/api/docs/rename', payload: { path: file.path, name: 'nuovo.pdf' }, headers: { cookie: corner.cookie } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ message: FILE_MSG.renamed, file: { name: 'nuovo.pdf', path: file.path } });

    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/docs/delete', payload: { path: file.path }, headers: { cookie: corner.cookie } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: FILE_MSG.deleted });
    expect(await storedObjects()).toEqual([]);
    const row = await t.database.db.withTables<{ files: { deleted_at: Date | null } }>().selectFrom('files').select('deleted_at').executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect((await get(`/api/docs/download?path_0=${file.path}`, corner.cookie)).statusCode).toBe(404);
  });

  it('refuses another user, recipients of a published file, and a file with allowDelete/allowEdit false', async () => {
    const { Readable } = await import('node:stream');
    const owner = await signIn('owner@example.it');
    const other = await signIn('other@example.it');
    const admin = await signIn('admin@example.it', 'admin');
    const file = await uploadOne(owner.cookie, 'a.pdf', await pdfOf());
    const send = (method: 'PATCH' | 'DELETE', cookie: string, filePath: string) =>
      t.app.inject({ method, url: method === 'PATCH' ? '/api/docs/rename' : '/api/docs/delete', payload: { path: filePath, name: 'b.pdf' }, headers: { cookie } });
    expect((await send('PATCH', other.cookie, file.path)).statusCode).toBe(404);
    expect((await send('DELETE', other.cookie, file.path)).statusCode).toBe(404);

    const published = await t.app.services.files.storeFile(admin.id, Readable.from([await pdfOf()]), { name: 'Avviso', audience: { visibility: 'public' } });
    const asRecipient = (await get('/api/docs', owner.cookie)).json().list.find((item: { name: string }) => item.name === 'Avviso');
    expect(asRecipient).toMatchObject({ allowDelete: false, allowEdit: false });
    expect((await send('DELETE', owner.cookie, published.path)).json().message).toBe(FILE_MSG.deleteForbidden);
    expect((await send('PATCH', owner.cookie, published.path)).statusCode).toBe(403);

    const contract = await t.app.services.files.storeFile(owner.id, Readable.from([await pdfOf()]), { name: 'Contratto firmato', allowDelete: false, allowEdit: false });
    for (const cookie of [owner.cookie, admin.cookie]) {
      expect((await send('DELETE', cookie, contract.path)).statusCode).toBe(403);
      expect((await send('PATCH', cookie, contract.path)).json().message).toBe(FILE_MSG.renameForbidden);
    }
    expect((await send('PATCH', admin.cookie, file.path)).statusCode).toBe(200);
    expect(await storedObjects()).toHaveLength(3);
  });
});
