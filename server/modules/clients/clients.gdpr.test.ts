import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_GDPR_MSG } from '../../../shared/schemas/client-gdpr';
import { CLIENT_RECORD_MSG } from '../../../shared/schemas/client-record';
import { FILE_MSG } from '../../../shared/schemas/files';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';
import { multipart, pdfOf, pngOf } from '../files/files.fixtures';
import { MARIO } from './clients.fixtures';

const t = useTestApp();
const PASSWORD = 'Segreta123';
const run = promisify(execFile);

const mario = MARIO;

/** The hold the tests switch on: clientId -> what holds it. */
const holds = new Map<string, { since: Date; kind: 'practice' | 'accounting' }>();
let holdRegistered = false;
beforeEach(async () => {
  holds.clear();
  if (!holdRegistered) {
    t.app.services.clients.gdpr.registerRetentionHold('test', async (clientId) => holds.get(clientId) ?? null);
    holdRegistered = true;
  }
  await fs.rm(path.join(t.config.dataDir, 'files'), { recursive: true, force: true });
});
afterEach(async () => {
  await t.database.db.deleteFrom('settings').where('key', 'in', ['clientRetentionYears', 'accountingRetentionYears']).execute();
});

const signIn = async (email: string, role: 'admin' | 'corner' | 'broker' = 'corner') => {
  const user = await t.createUser({ email, password: PASSWORD, role, name: email.split('@')[0], surname: 'Test' });
  return { ...user, cookie: await t.login(email, PASSWORD) };
};
const call = (method: 'GET' | 'POST', url: string, cookie: string) => t.app.inject({ method, url, headers: { cookie } });

