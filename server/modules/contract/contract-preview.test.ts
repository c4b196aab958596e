import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONTRACT_MSG } from '../../../shared/schemas/contract';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';
import { useTestApp } from '../../testing/test-app';
import { multipart } from '../files/files.fixtures';
import type { FilesTable } from '../files/files.repository';
import { pdfText, templateWithFields } from './contract.fixtures';

const t = useTestApp();
beforeEach(async () => {
  await fs.rm(path.join(t.config.dataDir, 'files'), { recursive: true, force: true });
});

const PASSWORD = 'Segreta123';
const CF = 'RSSMRA85T10A562S';

const createCorner = async (email = 'corner@example.it', extra: { name?: string; surname?: string } = {}) => {
  const { id } = await t.createUser({ email, password: PASSWORD, name: 'Mario', surname: 'Rossi', cf: CF, phone: '3331234567', ...extra });
  return { id, email, cookie: await t.login(email, PASSWORD) };
};

const createStaff = async (email: string, role: 'admin' | 'broker') => {
  const { id } = await t.createUser({ email, password: PASSWORD, role, cf: CF, phone: '3330000000' });
  return { id, email, cookie: await t.login(email, PASSWORD) };
};

const getPreview = (headers: Record<string, string>, query = '') => t.app.inject({ method: 'GET', url: `/api/docs/contract/preview${query}`, headers });
const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Everything the preview must leave as it was: the contract, the codes, the stored files and the mails. */
const snapshotState = async () => {
  const { db } = t.database;
  return {
    contracts: await db.selectFrom('contracts').selectAll().orderBy('user_id').execute(),
    otps: await db.selectFrom('contract_otps').selectAll().orderBy('created_at').execute(),
    files: await db.withTables<{ files: FilesTable }>().selectFrom('files').select(['id', 'deleted_at']).orderBy('id').execute(),
    mails: (await t.readMails()).length,
  };
};

