import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTRACT_MSG } from '../../../shared/schemas/contract';
import { resolveContext } from '../../platform/http-context';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';
import { useTestApp } from '../../testing/test-app';
import { multipart } from '../files/files.fixtures';
import { pageCount, pdfText, templateWithFields } from './contract.fixtures';

const t = useTestApp();
beforeEach(async () => {
  await fs.rm(path.join(t.config.dataDir, 'files'), { recursive: true, force: true });
});

const PASSWORD = 'Segreta123';
const CF = 'RSSMRA85T10A562S';
const UA = 'Mozilla/5.0 (Test) Firma';

/** A corner with a complete profile (status true), signed in. */
const corner = async (email = 'corner@example.it', extra: Parameters<typeof t.createUser>[0] extends infer T ? Partial<T> : never = {}) => {
  const { id } = await t.createUser({ email, password: PASSWORD, name: 'Mario', surname: 'Rossi', cf: CF, phone: '3331234567', ...extra });
  return { id, email, cookie: await t.login(email, PASSWORD) };
};

const staff = async (email: string, role: 'admin' | 'broker') => {
  const { id } = await t.createUser({ email, password: PASSWORD, role, cf: CF, phone: '3330000000' });
  return { id, cookie: await t.login(email, PASSWORD) };
};

const post = (url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { 'user-agent': UA, ...headers }, ...(payload ? { payload } : {}) });
const requestOtp = (cookie: string) => post('/api/docs/contract/otp', { cookie });
const sign = (cookie: string, otp: string) => post('/api/docs/contract/sign', { cookie }, { otp });
const getProfile = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json();
const download = (cookie: string, filePath: string) =>
  t.app.inject({ method: 'GET', url: `/api/docs/download?path_0=${encodeURIComponent(filePath)}`, headers: { cookie } });

