import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { FILE_MSG } from '../../../shared/schemas/files';
import { useTestApp } from '../../testing/test-app';
import { multipart, pdfOf } from './files.fixtures';

const t = useTestApp();
const PASSWORD = 'Segreta123';

/** A kind of record only for this test: who may read and who may write each record. */
const readers = new Map<string, Set<string>>();
const writers = new Map<string, Set<string>>();
let registered = false;
const register = () => {
  if (registered) return;
  t.app.services.files.registerSubject('test-record', {
    canRead: async (actor, id) => readers.get(id)?.has(actor.userId) ?? false,
    canWrite: async (actor, id) => writers.get(id)?.has(actor.userId) ?? false,
  });
  registered = true;
};

const signIn = async (email: string) => {
  const { id } = await t.createUser({ email, password: PASSWORD, role: 'corner' });
  return { id, cookie: await t.login(email, PASSWORD) };
};
const upload = async (cookie: string, recordId: string, content: Buffer) => {
  const body = multipart([{ kind: 'file', field: 'file0', filename: 'doc.pdf', content }]);
  return t.app.inject({ method: 'POST', url: `/api/docs/upload?subjectType=test-record&subjectId=${recordId}&docType=scheda`, payload: body.payload, headers: { ...body.headers, cookie } });
};
const renameOf = (cookie: string, path: string, name: string) => t.app.inject({ method: 'PATCH', url: '/api/docs/rename', headers: { cookie }, payload: { path, name } });

describe('files attached to a record (subject)', () => {
  it('follow the record owner’s rules for upload, read and change, and are purged with their contents', async () => {
    register();
    const writer = await signIn('writer@example.it');
    const reader = await signIn('reader@example.it');
    const stranger = await signIn('stranger@example.it');
    readers.set('r1', new Set([writer.id, reader.id]));
    writers.set('r1', new Set([writer.id]));
    const pdf = await pdfOf();

    expect((await upload(reader.cookie, 'r1', pdf)).statusCode).toBe(404);
    expect((await upload(stranger.cookie, 'r1', pdf)).json().message).toBe(FILE_MSG.fileNotFound);
    const uploaded = await upload(writer.cookie, 'r1', pdf);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const path = uploaded.json().files[0].path as string;
    // Both or neither of subjectType and subjectId.
    const half = multipart([{ kind: 'file', field: 'file0', filename: 'doc.pdf', content: pdf }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/docs/upload?subjectType=test-record', payload: half.payload, headers: { ...half.headers, cookie: writer.cookie } })).statusCode).toBe(400);

    const asReader = { ip: '127.0.0.1', actor: { userId: reader.id, role: 'corner' as const } };
    const list = await t.app.services.files.listSubject(asReader as never, 'test-record', 'r1');
    expect(list).toEqual([expect.objectContaining({ path, docType: 'scheda', allowDelete: false, allowEdit: false })]);
    expect((await t.app.inject({ method: 'GET', url: `/api/docs/file?path=${path}`, headers: { cookie: reader.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/docs/file?path=${path}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await renameOf(reader.cookie, path, 'x.pdf')).statusCode).toBe(403);

    // Another writer of the record (not the uploader) may rename; the uploader, once out of the record, may not.
    writers.set('r1', new Set([reader.id]));
    expect((await renameOf(reader.cookie, path, 'scheda.pdf')).statusCode).toBe(200);
    readers.set('r1', new Set([reader.id]));
    expect((await renameOf(writer.cookie, path, 'mio.pdf')).statusCode).toBe(404);

    const [row] = await t.database.db.selectFrom('files').select(['storage_key']).where('subject_id', '=', 'r1').execute();
    const stored = t.app.services.files.storage.localPath(row!.storage_key)!;
    await fs.access(stored);
    expect((await t.app.services.files.purgeSubject('test-record', 'r1')).count).toBe(1);
    await expect(fs.access(stored)).rejects.toThrow();
    expect(await t.app.services.files.subjectRows('test-record', 'r1')).toEqual([]);
  });
});