describe('GET /api/docs/contract/preview', () => {
  it('serves the corner’s unsigned contract inline before any code, sending nothing and changing nothing', async () => {
    const corner = await createCorner();
    const before = await snapshotState();

    const response = await getPreview({ cookie: corner.cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="Contratto di collaborazione\.pdf"/);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(response.headers['x-content-sha256']).toBe(sha256Of(response.rawPayload));
    const text = await pdfText(response.rawPayload);
    for (const expected of ['Contratto di collaborazione', 'Dati del sottoscrittore', 'Mario Rossi', CF, corner.email]) expect(text).toContain(expected);

    const download = await getPreview({ cookie: corner.cookie }, '?download=1');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Contratto di collaborazione\.pdf"/);

    expect(await snapshotState()).toEqual(before);
    expect(before.mails).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/contract', headers: { cookie: corner.cookie } })).json()).toMatchObject({ progress: 'none', otp: null });
  });

  it('is the very document a code then signs: the bytes whose SHA-256 the code records', async () => {
    const corner = await createCorner();
    const otp = await t.app.inject({ method: 'POST', url: '/api/docs/contract/otp', headers: { cookie: corner.cookie } });
    expect(otp.statusCode, otp.body).toBe(200);
    const before = await snapshotState();

    const preview = await getPreview({ cookie: corner.cookie });
    expect(preview.statusCode).toBe(200);
    const [row] = await t.database.db.selectFrom('contract_otps').select('document_sha256').execute();
    expect(sha256Of(preview.rawPayload)).toBe(row!.document_sha256);
    expect(await snapshotState()).toEqual(before);
  });

  it('follows the admin’s newest template, as the signing does', async () => {
    const admin = await createStaff('admin@example.it', 'admin');
    const body = multipart([
      { kind: 'file', field: 'file0', filename: 'Modello.pdf', content: await templateWithFields() },
      { kind: 'field', field: 'm0', value: JSON.stringify({ name: 'Modello 2026' }) },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/docs/upload?docType=contract-template',
      payload: body.payload,
      headers: { ...body.headers, cookie: admin.cookie },
    });
    expect(upload.statusCode, upload.body).toBe(200);

    const corner = await createCorner();
    const text = await pdfText((await getPreview({ cookie: corner.cookie })).rawPayload);
    expect(text).toContain('Modello di contratto del corner');
    expect(text).toMatch(/^Mario$/m);
    expect(text).toContain('Dati del sottoscrittore');
  });

  it('shows each corner only its own contract; staff have none; an admin acting as the corner reads the corner’s', async () => {
    const corner = await createCorner();
    const other = await createCorner('altro@example.it', { name: 'Luca', surname: 'Verdi' });
    const otherText = await pdfText((await getPreview({ cookie: other.cookie })).rawPayload);
    expect(otherText).toContain('Luca Verdi');
    expect(otherText).not.toContain('Mario Rossi');
    expect(otherText).not.toContain(corner.email);

    const admin = await createStaff('admin@example.it', 'admin');
    const broker = await createStaff('broker@example.it', 'broker');
    for (const cookie of [admin.cookie, broker.cookie]) {
      const refused = await getPreview({ cookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(CONTRACT_MSG.onlyCorners);
    }
    expect((await getPreview({})).statusCode).toBe(401);

    const { token } = (await t.app.inject({ method: 'POST', url: '/api/admin/auth/login-as', headers: { cookie: admin.cookie }, payload: { userId: corner.id } })).json();
    const before = await snapshotState();
    const asCorner = await getPreview({ authorization: `Bearer ${token}`, cookie: admin.cookie });
    expect(asCorner.statusCode).toBe(200);
    expect(await pdfText(asCorner.rawPayload)).toContain('Mario Rossi');
    expect(await snapshotState()).toEqual(before);
  });

  it('answers 409 once the contract is signed (the signed document is the one to read)', async () => {
    const corner = await createCorner();
    await t.app.inject({ method: 'POST', url: '/api/docs/contract/otp', headers: { cookie: corner.cookie } });
    const mail = (await t.readMails()).find((item) => item.subject === CONTRACT_MSG.otpMailSubject);
    const code = /^\s{4}(\d{6})\s*$/m.exec(mail?.body ?? '')?.[1];
    const signed = await t.app.inject({ method: 'POST', url: '/api/docs/contract/sign', headers: { cookie: corner.cookie }, payload: { otp: code } });
    expect(signed.statusCode, signed.body).toBe(200);
    const response = await getPreview({ cookie: corner.cookie });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(CONTRACT_MSG.alreadySigned);
  });
});

describe('tRPC contract.preview', () => {
  it('gives the corner the same contract in base64 without sending a code; another corner gets its own; staff are refused', async () => {
    const corner = await createCorner();
    const other = await createCorner('altro@example.it', { name: 'Luca', surname: 'Verdi' });
    const before = await snapshotState();

    const trpc = await createTrpcHttpCaller(t, corner.email, PASSWORD);
    const preview = await trpc.contract.preview.query();
    expect(preview).toMatchObject({ name: 'Contratto di collaborazione.pdf', mime: 'application/pdf' });
    const bytes = Buffer.from(preview.base64, 'base64');
    expect(sha256Of(bytes)).toBe(preview.sha256);
    const text = await pdfText(bytes);
    expect(text).toContain('Mario Rossi');
    expect(text).toContain(CF);

    const otherPreview = await (await createTrpcHttpCaller(t, other.email, PASSWORD)).contract.preview.query();
    expect(await pdfText(Buffer.from(otherPreview.base64, 'base64'))).not.toContain('Mario Rossi');

    await createStaff('admin@example.it', 'admin');
    const asAdmin = await createTrpcHttpCaller(t, 'admin@example.it', PASSWORD);
    await expect(asAdmin.contract.preview.query()).rejects.toMatchObject({ message: CONTRACT_MSG.onlyCorners, data: { httpStatus: 403 } });

    const after = await snapshotState();
    // Only the logins above touched anything: no contract row, code, file or mail.
    expect(after).toEqual(before);
  });
});
