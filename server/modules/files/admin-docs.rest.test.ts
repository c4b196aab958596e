import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONTRACT_MSG } from '../../../shared/schemas/contract';
import { useTestApp } from '../../testing/test-app';
import { multipart, pdfOf, pngOf } from './files.fixtures';

const t = useTestApp();
beforeEach(async () => {
  await fs.rm(path.join(t.config.dataDir, 'files'), { recursive: true, force: true });
});
const PASSWORD = 'Segreta123';

const signIn = async (email: string, role: 'admin' | 'corner' | 'broker') => {
  const { id } = await t.createUser({ email, password: PASSWORD, role });
  return { id, cookie: await t.login(email, PASSWORD) };
};

const publish = (cookie: string, query: string, name: string, content: Buffer) => {
  const body = multipart([
    { kind: 'file', field: 'file0', filename: `${name}.bin`, content },
    { kind: 'field', field: 'm0', value: JSON.stringify({ name }) },
  ]);
  return t.app.inject({ method: 'POST', url: `/api/admin/docs/upload?${query}`, payload: body.payload, headers: { ...body.headers, cookie } });
};

const docsOf = async (cookie: string) =>
  ((await t.app.inject({ method: 'GET', url: '/api/docs', headers: { cookie } })).json().list as { name: string }[]).map((item) => item.name);
const adminList = async (cookie: string, query = '') => (await t.app.inject({ method: 'GET', url: `/api/admin/docs${query}`, headers: { cookie } })).json();
const storedRows = () => t.database.db.withTables<{ files: { id: string; deleted_at: Date | null } }>().selectFrom('files').selectAll().execute();

describe('admin documents (/admin/documenti)', () => {
  it('publishes to a role: corners see it in GET /api/docs, brokers do not; the audience can change', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const corner = await signIn('corner@example.it', 'corner');
    const broker = await signIn('broker@example.it', 'broker');

    const response = await publish(admin.cookie, 'audience=roles&roles=corner&docType=other', 'Listino 2026', await pdfOf('Listino'));
    expect(response.statusCode, response.body).toBe(200);
    const [doc] = response.json().files;
    expect(doc).toMatchObject({ name: 'Listino 2026', docType: 'other', audience: 'roles', roles: ['corner'], userIds: [], mime: 'application/pdf' });

    expect(await docsOf(corner.cookie)).toEqual(['Listino 2026']);
    expect(await docsOf(broker.cookie)).toEqual([]);
    // Read access follows: the corner downloads it, the broker cannot.
    const url = `/api/docs/download?path_0=${encodeURIComponent(doc.path)}`;
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: corner.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: broker.cookie } })).statusCode).toBe(404);
    // Readers cannot delete it.
    const stranger = await t.app.inject({ method: 'DELETE', url: '/api/docs/delete', headers: { cookie: corner.cookie }, payload: { path: doc.path } });
    expect(stranger.statusCode).toBe(403);

    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/docs/audience',
      headers: { cookie: admin.cookie },
      payload: { path: doc.path, audience: 'users', userIds: [broker.id] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: CONTRACT_MSG.audienceUpdated,
      file: { audience: 'users', roles: [], userIds: [broker.id], users: [{ id: broker.id, email: 'broker@example.it', name: 'Mario Rossi' }] },
    });
    expect(await docsOf(corner.cookie)).toEqual([]);
    expect(await docsOf(broker.cookie)).toEqual(['Listino 2026']);

    await t.app.inject({ method: 'PATCH', url: '/api/admin/docs/audience', headers: { cookie: admin.cookie }, payload: { path: doc.path, audience: 'all' } });
    expect(await docsOf(corner.cookie)).toEqual(['Listino 2026']);
    expect(await docsOf(broker.cookie)).toEqual(['Listino 2026']);

    // Deleted through the documents path: gone for everyone.
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/docs/delete', headers: { cookie: admin.cookie }, payload: { path: doc.path } });
    expect(removed.statusCode).toBe(200);
    expect(await docsOf(corner.cookie)).toEqual([]);
    expect((await adminList(admin.cookie)).total).toBe(0);
  });

  it('lists published documents newest first, paged, searchable by name, with their audience', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    await publish(admin.cookie, 'audience=all', 'Privacy 2026', await pdfOf());
    await publish(admin.cookie, 'docType=contract-template', 'Modello contratto', await pdfOf());
    await publish(admin.cookie, 'audience=roles&roles=corner,broker', 'Guida al portale', await pngOf(20, 20));

    const all = await adminList(admin.cookie);
    expect(all.total).toBe(3);
    expect(all.list.map((doc: { name: string; audience: string }) => [doc.name, doc.audience])).toEqual([
      ['Guida al portale', 'roles'],
      ['Modello contratto', 'none'],
      ['Privacy 2026', 'all'],
    ]);
    expect(all.list[0].roles).toEqual(['corner', 'broker']);
    const page = await adminList(admin.cookie, '?limit=1&page=2');
    expect(page.list.map((doc: { name: string }) => doc.name)).toEqual(['Modello contratto']);
    expect(page.total).toBe(3);
    expect((await adminList(admin.cookie, '?search=privacy')).list.map((doc: { name: string }) => doc.name)).toEqual(['Privacy 2026']);
    expect((await adminList(admin.cookie, '?docType=contract-template')).total).toBe(1);
    // A user's own upload is not a published document.
    const corner = await signIn('corner@example.it', 'corner');
    const body = multipart([{ kind: 'file', field: 'file0', filename: 'ci.pdf', content: await pdfOf() }]);
    await t.app.inject({ method: 'POST', url: '/api/docs/upload', payload: body.payload, headers: { ...body.headers, cookie: corner.cookie } });
    expect((await adminList(admin.cookie)).total).toBe(3);
  });

  it('refuses non-admins (403) before storing anything', async () => {
    const corner = await signIn('corner@example.it', 'corner');
    const broker = await signIn('broker@example.it', 'broker');
    for (const { cookie } of [corner, broker]) {
      const response = await publish(cookie, 'audience=all', 'Falso', await pdfOf());
      expect(response.statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/docs', headers: { cookie } })).statusCode).toBe(403);
      const patch = await t.app.inject({
        method: 'PATCH',
        url: '/api/admin/docs/audience',
        headers: { cookie },
        payload: { path: 'files/00000000-0000-4000-8000-000000000000', audience: 'all' },
      });
      expect(patch.statusCode).toBe(403);
    }
    expect(await storedRows()).toEqual([]);
  });

  it('checks audiences and templates', async () => {
    const admin = await signIn('admin@example.it', 'admin');
    const noRoles = await publish(admin.cookie, 'audience=roles', 'X', await pdfOf());
    expect(noRoles.statusCode).toBe(400);
    expect(noRoles.json().fields.roles).toEqual([CONTRACT_MSG.audienceRolesRequired]);
    const unknown = await publish(admin.cookie, 'audience=users&userIds=00000000-0000-4000-8000-000000000000', 'X', await pdfOf());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(CONTRACT_MSG.audienceUnknownUsers);
    expect((await publish(admin.cookie, 'audience=everyone', 'X', await pdfOf())).statusCode).toBe(400);
    // A template must be a PDF: an image is refused and not kept.
    const image = await publish(admin.cookie, 'docType=contract-template', 'Modello', await pngOf(20, 20));
    expect(image.statusCode).toBe(400);
    expect(image.json().message).toBe(CONTRACT_MSG.templateInvalid('Modello'));
    expect((await storedRows()).every((row) => row.deleted_at !== null)).toBe(true);
    expect((await adminList(admin.cookie)).total).toBe(0);
  });
});
