import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { QUESTIONNAIRE_MSG } from '../../../../shared/practices/questionnaire';
import { quotationExample } from '../../../../shared/practices/quotation';
import { CONTRACT_MSG } from '../../../../shared/schemas/contract';
import {
  DEFAULT_PRECONTRACT_TEMPLATE,
  PRECONTRACT_DOC_TYPES,
  PRECONTRACT_INTERMEDIARY_EXAMPLE,
  PRECONTRACT_MSG,
  PRECONTRACT_QUESTIONNAIRE_EXAMPLE,
  type TPrecontractSetup,
} from '../../../../shared/schemas/precontract';
import { useTestApp } from '../../../testing/test-app';
import { createTrpcHttpCaller } from '../../../testing/trpc-inject-client';
import { multipart, pdfOf } from '../../files/files.fixtures';
import { CF, codeIn, EXAMPLE, PASSWORD, practicesFixtures, url, type TUser } from '../testing/practices.fixtures';

const t = useTestApp();
const UA = 'Mozilla/5.0 (Test) Precontrattuale';
const CLIENT_EMAIL = 'luca.bianchi@example.it';

const { call, user, signContract, uploadDocs, completeIntermediary } = practicesFixtures(t, UA);

/** The client's browser: no session. */
const visit = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { 'user-agent': 'Mozilla/5.0 (Cliente)' }, ...(payload ? { payload } : {}) });

const precontractOf = async (who: TUser, id: string) => {
  const response = await call('GET', url(id, '/precontract'), who.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** A practice of the corner's client (with an e-mail), taken by the broker, with a quotation (PDF = the company's DIP) chosen. */
const practiceWithQuotation = async (corner: TUser, broker: TUser, email = CLIENT_EMAIL, surname = 'Bianchi', cf = CF) => {
  const clientId = (
    await t.database.db.insertInto('clients').values({ corner_id: corner.id, type: 'persona', name: 'Luca', surname, cf, email }).returning('id').executeTakeFirstOrThrow()
  ).id;
  const created = await call('POST', '/api/practices/rca', corner.cookie, { clientId, data: EXAMPLE });
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json() as { id: string }).id;
  await uploadDocs(corner, id);
  expect((await call('POST', url(id, '/take'), broker.cookie)).statusCode).toBe(200);
  const body = multipart([
    { kind: 'file', field: 'file0', filename: 'DIP Compagnia Esempio.pdf', content: await pdfOf('DIP RC Auto'), contentType: 'application/pdf' },
    { kind: 'field', field: 'body', value: JSON.stringify(quotationExample()), contentType: 'application/json' },
  ]);
  const quotation = await t.app.inject({ method: 'POST', url: url(id, '/quotations'), headers: { cookie: broker.cookie, ...body.headers }, payload: body.payload });
  expect(quotation.statusCode, quotation.body).toBe(201);
  const quotationId = (quotation.json() as { id: string }).id;
  const chosen = await call('POST', url(id, `/quotations/${quotationId}/choose`), corner.cookie);
  expect(chosen.statusCode, chosen.body).toBe(200);
  return { id, clientId, quotationId };
};

/** Corners A and B, an RC Auto broker, an admin; a practice of A's with a chosen quotation; the intermediary's data complete unless asked. */
const world = async ({ intermediary = 'complete' }: { intermediary?: 'complete' | 'missing' } = {}) => {
  if (intermediary === 'complete') await completeIntermediary();
  const a = await user('a@example.it', 'corner', 'Anna');
  const b = await user('b@example.it', 'corner', 'Bea');
  const rca = await user('rca@example.it', 'broker', 'Rocco', 'RC Auto');
  const admin = await user('admin@example.it', 'admin', 'Ada');
  await signContract(a);
  const practice = await practiceWithQuotation(a, rca);
  return { a, b, rca, admin, practice };
};