const uploadDoc = (cookie: string, clientId: string, docType: string, name: string, content: Buffer) => {
  const body = multipart([
    { kind: 'file', field: 'file0', filename: name, content },
    { kind: 'field', field: 'm0', value: JSON.stringify({ name }) },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/docs/upload?subjectType=client&subjectId=${clientId}&docType=${docType}`,
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
};

const createMario = async (cookie: string) => {
  const created = await t.app.inject({ method: 'POST', url: '/api/clients', headers: { cookie }, payload: mario });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
};

const fileRows = (clientId: string) => t.database.db.selectFrom('files').selectAll().where('subject_type', '=', 'client').where('subject_id', '=', clientId).execute();
const erasureRequests = (clientId: string) => t.database.db.selectFrom('client_erasure_requests').selectAll().where('client_id', '=', clientId).execute();
const auditActions = async () => (await t.database.db.selectFrom('audit_log').select('action').orderBy('created_at').execute()).map((row) => row.action);

const unzip = async (zip: Buffer) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gdpr-zip-'));
  const file = path.join(dir, 'export.zip');
  await fs.writeFile(file, zip);
  await run('unzip', ['-t', file]);
  const { stdout } = await run('unzip', ['-Z1', file]);
  const names = stdout.trim().split('\n');
  const read = async (name: string) => (await run('unzip', ['-p', file, name], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 })).stdout as unknown as Buffer;
  return { names, read, cleanup: () => fs.rm(dir, { recursive: true, force: true }) };
};

describe('client documents (files attached to a client)', () => {
  it('are uploaded through REST, listed by type, read and renamed by the corner; another corner gets answers like a missing one', async () => {
    const corner = await signIn('corner@example.it');
    await signIn('altro@example.it');
    const clientId = await createMario(corner.cookie);
    const pdf = await pdfOf('Carta di identità');
    const uploaded = await uploadDoc(corner.cookie, clientId, 'identity_document', 'ci.pdf', pdf);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().files[0]).toMatchObject({ name: 'ci.pdf', docType: 'identity_document', mime: 'application/pdf' });
    expect((await uploadDoc(corner.cookie, clientId, 'tax_code_card', 'ts.png', await pngOf(20, 20))).statusCode).toBe(200);

    const trpc = await createTrpcHttpCaller(t, 'corner@example.it', PASSWORD);
    const docs = await trpc.clients.documents.list.query({ id: clientId });
    expect(docs.map((doc) => [doc.name, doc.docType])).toEqual([
      ['ci.pdf', 'identity_document'],
      ['ts.png', 'tax_code_card'],
    ]);
    expect(docs[0]).not.toMatchObject({ allowDelete: false });
    const read = await call('GET', `/api/docs/file?path=${encodeURIComponent(docs[0]!.path)}`, corner.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(pdf)).toBe(true);
    // A client's documents are not among the corner's own documents.
    expect((await call('GET', '/api/docs?page=1&limit=50', corner.cookie)).json().total).toBe(0);
    expect((await trpc.files.rename.mutate({ path: docs[0]!.path, name: 'Carta identità.pdf' })).file.name).toBe('Carta identità.pdf');

    const other = await createTrpcHttpCaller(t, 'altro@example.it', PASSWORD);
    const otherCookie = await t.login('altro@example.it', PASSWORD);
    await expect(other.clients.documents.list.query({ id: clientId })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' }, message: CLIENT_RECORD_MSG.notFound });
    const foreignRead = await call('GET', `/api/docs/file?path=${encodeURIComponent(docs[0]!.path)}`, otherCookie);
    expect(foreignRead.statusCode).toBe(404);
    expect(foreignRead.json().message).toBe(FILE_MSG.fileNotFound);
    await expect(other.files.delete.mutate({ path: docs[0]!.path })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    const foreignUpload = await uploadDoc(otherCookie, clientId, 'other', 'x.pdf', pdf);
    expect(foreignUpload.statusCode).toBe(404);
    expect(foreignUpload.json().message).toBe(FILE_MSG.fileNotFound);
    // A client that does not exist, or an id that is not one, answers the same.
    expect((await uploadDoc(corner.cookie, '00000000-0000-4000-8000-000000000000', 'other', 'x.pdf', pdf)).statusCode).toBe(404);
    expect((await uploadDoc(corner.cookie, 'not-a-client', 'other', 'x.pdf', pdf)).statusCode).toBe(404);
    expect((await call('GET', `/api/clients/${clientId}/export`, otherCookie)).statusCode).toBe(404);
    await expect(other.clients.gdpr.exportData.query({ id: clientId })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    expect((await call('POST', `/api/clients/${clientId}/erase`, otherCookie)).statusCode).toBe(404);
    await expect(other.clients.gdpr.erase.mutate({ id: clientId })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
    expect(await fileRows(clientId)).toHaveLength(2);
    expect(await erasureRequests(clientId)).toHaveLength(0);

    // The uploader alone is not enough: once the client is deleted, its documents are out of reach.
    expect((await call('GET', `/api/docs/file?path=${encodeURIComponent(docs[1]!.path)}`, corner.cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/clients/${clientId}`, headers: { cookie: corner.cookie } })).statusCode).toBe(200);
    expect((await call('GET', `/api/docs/file?path=${encodeURIComponent(docs[1]!.path)}`, corner.cookie)).statusCode).toBe(404);
    await expect(trpc.files.delete.mutate({ path: docs[1]!.path })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
  });

  it('are read and managed by an admin, not by a broker', async () => {
    const corner = await signIn('corner@example.it');
    await signIn('admin@example.it', 'admin');
    const broker = await signIn('broker@example.it', 'broker');
    const clientId = await createMario(corner.cookie);
    expect((await uploadDoc(corner.cookie, clientId, 'other', 'a.pdf', await pdfOf())).statusCode).toBe(200);
    const admin = await createTrpcHttpCaller(t, 'admin@example.it', PASSWORD);
    const [doc] = await admin.clients.documents.list.query({ id: clientId });
    expect(doc).toMatchObject({ name: 'a.pdf', docType: 'other' });
    expect((await uploadDoc(broker.cookie, clientId, 'other', 'b.pdf', await pdfOf())).statusCode).toBe(404);
    expect((await call('GET', `/api/docs/file?path=${encodeURIComponent(doc!.path)}`, broker.cookie)).statusCode).toBe(404);
    expect((await admin.files.delete.mutate({ path: doc!.path })).message).toBe(FILE_MSG.deleted);
    expect(await admin.clients.documents.list.query({ id: clientId })).toEqual([]);
  });
});