/** The code of the newest signing e-mail to `to`. */
const codeFor = async (to: string) => {
  const mails = (await t.readMails()).filter((mail) => mail.to.includes(to) && mail.subject === CONTRACT_MSG.otpMailSubject);
  const code = /^\s{4}(\d{6})\s*$/m.exec(mails.at(-1)?.body ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return { code, count: mails.length };
};

const wrongCodeOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const otpRows = () => t.database.db.selectFrom('contract_otps').selectAll().orderBy('created_at').execute();
/** Lets the next code be asked for now (as if the 60 s wait had passed). */
const skipResendWait = () => t.database.db.updateTable('contract_otps').set({ created_at: new Date(Date.now() - 61_000) }).execute();

describe('POST /api/docs/contract/otp and /sign', () => {
  it('mails a 6-digit code that signs the contract; the signed PDF carries the evidence and its stored hash', async () => {
    const user = await corner();
    const otp = await requestOtp(user.cookie);
    expect(otp.statusCode, otp.body).toBe(200);
    const answer = otp.json();
    expect(answer).toEqual({
      message: 'Ti abbiamo inviato un codice via e-mail.',
      expiresAt: expect.any(String),
      resendAfter: expect.any(String),
      channel: 'email',
      maskedDestination: 'c***@example.it',
      generatedPath: expect.stringMatching(/^files\/[0-9a-f-]{36}$/),
    });
    const requestedAt = Date.now();
    expect(new Date(answer.expiresAt).getTime()).toBeGreaterThan(requestedAt + 9 * 60_000);
    expect(new Date(answer.expiresAt).getTime()).toBeLessThanOrEqual(requestedAt + 10 * 60_000);
    expect(new Date(answer.resendAfter).getTime()).toBeGreaterThan(requestedAt + 50_000);

    // Only a keyed hash of the code is stored.
    const { code } = await codeFor(user.email);
    const [row] = await otpRows();
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.code_hash).not.toContain(code);
    expect((await getProfile(user.cookie)).user.contract).toEqual({ progress: 'sent', signedAt: null, path: null, generatedPath: answer.generatedPath });

    // The default contract (no template published).
    const generated = await download(user.cookie, answer.generatedPath);
    expect(generated.statusCode).toBe(200);
    const generatedText = await pdfText(generated.rawPayload);
    expect(generatedText).toContain('Contratto di collaborazione');
    expect(generatedText).toContain('Dati del sottoscrittore');
    expect(generatedText).toContain(CF);
    const unsignedSha = createHash('sha256').update(generated.rawPayload).digest('hex');

    const signed = await sign(user.cookie, code);
    expect(signed.statusCode, signed.body).toBe(200);
    const body = signed.json();
    expect(body.message).toBe('Contratto firmato.');
    expect(body.contract).toMatchObject({ progress: 'completed', generatedPath: answer.generatedPath, otp: null });
    expect(body.contract.path).toMatch(/^files\/[0-9a-f-]{36}$/);

    const profile = (await getProfile(user.cookie)).user;
    expect(profile.status).toBe(true);
    expect(profile.contract).toMatchObject({ progress: 'completed', path: body.contract.path });
    expect(new Date(profile.contract.signedAt).getTime()).toBeGreaterThanOrEqual(requestedAt);

    // The downloaded signed file is the one whose hash was recorded, one page longer, with the evidence.
    const file = await download(user.cookie, body.contract.path);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const signedSha = createHash('sha256').update(file.rawPayload).digest('hex');
    const contractRow = await t.database.db.selectFrom('contracts').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(contractRow.signed_sha256).toBe(signedSha);
    expect(body.contract.signedSha256).toBe(signedSha);
    expect(await pageCount(file.rawPayload)).toBe((await pageCount(generated.rawPayload)) + 1);
    const text = await pdfText(file.rawPayload);
    for (const expected of ['Attestazione di firma elettronica', 'Mario Rossi', CF, user.email, 'OTP via e-mail', unsignedSha, UA, '127.0.0.1', 'Data e ora (UTC)']) {
      expect(text).toContain(expected);
    }
    const pdf = await PDFDocument.load(file.rawPayload, { updateMetadata: false });
    expect(pdf.getTitle()).toContain('Contratto di collaborazione firmato');
    expect(pdf.getSubject()).toContain(unsignedSha);
    expect(pdf.getProducer()).toBe('Piattaforma Intermediari');

    // Audited, consumed, and evidence that cannot be deleted or renamed.
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'contract_signed').execute();
    expect(audit).toEqual([expect.objectContaining({ user_id: user.id, admin_id: user.id, path: body.contract.path, ip: '127.0.0.1' })]);
    expect((await otpRows())[0]!.used_at).not.toBeNull();
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs', headers: { cookie: user.cookie } })).json();
    expect(docs.list.map((item: { docType: string; allowDelete: boolean; allowEdit: boolean }) => [item.docType, item.allowDelete, item.allowEdit])).toEqual([
      ['contract-signed', false, false],
      ['contract', false, false],
    ]);
    const removal = await t.app.inject({ method: 'DELETE', url: '/api/docs/delete', headers: { cookie: user.cookie }, payload: { path: body.contract.path } });
    expect(removal.statusCode).toBe(403);

    // Once signed: no second signature, no new code.
    expect((await sign(user.cookie, code)).statusCode).toBe(409);
    const again = await requestOtp(user.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CONTRACT_MSG.alreadySigned);
  });

  it('locks the code at the fifth wrong attempt: the right code then fails too', async () => {
    const user = await corner();
    expect((await requestOtp(user.cookie)).statusCode).toBe(200);
    const { code } = await codeFor(user.email);
    const wrong = wrongCodeOf(code);
    const messages: string[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await sign(user.cookie, wrong);
      expect(response.statusCode).toBe(400);
      messages.push(response.json().message);
    }
    expect(messages).toEqual([
      'Codice errato: ti restano 4 tentativi.',
      'Codice errato: ti restano 3 tentativi.',
      'Codice errato: ti restano 2 tentativi.',
      'Codice errato: ti resta 1 tentativo.',
      'Codice bloccato: richiedine uno nuovo.',
    ]);
    const right = await sign(user.cookie, code);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ message: 'Codice bloccato: richiedine uno nuovo.', fields: { otp: ['Codice bloccato: richiedine uno nuovo.'] } });
    expect((await getProfile(user.cookie)).user.contract.progress).toBe('sent');
    expect((await otpRows())[0]!.attempts).toBe(5);
  });

  it('refuses an expired code', async () => {
    const user = await corner();
    await requestOtp(user.cookie);
    const { code } = await codeFor(user.email);
    await t.database.db.updateTable('contract_otps').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    const response = await sign(user.cookie, code);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Codice scaduto: richiedine uno nuovo.');
  });

  it('makes the signer wait 60 seconds before another code (429 with Retry-After), and a new code replaces the old', async () => {
    const user = await corner();
    await requestOtp(user.cookie);
    const first = await codeFor(user.email);

    const early = await requestOtp(user.cookie);
    expect(early.statusCode).toBe(429);
    const retryAfter = Number(early.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(early.json().message).toBe(`Potrai richiedere un nuovo codice tra ${retryAfter} secondi.`);
    expect((await t.readMails()).length).toBe(1);

    await skipResendWait();
    expect((await requestOtp(user.cookie)).statusCode).toBe(200);
    const second = await codeFor(user.email);
    expect(second.count).toBe(2);
    const rows = await otpRows();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.invalidated_at).not.toBeNull();
    // Same data and template: the same contract document is sent again.
    expect(rows[1]!.document_file_id).toBe(rows[0]!.document_file_id);

    if (first.code !== second.code) {
      const stale = await sign(user.cookie, first.code);
      expect(stale.statusCode).toBe(400);
    }
    expect((await sign(user.cookie, second.code)).statusCode).toBe(200);
  });

  it('validates the code as exactly 6 digits', async () => {
    const user = await corner();
    for (const otp of ['12345', '1234567', '12a456', '']) {
      const response = await sign(user.cookie, otp);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.otp).toEqual([CONTRACT_MSG.otpFormat]);
    }
    const none = await sign(user.cookie, '123456');
    expect(none.json().message).toBe(CONTRACT_MSG.otpMissing);
  });

  it('does not let another corner download the contracts', async () => {
    const user = await corner();
    const other = await corner('altro@example.it', { name: 'Luca', surname: 'Verdi' });
    const { generatedPath } = (await requestOtp(user.cookie)).json();
    const signed = (await sign(user.cookie, (await codeFor(user.email)).code)).json();
    expect((await download(other.cookie, signed.contract.path)).statusCode).toBe(404);
    expect((await download(other.cookie, generatedPath)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs', headers: { cookie: other.cookie } })).json().total).toBe(0);
  });

  it('refuses signing, and sending a code, while an admin acts as the corner', async () => {
    const user = await corner();
    const admin = await staff('admin@example.it', 'admin');
    await requestOtp(user.cookie);
    const { code } = await codeFor(user.email);
    const { token } = (await post('/api/admin/auth/login-as', { cookie: admin.cookie }, { userId: user.id })).json();
    const asCorner = { authorization: `Bearer ${token}`, cookie: admin.cookie };

    const signing = await post('/api/docs/contract/sign', asCorner, { otp: code });
    expect(signing.statusCode).toBe(403);
    expect(signing.json().message).toBe(CONTRACT_MSG.impersonationForbidden);
    expect((await post('/api/docs/contract/otp', asCorner)).statusCode).toBe(403);
    // The refused attempt is audited with the admin's id; nothing was signed, and the code still works for the corner.
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('path', '=', '/api/docs/contract/sign').execute();
    expect(audit).toEqual([expect.objectContaining({ admin_id: admin.id, user_id: user.id, status_code: 403 })]);
    expect((await otpRows())[0]!.attempts).toBe(0);
    expect((await sign(user.cookie, code)).statusCode).toBe(200);
  });

  it('refuses admins and brokers (403), and corners with an incomplete profile', async () => {
    const admin = await staff('admin@example.it', 'admin');
    const broker = await staff('broker@example.it', 'broker');
    for (const cookie of [admin.cookie, broker.cookie]) {
      const response = await requestOtp(cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(CONTRACT_MSG.onlyCorners);
    }
    const incomplete = await corner('nuovo@example.it', { cf: '' });
    const response = await requestOtp(incomplete.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CONTRACT_MSG.profileIncomplete);
    expect(await t.readMails()).toEqual([]);
  });

  it('fills and flattens the text fields of the admin’s newest template, and adds the signer’s data page', async () => {
    const admin = await staff('admin@example.it', 'admin');
    const upload = async (content: Buffer, name: string) => {
      const body = multipart([
        { kind: 'file', field: 'file0', filename: `${name}.pdf`, content },
        { kind: 'field', field: 'm0', value: JSON.stringify({ name }) },
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/docs/upload?docType=contract-template',
        payload: body.payload,
        headers: { ...body.headers, cookie: admin.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().files[0];
    };
    await upload(await templateWithFields(['nome']), 'Modello vecchio');
    const template = await upload(await templateWithFields(), 'Modello 2026');
    expect(template).toMatchObject({ docType: 'contract-template', audience: 'none' });

    const user = await corner();
    const { generatedPath } = (await requestOtp(user.cookie)).json();
    const generated = await download(user.cookie, generatedPath);
    const doc = await PDFDocument.load(generated.rawPayload);
    expect(doc.getForm().getFields()).toHaveLength(0);
    expect(doc.getPageCount()).toBe(2);
    const text = await pdfText(generated.rawPayload);
    expect(text).toContain('Modello di contratto del corner');
    expect(text).toMatch(/^Mario$/m);
    expect(text).toMatch(/^Rossi$/m);
    expect(text).toMatch(new RegExp(`^${CF}$`, 'm'));
    expect(text).toMatch(/^\d{2}\/\d{2}\/\d{4}$/m);
    expect(text).toContain('Dati del sottoscrittore');
    const row = await t.database.db.selectFrom('contracts').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(`files/${row.template_file_id}`).toBe(template.path);

    // The corner does not see the template itself (admins only by default).
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs', headers: { cookie: user.cookie } })).json();
    expect(docs.list.map((item: { docType: string }) => item.docType)).toEqual(['contract']);

    // A new template makes a new contract at the next code; the old unsigned one goes.
    await upload(await templateWithFields(['cognome']), 'Modello 2027');
    await skipResendWait();
    const next = (await requestOtp(user.cookie)).json();
    expect(next.generatedPath).not.toBe(generatedPath);
    expect((await download(user.cookie, generatedPath)).statusCode).toBe(404);
    expect(await pageCount((await download(user.cookie, next.generatedPath)).rawPayload)).toBe(2);
    const signed = (await sign(user.cookie, (await codeFor(user.email)).code)).json();
    expect(await pageCount((await download(user.cookie, signed.contract.path)).rawPayload)).toBe(3);
  });

  it('signs once under five signs at once with the right code: one 200, the others 409, one signed file ever stored', async () => {
    const user = await corner();
    expect((await requestOtp(user.cookie)).statusCode).toBe(200);
    const { code } = await codeFor(user.email);

    const answers = await Promise.all(Array.from({ length: 5 }, () => sign(user.cookie, code)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409)) expect(answer.json().message).toBe(CONTRACT_MSG.alreadySigned);

    // Every signed contract ever stored, discarded ones included: the losers wrote none.
    const stored = await t.database.db
      .withTables<{ files: { id: string; owner_id: string; doc_type: string | null } }>()
      .selectFrom('files')
      .select('id')
      .where('owner_id', '=', user.id)
      .where('doc_type', '=', 'contract-signed')
      .execute();
    expect(stored).toHaveLength(1);
    const contract = await t.database.db.selectFrom('contracts').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(contract).toMatchObject({ progress: 'completed', signed_file_id: stored[0]!.id });
    expect(await t.database.db.selectFrom('audit_log').select('id').where('action', '=', 'contract_signed').execute()).toHaveLength(1);
  });

  it('gives the code back when the signed copy could not be stored: the same code then signs', async () => {
    const user = await corner();
    expect((await requestOtp(user.cookie)).statusCode).toBe(200);
    const { code } = await codeFor(user.email);
    const storing = vi.spyOn(t.app.services.files, 'storeFile').mockRejectedValueOnce(new Error('disco pieno'));
    try {
      const failed = await sign(user.cookie, code);
      expect(failed.statusCode).toBe(500);
    } finally {
      storing.mockRestore();
    }
    expect((await otpRows())[0]).toMatchObject({ used_at: null, invalidated_at: null, attempts: 0 });
    expect((await sign(user.cookie, code)).statusCode).toBe(200);
  });

  it('asks for a new code when the profile changed after the code was sent', async () => {
    const user = await corner();
    await requestOtp(user.cookie);
    const { code } = await codeFor(user.email);
    await t.database.db.updateTable('users').set({ surname: 'Bianchi' }).where('id', '=', user.id).execute();
    const response = await sign(user.cookie, code);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CONTRACT_MSG.documentChanged);
  });
});

describe('contract.requireSignedContract (guard of booking, issuing and activation)', () => {
  const ctxOf = (cookie: string) => resolveContext(t.app.services.auth, { cookieHeader: cookie, ip: '127.0.0.1' });

  it('refuses a corner until it signed and its profile is complete; admins and brokers pass', async () => {
    const { contract } = t.app.services;
    const user = await corner();
    await expect(contract.requireSignedContract(await ctxOf(user.cookie))).rejects.toMatchObject({ code: 'FORBIDDEN', userMessage: CONTRACT_MSG.signRequired });

    await requestOtp(user.cookie);
    await expect(contract.requireSignedContract(await ctxOf(user.cookie))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await sign(user.cookie, (await codeFor(user.email)).code);
    await expect(contract.requireSignedContract(await ctxOf(user.cookie))).resolves.toBeUndefined();

    // Signed, but the profile lost its codice fiscale: the status is not true any more.
    await t.database.db.updateTable('users').set({ cf: '' }).where('id', '=', user.id).execute();
    await expect(contract.requireSignedContract(await ctxOf(user.cookie))).rejects.toMatchObject({ userMessage: CONTRACT_MSG.signRequired });

    const admin = await staff('admin@example.it', 'admin');
    const broker = await staff('broker@example.it', 'broker');
    await expect(contract.requireSignedContract(await ctxOf(admin.cookie))).resolves.toBeUndefined();
    await expect(contract.requireSignedContract(await ctxOf(broker.cookie))).resolves.toBeUndefined();
  });
});

describe('tRPC contract.*', () => {
  it('requests a code, signs and reads the status; profile.get shows the contract', async () => {
    const user = await corner();
    const trpc = await createTrpcHttpCaller(t, user.email, PASSWORD);
    expect(await trpc.contract.status.query()).toMatchObject({ progress: 'none', otp: null });
    const sent = await trpc.contract.requestOtp.mutate();
    expect(sent.expiresAt).toBeInstanceOf(Date);
    const status = await trpc.contract.status.query();
    expect(status.otp).toMatchObject({ attemptsLeft: 5, channel: 'email', maskedDestination: 'c***@example.it' });
    await expect(trpc.contract.sign.mutate({ otp: wrongCodeOf((await codeFor(user.email)).code) })).rejects.toMatchObject({ message: 'Codice errato: ti restano 4 tentativi.' });
    const signed = await trpc.contract.sign.mutate({ otp: (await codeFor(user.email)).code });
    expect(signed.contract.signedAt).toBeInstanceOf(Date);
    const profile = await trpc.profile.get.query();
    expect(profile.user.contract).toMatchObject({ progress: 'completed', path: signed.contract.path });
  });
});