const setPrecontractRequired = async (admin: TUser, value: boolean) => {
  const response = await call('PATCH', '/api/admin/settings', admin.cookie, { key: 'rcaPrecontrattuale', value });
  expect(response.statusCode, response.body).toBe(200);
};

/** Saves the questionnaire and sends the pack; answers the token of the link mailed to the client. */
const sendPack = async (who: TUser, id: string, email = CLIENT_EMAIL) => {
  expect((await call('PUT', url(id, '/precontract/questionnaire'), who.cookie, PRECONTRACT_QUESTIONNAIRE_EXAMPLE)).statusCode).toBe(200);
  const sent = await call('POST', url(id, '/precontract/send'), who.cookie);
  expect(sent.statusCode, sent.body).toBe(200);
  const mails = (await t.readMails()).filter((mail) => mail.to.includes(email) && mail.subject === PRECONTRACT_MSG.linkMailSubject);
  const token = /\/firma-precontrattuale\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.body ?? '')?.[1];
  if (!token) throw new Error(`no link mailed to ${email}`);
  return token;
};

/** Asks for a code on the public page and answers the code mailed to the client. */
const requestCode = async (token: string, email = CLIENT_EMAIL) => {
  const response = await visit('POST', `/api/public/precontract/${token}/otp`);
  expect(response.statusCode, response.body).toBe(200);
  const mails = (await t.readMails()).filter((mail) => mail.to.includes(email) && mail.subject === PRECONTRACT_MSG.otpMailSubject);
  const code = codeIn(mails.at(-1)?.body);
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
};

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Lets the next code be asked for now (the 60-second wait passed). */
const skipResendWait = (practiceId: string) =>
  t.database.db.updateTable('precontract_otps').set({ created_at: new Date(Date.now() - 2 * 60 * 1000) }).where('practice_id', '=', practiceId).execute();

const askEmission = (who: TUser, id: string, quotationId: string) => call('POST', url(id, '/transition'), who.cookie, { to: 'askEmission', quotationId });