describe('GDPR export', () => {
  it('streams a zip with cliente.json (record, notes, documents) and the files, written to the audit log', async () => {
    const corner = await signIn('corner@example.it');
    const clientId = await createMario(corner.cookie);
    await t.app.inject({ method: 'POST', url: `/api/clients/${clientId}/notes`, headers: { cookie: corner.cookie }, payload: { text: 'Chiamare a gennaio' } });
    const pdf = await pdfOf('Documento');
    expect((await uploadDoc(corner.cookie, clientId, 'identity_document', 'ci.pdf', pdf)).statusCode).toBe(200);
    expect((await uploadDoc(corner.cookie, clientId, 'other', 'ci.pdf', pdf)).statusCode).toBe(200);

    const response = await call('GET', `/api/clients/${clientId}/export`, corner.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="dati-cliente-Rossi Mario\.zip"/);
    const zip = await unzip(response.rawPayload);
    try {
      expect(zip.names).toEqual(['cliente.json', 'documenti/ci.pdf', 'documenti/ci (2).pdf']);
      const json = JSON.parse((await zip.read('cliente.json')).toString('utf8'));
      expect(json).toMatchObject({
        client: { id: clientId, name: 'Mario', surname: 'Rossi', cf: mario.cf, email: mario.email, notes: 'Cliente storico' },
        notes: [{ text: 'Chiamare a gennaio', authorName: 'corner Test' }],
        documents: [
          { name: 'ci.pdf', docType: 'identity_document', mime: 'application/pdf', size: pdf.length, fileName: 'documenti/ci.pdf' },
          { name: 'ci.pdf', docType: 'other', fileName: 'documenti/ci (2).pdf' },
        ],
      });
      expect(Date.parse(json.exportedAt)).toBeGreaterThan(Date.now() - 60_000);
      expect((await zip.read('documenti/ci.pdf')).equals(pdf)).toBe(true);
    } finally {
      await zip.cleanup();
    }

    const trpc = await createTrpcHttpCaller(t, 'corner@example.it', PASSWORD);
    const data = await trpc.clients.gdpr.exportData.query({ id: clientId });
    expect(data.client.cf).toBe(mario.cf);
    expect(data.documents).toHaveLength(2);
    const audit = await t.database.db.selectFrom('audit_log').select(['action', 'admin_id', 'user_id', 'method', 'path']).orderBy('created_at').execute();
    expect(audit).toEqual([
      { action: 'client_exported', admin_id: corner.id, user_id: corner.id, method: 'GET', path: `/api/clients/${clientId}/export` },
      { action: 'client_exported', admin_id: corner.id, user_id: corner.id, method: 'GET', path: '/trpc/clients.gdpr.exportData' },
    ]);
  });
});

describe('GDPR erasure', () => {
  it('is refused while a hold keeps the data, naming the date, recording the request and changing nothing', async () => {
    const corner = await signIn('corner@example.it');
    const clientId = await createMario(corner.cookie);
    const pdf = await pdfOf();
    expect((await uploadDoc(corner.cookie, clientId, 'identity_document', 'ci.pdf', pdf)).statusCode).toBe(200);
    const before = (await call('GET', `/api/clients/${clientId}`, corner.cookie)).json();

    // A practice closed on 15/01/2020 with the intermediary records kept 7 years (setting): held until 15/01/2027.
    await t.database.db.insertInto('settings').values({ key: 'clientRetentionYears', value: JSON.stringify(7) }).execute();
    holds.set(clientId, { since: new Date('2020-01-15T10:00:00Z'), kind: 'practice' });
    const refused = await call('POST', `/api/clients/${clientId}/erase`, corner.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CLIENT_GDPR_MSG.erasureRefused('2027-01-15'));
    expect(refused.json().message).toContain('15/01/2027');

    // An accounting record of 30/06/2020 under the default 10 years: held until 30/06/2030, through tRPC too.
    holds.set(clientId, { since: new Date('2020-06-30T10:00:00Z'), kind: 'accounting' });
    const trpc = await createTrpcHttpCaller(t, 'corner@example.it', PASSWORD);
    await expect(trpc.clients.gdpr.erase.mutate({ id: clientId })).rejects.toMatchObject({ data: { code: 'CONFLICT' }, message: CLIENT_GDPR_MSG.erasureRefused('2030-06-30') });

    const requests = await erasureRequests(clientId);
    expect(requests.map((row) => [row.outcome, String(row.held_until instanceof Date ? row.held_until.toISOString().slice(0, 10) : row.held_until).slice(0, 10), row.requested_by])).toEqual([
      ['refused', '2027-01-15', corner.id],
      ['refused', '2030-06-30', corner.id],
    ]);
    expect(await auditActions()).toEqual(['client_erasure_refused', 'client_erasure_refused']);
    expect((await call('GET', `/api/clients/${clientId}`, corner.cookie)).json()).toEqual(before);
    const [file] = await fileRows(clientId);
    expect(file!.deleted_at).toBeNull();
    expect((await fs.readFile(t.app.services.files.storage.localPath(file!.storage_key)!)).equals(pdf)).toBe(true);
  });

  it('anonymises the record, deletes its notes and documents (gone from storage) when nothing holds it', async () => {
    const corner = await signIn('corner@example.it');
    const clientId = await createMario(corner.cookie);
    await t.app.inject({ method: 'POST', url: `/api/clients/${clientId}/notes`, headers: { cookie: corner.cookie }, payload: { text: 'Nota privata' } });
    expect((await uploadDoc(corner.cookie, clientId, 'identity_document', 'ci.pdf', await pdfOf())).statusCode).toBe(200);
    expect((await uploadDoc(corner.cookie, clientId, 'tax_code_card', 'ts.png', await pngOf(10, 10))).statusCode).toBe(200);
    const [stored] = await fileRows(clientId);
    const storedPath = t.app.services.files.storage.localPath(stored!.storage_key)!;
    await fs.access(storedPath);
    // A hold whose period is over keeps nothing: a practice of 2015 under 5 years ended in 2020.
    holds.set(clientId, { since: new Date('2015-01-01T00:00:00Z'), kind: 'practice' });

    const erased = await call('POST', `/api/clients/${clientId}/erase`, corner.cookie);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().message).toBe(CLIENT_GDPR_MSG.erased);

    const row = await t.database.db.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Cliente', surname: 'cancellato', cf: '', email: '', phone: '', pec: '', street: '', cap: '', comune_name: '', notes: '', birth_date: null, sex: null, birthplace_code: '' });
    expect(row.phones).toEqual([]);
    expect(row.erased_at).not.toBeNull();
    expect(row.deleted_at).not.toBeNull();
    expect(await t.database.db.selectFrom('client_notes').selectAll().where('client_id', '=', clientId).execute()).toEqual([]);
    expect((await call('GET', `/api/clients/${clientId}`, corner.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/clients?page=1&limit=0', corner.cookie)).json()).toEqual([]);

    const files = await fileRows(clientId);
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.deleted_at !== null)).toBe(true);
    await expect(fs.access(storedPath)).rejects.toThrow();
    for (const file of files) await expect(fs.access(t.app.services.files.storage.localPath(file.storage_key)!)).rejects.toThrow();
    expect(await t.database.db.selectFrom('pending_blobs').selectAll().execute()).toEqual([]);

    expect((await erasureRequests(clientId)).map((request) => [request.outcome, request.held_until])).toEqual([['done', null]]);
    expect(await auditActions()).toEqual(['client_erased']);
    // Once erased the client is missing: a second request answers like one.
    expect((await call('POST', `/api/clients/${clientId}/erase`, corner.cookie)).statusCode).toBe(404);
  });

  it('lets an admin erase a client its corner removed (removal keeps the data); the corner no longer reaches it', async () => {
    const corner = await signIn('corner@example.it');
    const admin = await signIn('admin@example.it', 'admin');
    const clientId = await createMario(corner.cookie);
    expect((await uploadDoc(corner.cookie, clientId, 'identity_document', 'ci.pdf', await pdfOf())).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/clients/${clientId}`, headers: { cookie: corner.cookie } })).statusCode).toBe(200);
    const removed = await t.database.db.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirstOrThrow();
    expect(removed.cf).toBe(mario.cf);

    expect((await call('POST', `/api/clients/${clientId}/erase`, corner.cookie)).statusCode).toBe(404);
    const erased = await call('POST', `/api/clients/${clientId}/erase`, admin.cookie);
    expect(erased.statusCode, erased.body).toBe(200);
    const row = await t.database.db.selectFrom('clients').selectAll().where('id', '=', clientId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ cf: '', email: '', surname: 'cancellato' });
    expect(row.erased_at).not.toBeNull();
    expect(new Date(row.deleted_at!).getTime()).toBe(new Date(removed.deleted_at!).getTime());
    expect((await fileRows(clientId)).every((file) => file.deleted_at !== null)).toBe(true);
    expect((await call('POST', `/api/clients/${clientId}/erase`, admin.cookie)).statusCode).toBe(404);
  });
});