describe('pre-contract pack: signed by the client with a code', () => {
  it('askEmission is refused without the pack when rcaPrecontrattuale is on, then allowed once the client signs (a wrong code first)', async () => {
    const { a, rca, admin, practice } = await world({ intermediary: 'missing' });
    await setPrecontractRequired(admin, true);

    const refused = await askEmission(a, practice.id, practice.quotationId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PRECONTRACT_MSG.required);
    expect(await precontractOf(a, practice.id)).toMatchObject({ required: true, status: 'missing', questionnaire: null, sentTo: null, files: [] });

    // Issue 26 point 10: no pack leaves while the intermediary's data are the template's blanks; the missing ones are named.
    expect((await call('PUT', url(practice.id, '/precontract/questionnaire'), a.cookie, PRECONTRACT_QUESTIONNAIRE_EXAMPLE)).statusCode).toBe(200);
    const blank = await call('POST', url(practice.id, '/precontract/send'), a.cookie);
    expect(blank.statusCode).toBe(409);
    expect(blank.json().message).toBe(
      PRECONTRACT_MSG.intermediaryIncomplete(['la denominazione', 'il numero di iscrizione al RUI', 'la data di iscrizione al RUI', 'la sede legale', 'un recapito (telefono, e-mail o PEC)']),
    );
    expect((await t.readMails()).filter((mail) => mail.subject === PRECONTRACT_MSG.linkMailSubject)).toEqual([]);
    expect(await precontractOf(a, practice.id)).toMatchObject({ status: 'missing', files: [] });
    // The admin's checklist says the same, and is complete once the data are in.
    const setup = (await call('GET', '/api/admin/precontract-setup', admin.cookie)).json() as TPrecontractSetup;
    expect(setup.complete).toBe(false);
    expect(setup.items.find((item) => item.key === 'intermediary')).toMatchObject({ done: false, detail: expect.stringContaining('la denominazione') });
    expect((await call('GET', '/api/admin/precontract-setup', a.cookie)).statusCode).toBe(403);
    const saved = await call('PUT', '/api/admin/precontract-template', admin.cookie, { content: { ...DEFAULT_PRECONTRACT_TEMPLATE, intermediary: PRECONTRACT_INTERMEDIARY_EXAMPLE } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(((await call('GET', '/api/admin/precontract-setup', admin.cookie)).json() as TPrecontractSetup).complete).toBe(true);
    await t.database.db.updateTable('precontracts').set({ questionnaire: null }).where('practice_id', '=', practice.id).execute();

    // The questionnaire first; its answers are checked.
    const early = await call('POST', url(practice.id, '/precontract/send'), a.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(PRECONTRACT_MSG.questionnaireMissing);
    const incomplete = await call('PUT', url(practice.id, '/precontract/questionnaire'), a.cookie, { need: 'withCovers', wantedCovers: [] });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fields).toMatchObject({ priority: [QUESTIONNAIRE_MSG.answerRequired], wantedCovers: ['Indica almeno una garanzia accessoria.'] });
    // The broker reads the pack but does not prepare it.
    expect((await call('PUT', url(practice.id, '/precontract/questionnaire'), rca.cookie, PRECONTRACT_QUESTIONNAIRE_EXAMPLE)).statusCode).toBe(403);
    expect((await call('POST', url(practice.id, '/precontract/send'), rca.cookie)).statusCode).toBe(403);

    const token = await sendPack(a, practice.id);
    const sent = await precontractOf(a, practice.id);
    expect(sent).toMatchObject({ status: 'sent', statusLabel: 'Inviato al cliente', sentTo: CLIENT_EMAIL, quotationId: practice.quotationId, questionnaire: PRECONTRACT_QUESTIONNAIRE_EXAMPLE });
    expect(sent.files.map((file: { docType: string }) => file.docType)).toEqual([PRECONTRACT_DOC_TYPES.pack]);
    expect((await precontractOf(rca, practice.id)).sentTo).toBe('l***@example.it');
    expect((await askEmission(a, practice.id, practice.quotationId)).json().message).toBe(PRECONTRACT_MSG.required);

    // The public page: the pack pre-filled, the company's document attached, no session needed.
    const page = await visit('GET', `/api/public/precontract/${token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      status: 'sent',
      clientName: 'Luca Bianchi',
      cornerName: 'Anna Rossi',
      intermediaryName: PRECONTRACT_INTERMEDIARY_EXAMPLE.name,
      maskedEmail: 'l***@example.it',
      practiceTitle: 'Fiat Panda AB123CD',
      quotation: { companyName: 'Compagnia Esempio S.p.A.', premiumCents: 48_000, instalments: 2 },
      attachments: [{ index: 0, name: 'DIP Compagnia Esempio.pdf' }],
      otp: null,
      signedAt: null,
    });
    const pack = await visit('GET', `/api/public/precontract/${token}/document`);
    expect(pack.statusCode).toBe(200);
    expect(pack.headers['content-type']).toBe('application/pdf');
    expect(createHash('sha256').update(pack.rawPayload).digest('hex')).toBe(page.json().documentSha256);
    const packPages = (await PDFDocument.load(pack.rawPayload)).getPageCount();
    const dip = await visit('GET', `/api/public/precontract/${token}/attachments/0`);
    expect(dip.statusCode).toBe(200);
    expect(dip.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await visit('GET', `/api/public/precontract/${token}/attachments/1`)).statusCode).toBe(404);

    // Signing: no code yet, then a wrong one (an attempt less), then the right one.
    const noCode = await visit('POST', `/api/public/precontract/${token}/sign`, { otp: '123456' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toBe(CONTRACT_MSG.otpMissing);
    const code = await requestCode(token);
    const again = await visit('POST', `/api/public/precontract/${token}/otp`);
    expect(again.statusCode).toBe(429);
    expect((await visit('GET', `/api/public/precontract/${token}`)).json().otp).toMatchObject({ attemptsLeft: 5, maskedDestination: 'l***@example.it' });
    const wrong = await visit('POST', `/api/public/precontract/${token}/sign`, { otp: otherCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(CONTRACT_MSG.otpWrong(4));
    expect((await visit('POST', `/api/public/precontract/${token}/sign`, { otp: '12ab' })).statusCode).toBe(400);
    const signed = await visit('POST', `/api/public/precontract/${token}/sign`, { otp: code });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().message).toBe(PRECONTRACT_MSG.signed);

    const after = await precontractOf(a, practice.id);
    expect(after).toMatchObject({ status: 'signed', statusLabel: 'Firmato con codice' });
    expect(after.signedAt).not.toBeNull();
    expect(after.evidenceUrl).toMatch(/^files\//);
    expect(after.files.map((file: { docType: string }) => file.docType)).toEqual([PRECONTRACT_DOC_TYPES.pack, PRECONTRACT_DOC_TYPES.signedByCode]);
    // The signed copy: the pack plus the evidence page, not deletable; the client reads it from the same link.
    const signedFile = after.files.find((file: { path: string }) => file.path === after.evidenceUrl);
    expect(signedFile.allowDelete).toBe(false);
    const copy = await visit('GET', `/api/public/precontract/${token}/document`);
    const signedPdf = await PDFDocument.load(copy.rawPayload);
    expect(signedPdf.getPageCount()).toBe(packPages + 1);
    expect(signedPdf.getSubject()).toContain(`Luca Bianchi ha firmato i documenti precontrattuali con codice OTP via e-mail`);
    expect(signedPdf.getSubject()).toContain(page.json().documentSha256);
    expect((await visit('GET', `/api/public/precontract/${token}`)).json()).toMatchObject({ status: 'signed', otp: null });
    const late = await visit('POST', `/api/public/precontract/${token}/otp`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(PRECONTRACT_MSG.linkSigned);
    const evidence = await t.database.db.selectFrom('precontracts').select(['evidence', 'quotation_id']).where('practice_id', '=', practice.id).executeTakeFirstOrThrow();
    expect(evidence.quotation_id).toBe(practice.quotationId);
    expect(evidence.evidence).toMatchObject({ userAgent: 'Mozilla/5.0 (Cliente)', channel: 'email', maskedDestination: 'l***@example.it', documentSha256: page.json().documentSha256 });

    const asked = await askEmission(a, practice.id, practice.quotationId);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().state).toBe('askEmission');
    const history = (await call('GET', url(practice.id, '/history'), rca.cookie)).json() as { kind: string; actorName: string; payload: Record<string, unknown> }[];
    const kinds = history.map((entry) => entry.kind);
    expect(kinds).toEqual(expect.arrayContaining(['precontract_questionnaire', 'precontract_sent', 'precontract_signed']));
    expect(kinds.indexOf('precontract_signed')).toBeLessThan(kinds.lastIndexOf('state_changed'));
    expect(history.find((entry) => entry.kind === 'precontract_signed')).toMatchObject({ actorName: 'Anna Rossi', payload: { mode: 'otp', signedBy: 'Luca Bianchi', quotationId: practice.quotationId } });
  });

  it('does not ask for the pack while rcaPrecontrattuale is off', async () => {
    const { a, admin, practice } = await world();
    await setPrecontractRequired(admin, false);
    expect((await precontractOf(a, practice.id)).required).toBe(false);
    const asked = await askEmission(a, practice.id, practice.quotationId);
    expect(asked.statusCode, asked.body).toBe(200);
  });

  it('locks a code after five wrong attempts, refuses an expired code and an expired link', async () => {
    const { a, admin, practice } = await world();
    await setPrecontractRequired(admin, true);
    const token = await sendPack(a, practice.id);

    const code = await requestCode(token);
    for (const left of [4, 3, 2, 1]) {
      expect((await visit('POST', `/api/public/precontract/${token}/sign`, { otp: otherCode(code) })).json().message).toBe(CONTRACT_MSG.otpWrong(left));
    }
    expect((await visit('POST', `/api/public/precontract/${token}/sign`, { otp: otherCode(code) })).json().message).toBe(CONTRACT_MSG.otpLocked);
    const locked = await visit('POST', `/api/public/precontract/${token}/sign`, { otp: code });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe(CONTRACT_MSG.otpLocked);
    expect((await visit('GET', `/api/public/precontract/${token}`)).json().otp).toBeNull();

    // A new code replaces it (after the wait); once past its 10 minutes it no longer signs.
    await skipResendWait(practice.id);
    const second = await requestCode(token);
    await t.database.db.updateTable('precontract_otps').set({ expires_at: new Date(Date.now() - 1000) }).where('practice_id', '=', practice.id).where('used_at', 'is', null).execute();
    const expired = await visit('POST', `/api/public/precontract/${token}/sign`, { otp: second });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(CONTRACT_MSG.otpExpired);

    await skipResendWait(practice.id);
    const third = await requestCode(token);
    await t.database.db.updateTable('precontracts').set({ token_expires_at: new Date(Date.now() - 1000) }).where('practice_id', '=', practice.id).execute();
    for (const response of [
      await visit('GET', `/api/public/precontract/${token}`),
      await visit('POST', `/api/public/precontract/${token}/sign`, { otp: third }),
      await visit('GET', `/api/public/precontract/${token}/document`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(PRECONTRACT_MSG.linkInvalid);
    }
    expect((await precontractOf(a, practice.id)).status).toBe('sent');
    expect((await askEmission(a, practice.id, practice.quotationId)).statusCode).toBe(409);
  });

  it('makes a link useful only for its own practice and its latest sending', async () => {
    const { a, b, rca, admin, practice } = await world();
    await setPrecontractRequired(admin, true);
    const other = await practiceWithQuotation(a, rca, 'neri@example.it', 'Neri', 'NRELCU80A01H501U');
    const tokenA = await sendPack(a, practice.id);
    const tokenB = await sendPack(a, other.id, 'neri@example.it');

    // The code mailed for one practice does not sign the other's pack.
    const codeB = await requestCode(tokenB, 'neri@example.it');
    const codeA = await requestCode(tokenA);
    if (codeA !== codeB) {
      const crossed = await visit('POST', `/api/public/precontract/${tokenA}/sign`, { otp: codeB });
      expect(crossed.statusCode).toBe(400);
      expect(crossed.json().message).toBe(CONTRACT_MSG.otpWrong(4));
    }
    expect((await visit('POST', `/api/public/precontract/${tokenB}/sign`, { otp: codeB })).statusCode).toBe(200);
    expect((await precontractOf(a, practice.id)).status).toBe('sent');
    expect((await precontractOf(a, other.id)).status).toBe('signed');
    expect((await askEmission(a, practice.id, practice.quotationId)).statusCode).toBe(409);
    expect((await askEmission(a, other.id, other.quotationId)).statusCode).toBe(200);

    // A made-up token, and the first link after the pack was sent again, lead nowhere.
    expect((await visit('GET', `/api/public/precontract/${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await visit('GET', '/api/public/precontract/corto')).statusCode).toBe(400);
    await skipResendWait(practice.id);
    const resent = await call('POST', url(practice.id, '/precontract/send'), a.cookie);
    expect(resent.statusCode, resent.body).toBe(200);
    expect((await visit('GET', `/api/public/precontract/${tokenA}`)).statusCode).toBe(404);
    expect((await visit('POST', `/api/public/precontract/${tokenA}/sign`, { otp: codeA })).statusCode).toBe(404);

    // Another corner does not reach the pack.
    expect((await call('GET', url(practice.id, '/precontract'), b.cookie)).statusCode).toBe(404);
    expect((await call('POST', url(practice.id, '/precontract/send'), b.cookie)).statusCode).toBe(404);
  });
});

describe('pre-contract pack: five signs at once with the right code', () => {
  it('signs once: one 200, the others 409, and exactly one signed copy stored (none written for the losers)', async () => {
    const { a, admin, practice } = await world();
    await setPrecontractRequired(admin, true);
    const token = await sendPack(a, practice.id);
    const code = await requestCode(token);

    const answers = await Promise.all(Array.from({ length: 5 }, () => visit('POST', `/api/public/precontract/${token}/sign`, { otp: code })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const answer of answers.filter((candidate) => candidate.statusCode === 409)) expect(answer.json().message).toBe(PRECONTRACT_MSG.linkSigned);

    // Every file ever stored for the practice, deleted ones included: the losers wrote none.
    const signedCopies = await t.database.db
      .withTables<{ files: { id: string; subject_id: string | null; doc_type: string | null } }>()
      .selectFrom('files')
      .select('id')
      .where('subject_id', '=', practice.id)
      .where('doc_type', '=', PRECONTRACT_DOC_TYPES.signedByCode)
      .execute();
    expect(signedCopies).toHaveLength(1);
    const row = await t.database.db.selectFrom('precontracts').select(['status', 'signed_file_id', 'evidence']).where('practice_id', '=', practice.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'signed', signed_file_id: signedCopies[0]!.id });
    expect(row.evidence).not.toBeNull();
    const history = (await call('GET', url(practice.id, '/history'), a.cookie)).json() as { kind: string }[];
    expect(history.filter((entry) => entry.kind === 'precontract_signed')).toHaveLength(1);
    expect(await t.database.db.selectFrom('precontract_otps').select('used_at').where('practice_id', '=', practice.id).execute()).toEqual([{ used_at: expect.any(Date) }]);
  });
});

describe('pre-contract pack: signed on paper', () => {
  it('counts only once scans were uploaded with docType precontractSigned, for the quotation chosen then; then askEmission passes', async () => {
    const { a, rca, admin, practice } = await world();
    await setPrecontractRequired(admin, true);
    const early = await call('POST', url(practice.id, '/precontract/paper'), a.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(PRECONTRACT_MSG.paperScansMissing);

    const scan = multipart([{ kind: 'file', field: 'file0', filename: 'modulo-firmato.pdf', content: await pdfOf('Firmato'), contentType: 'application/pdf' }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/docs/upload?subjectType=practice&subjectId=${practice.id}&docType=${PRECONTRACT_DOC_TYPES.paper}`,
      headers: { cookie: a.cookie, ...scan.headers },
      payload: scan.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBeLessThan(300);
    const paper = await call('POST', url(practice.id, '/precontract/paper'), a.cookie);
    expect(paper.statusCode, paper.body).toBe(200);
    expect(paper.json()).toMatchObject({ status: 'paper', statusLabel: 'Firmato su carta', quotationId: practice.quotationId });
    expect(paper.json().files.map((file: { docType: string }) => file.docType)).toEqual([PRECONTRACT_DOC_TYPES.paper]);
    const twice = await call('POST', url(practice.id, '/precontract/paper'), a.cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(PRECONTRACT_MSG.alreadySigned);

    // The pack stands for the quotation it was signed for: choosing another one asks for a new pack.
    const second = await call('POST', url(practice.id, '/quotations'), rca.cookie, { ...quotationExample(), premiumCents: 52_000 });
    expect(second.statusCode, second.body).toBe(201);
    const secondId = (second.json() as { id: string }).id;
    expect((await call('POST', url(practice.id, `/quotations/${secondId}/choose`), a.cookie)).statusCode).toBe(200);
    const otherQuotation = await askEmission(a, practice.id, secondId);
    expect(otherQuotation.statusCode).toBe(409);
    expect(otherQuotation.json().message).toBe(PRECONTRACT_MSG.requiredForQuotation);
    expect((await call('POST', url(practice.id, `/quotations/${practice.quotationId}/choose`), a.cookie)).statusCode).toBe(200);

    expect((await askEmission(a, practice.id, practice.quotationId)).statusCode).toBe(200);
    const history = (await call('GET', url(practice.id, '/history'), a.cookie)).json() as { kind: string; payload: Record<string, unknown> }[];
    expect(history.find((entry) => entry.kind === 'precontract_signed')?.payload).toMatchObject({ mode: 'paper', quotationId: practice.quotationId });
  });
});

describe('pre-contract template and tRPC', () => {
  it('the admin edits the template (placeholders checked, versions kept); the pack is made from the version in force', async () => {
    const { a, admin, practice } = await world({ intermediary: 'missing' });
    const asAdmin = await createTrpcHttpCaller(t, admin.email, PASSWORD);
    const asCorner = await createTrpcHttpCaller(t, a.email, PASSWORD);
    const initial = await asAdmin.practices.precontract.template.query();
    expect(initial).toMatchObject({ id: null, content: DEFAULT_PRECONTRACT_TEMPLATE, createdByName: null });
    await expect(asCorner.practices.precontract.template.query()).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });

    const content = { ...DEFAULT_PRECONTRACT_TEMPLATE, intermediary: { ...PRECONTRACT_INTERMEDIARY_EXAMPLE, name: 'Broker Esempio S.r.l.' } };
    const bad = await call('PUT', '/api/admin/precontract-template', admin.cookie, {
      content: { ...content, sections: [{ title: 'Sezione I', body: 'Intermediario {{intermediario.nome}}' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PRECONTRACT_MSG.placeholderUnknown('intermediario.nome'));
    // The setup checklist over tRPC: the intermediary's data are blank until the admin saves them; a corner may not read it.
    expect((await asAdmin.practices.precontract.setup.query()).items.map((item) => [item.key, item.done])).toEqual([
      ['intermediary', false],
      ['template', false],
      ['rcaPack', true],
    ]);
    await expect(asCorner.practices.precontract.setup.query()).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    const saved = await asAdmin.practices.precontract.saveTemplate.mutate({ content });
    expect(await asAdmin.practices.precontract.setup.query()).toMatchObject({ complete: true });
    expect(saved).toMatchObject({ content, createdByName: 'Ada Rossi' });
    expect((await call('GET', '/api/admin/precontract-template', admin.cookie)).json().id).toBe(saved.id);

    const answers = await asCorner.practices.precontract.saveQuestionnaire.mutate({ sector: 'rca', id: practice.id, answers: { declined: true } });
    expect(answers.questionnaire).toMatchObject({ declined: true });
    const sent = await asCorner.practices.precontract.send.mutate({ sector: 'rca', id: practice.id });
    expect(sent.message).toBe(PRECONTRACT_MSG.sent('l***@example.it'));
    expect(sent.precontract.status).toBe('sent');
    const history = await asCorner.practices.history.query({ sector: 'rca', id: practice.id });
    expect(history.find((entry) => entry.kind === 'precontract_sent')?.payload).toMatchObject({ templateId: saved.id, quotationId: practice.quotationId });
    const mail = (await t.readMails()).find((entry) => entry.subject === PRECONTRACT_MSG.linkMailSubject);
    expect(mail?.body).toContain('per conto di Broker Esempio S.r.l.');

    // Changing the answers withdraws the pack sent: the client must sign the new one.
    const changed = await asCorner.practices.precontract.saveQuestionnaire.mutate({ sector: 'rca', id: practice.id, answers: PRECONTRACT_QUESTIONNAIRE_EXAMPLE });
    expect(changed.status).toBe('missing');
  });
});
