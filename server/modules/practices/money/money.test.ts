import { beforeEach, describe, expect, it } from 'vitest';
import { quotationExample } from '../../../../shared/practices/quotation';
import { RCA_SETTINGS_DEFAULTS, RCA_SETTINGS_MSG, addDaysIso } from '../../../../shared/practices/rca-settings';
import { PRACTICE_MSG } from '../../../../shared/schemas/practices';
import { createJobRunner } from '../../../platform/jobs';
import { useTestApp } from '../../../testing/test-app';
import { createTrpcHttpCaller } from '../../../testing/trpc-inject-client';
import { EXAMPLE, PASSWORD, practicesFixtures, url, type TUser } from '../testing/practices.fixtures';
import { practicesModule } from '../practices.module';
import { RENEWALS_JOB, RENEWAL_MSG } from '../renewals/renewals.service';

// The app's runner does not schedule the daily jobs here: the tests run the renewal pass themselves.
const t = useTestApp({}, { jobs: { schedules: false } });
const UA = 'Mozilla/5.0 (Test) Pratiche soldi';
const RCA_KEYS = Object.keys(RCA_SETTINGS_DEFAULTS);

beforeEach(async () => {
  // The test app's reset keeps the settings table: every test starts from the defaults of a fresh install.
  await t.database.db.deleteFrom('settings').where('key', 'in', RCA_KEYS).execute();
});

const { call, user, signContract, transition, uploadDocs, quoteAndChoose, waiveRcaPack, uploadPolicyDocs } = practicesFixtures(t, UA);

const setSetting = async (admin: TUser, key: string, value: unknown) => {
  const response = await call('PATCH', '/api/admin/settings', admin.cookie, { key, value });
  expect(response.statusCode, response.body).toBe(200);
};

const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer;
};
const get = async (who: TUser, id: string) => (await call('GET', url(id), who.cookie)).json();
const historyKinds = async (who: TUser, id: string) => ((await call('GET', url(id, '/history'), who.cookie)).json() as { kind: string; payload: Record<string, unknown> }[]);

/** A corner with a signed contract and a client, an RC Auto broker, an admin, and one practice with a chosen quotation of 480 euro. */
const world = async () => {
  const a = await user('a@example.it', 'corner', 'Anna');
  const rca = await user('rca@example.it', 'broker', 'Rocco', 'RC Auto');
  const admin = await user('admin@example.it', 'admin', 'Ada');
  const clientId = (await t.database.db.insertInto('clients').values({ corner_id: a.id, type: 'persona', name: 'Luca', surname: 'Bianchi' }).returning('id').executeTakeFirstOrThrow()).id;
  const created = await call('POST', '/api/practices/rca', a.cookie, { clientId, data: EXAMPLE });
  expect(created.statusCode, created.body).toBe(201);
  const practice = created.json() as { id: string };
  await signContract(a);
  await uploadDocs(a, practice.id);
  expect((await call('POST', url(practice.id, '/take'), rca.cookie)).statusCode).toBe(200);
  const quotationId = await quoteAndChoose(rca, a, practice.id, 48_000);
  return { a, rca, admin, clientId, practice, quotationId };
};

describe('RC Auto settings blocks', () => {
  it('answer typed defaults on a fresh install: settings.rca, GET /api/settings, the login sync and the admin block', async () => {
    const a = await user('a@example.it', 'corner', 'Anna');
    const admin = await user('admin@example.it', 'admin', 'Ada');
    const trpc = await createTrpcHttpCaller(t, a.email, PASSWORD);
    expect(await trpc.settings.rca.query()).toEqual(RCA_SETTINGS_DEFAULTS);

    const sync = (await call('GET', '/api/sync-login', a.cookie)).json();
    for (const key of ['rcaDocs', 'rcaRevenue', 'rcaRange', 'rcaReproposal', 'rcaPrecontrattuale'] as const) expect(sync.settings[key]).toEqual(RCA_SETTINGS_DEFAULTS[key]);
    const adminSync = (await call('GET', '/api/sync-login', admin.cookie)).json();
    expect(adminSync.adminSettings.rcaConfig).toEqual(RCA_SETTINGS_DEFAULTS.rcaConfig);
    expect(adminSync.adminSettings.rcaDocs).toEqual(RCA_SETTINGS_DEFAULTS.rcaDocs);
    expect((await call('GET', '/api/settings', a.cookie)).json().rcaRevenue).toEqual({ percentBp: 1000, fixedCents: 0 });
    // Brokers get no settings block (spec section 6), nor the typed read.
    const broker = await user('rca@example.it', 'broker', 'Rocco', 'RC Auto');
    expect((await call('GET', '/api/sync-login', broker.cookie)).json()).not.toHaveProperty('settings');
    await expect((await createTrpcHttpCaller(t, broker.email, PASSWORD)).settings.rca.query()).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
  });

  it('refuses values outside their schema with the Italian message on the field, saves valid ones, reads a bad stored one as the default', async () => {
    const admin = await user('admin@example.it', 'admin', 'Ada');
    const refused: [string, unknown, string, string][] = [
      ['rcaRevenue', { percentBp: 10_001, fixedCents: 0 }, RCA_SETTINGS_MSG.percentInvalid, 'value.percentBp'],
      ['rcaRevenue', { percentBp: 800 }, RCA_SETTINGS_MSG.fixedInvalid, 'value.fixedCents'],
      ['rcaRange', { daysBefore: 0 }, RCA_SETTINGS_MSG.daysInvalid(120), 'value.daysBefore'],
      ['rcaReproposal', { enabled: 'sì', daysBefore: 20 }, RCA_SETTINGS_MSG.booleanInvalid, 'value.enabled'],
      ['rcaPrecontrattuale', 'true', RCA_SETTINGS_MSG.booleanInvalid, 'value'],
      ['rcaConfig', { quotationValidityDays: 30, paymentDueDays: 91 }, RCA_SETTINGS_MSG.dueDaysInvalid, 'value.paymentDueDays'],
      ['rcaDocs', [{ docType: 'libretto', label: 'Libretto', required: true }, { docType: 'libretto', label: 'Altro', required: false }], RCA_SETTINGS_MSG.docTypeDuplicate, 'value.1.docType'],
      ['rcaDocs', [{ docType: '1 bad', label: 'Libretto', required: true }], RCA_SETTINGS_MSG.docTypeInvalid, 'value.0.docType'],
    ];
    for (const [key, value, message, field] of refused) {
      const response = await call('PATCH', '/api/admin/settings', admin.cookie, { key, value });
      expect(response.statusCode, `${key} ${JSON.stringify(value)}`).toBe(400);
      expect(response.json().message).toBe(message);
      expect(response.json().fields?.[field]).toEqual([message]);
    }
    expect(await t.database.db.selectFrom('settings').select('key').where('key', 'in', RCA_KEYS).execute()).toEqual([]);

    const trpc = await createTrpcHttpCaller(t, admin.email, PASSWORD);
    await trpc.settings.update.mutate({ key: 'rcaRevenue', value: { percentBp: 1250, fixedCents: 1500 } });
    await setSetting(admin, 'rcaDocs', [{ docType: 'libretto', label: ' Carta di circolazione ', required: true }]);
    await setSetting(admin, 'rcaPrecontrattuale', true);
    expect(await t.app.services.settings.getRcaSettings()).toEqual({
      ...RCA_SETTINGS_DEFAULTS,
      rcaRevenue: { percentBp: 1250, fixedCents: 1500 },
      rcaDocs: [{ docType: 'libretto', label: 'Carta di circolazione', required: true }],
      rcaPrecontrattuale: true,
    });
    // A value stored before the check (or by hand) reads as the default.
    await t.database.db.updateTable('settings').set({ value: JSON.stringify({ percentBp: -1 }) }).where('key', '=', 'rcaRevenue').execute();
    expect((await trpc.settings.rca.query()).rcaRevenue).toEqual(RCA_SETTINGS_DEFAULTS.rcaRevenue);
  });
});

describe('money and policy of an RC Auto practice', () => {
  waiveRcaPack();
  it('asking for issue raises a notPaied request of the chosen premium in the corner’s payments; the practice shows it and its required documents', async () => {
    {
      const { a, rca, practice, quotationId } = await world();
      const before = await get(a, practice.id);
      expect(before).toMatchObject({ payment: null, policy: null, outcomeReason: null, renewalOfId: null, renewedById: null });
      expect(before.requiredDocs).toEqual((await t.app.services.settings.getRcaSettings()).rcaDocs);

      const asked = await transition(a, practice.id, { to: 'askEmission', quotationId });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json().payment).toEqual({ id: expect.any(String), amountCents: 48_000, status: 'notPaied' });
      const payments = (await call('GET', '/api/payments', a.cookie)).json();
      expect(payments.list.notPaied).toEqual([expect.objectContaining({ id: asked.json().payment.id, amount: 48_000, status: 'notPaied', description: 'Premio RC Auto Fiat Panda AB123CD (Assicurazioni Esempio S.p.A.)' })]);
      expect(payments.details.totalNotPaied).toBe(48_000);
      const row = await t.database.db.selectFrom('payments').select(['practice_id', 'corner_id', 'due_date']).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ practice_id: practice.id, corner_id: a.id });
      // Due in rcaConfig.paymentDueDays (7 by default).
      expect(Math.round((new Date(row.due_date!).getTime() - Date.now()) / 86_400_000)).toBe(7);
      const history = await historyKinds(rca, practice.id);
      expect(history.map((entry) => entry.kind)).toEqual(['created', 'document_added', 'document_added', 'document_added', 'taken', 'quotation_added', 'quotation_chosen', 'state_changed', 'payment_requested']);
      expect(history[8]!.payload).toEqual({ paymentId: asked.json().payment.id, amountCents: 48_000, quotationId });
      // The broker sees it on the practice too.
      expect((await get(rca, practice.id)).payment.amountCents).toBe(48_000);
    }
  });

  it('a refused transition leaves no payment behind; back to quotation stores the reason and withdraws the unpaid request; refusing stores the reason', async () => {
    {
      const { a, rca, admin, practice, quotationId } = await world();
      // The requirement refuses another quotation id: nothing is written.
      expect((await transition(a, practice.id, { to: 'askEmission', quotationId: crypto.randomUUID() })).statusCode).toBe(409);
      expect(await t.database.db.selectFrom('payments').select('id').execute()).toEqual([]);

      await ok(transition(a, practice.id, { to: 'askEmission', quotationId }));
      const back = await transition(rca, practice.id, { to: 'quotating', reason: 'Manca il libretto firmato' });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toMatchObject({ state: 'quotating', outcomeReason: 'Manca il libretto firmato', payment: null });
      expect((await call('GET', '/api/payments', a.cookie)).json().list.notPaied).toEqual([]);

      // Asked again: a new request, the reason cleared.
      // The broker changes the premium: the quotation is no longer chosen until the corner chooses it again.
      const changed = await call('PATCH', url(practice.id, `/quotations/${quotationId}`), rca.cookie, { ...quotationExample(), company: 'Assicurazioni Esempio S.p.A.', premiumCents: 51_000 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await transition(a, practice.id, { to: 'askEmission', quotationId })).json().message).toBe(PRACTICE_MSG.chooseQuotation);
      await ok(call('POST', url(practice.id, `/quotations/${quotationId}/choose`), a.cookie));
      const again = await transition(a, practice.id, { to: 'askEmission', quotationId });
      expect(again.json()).toMatchObject({ outcomeReason: null, payment: { amountCents: 51_000, status: 'notPaied' } });

      const refused = await transition(admin, practice.id, { to: 'notEmitted', reason: 'Rischio non assumibile dalla compagnia' });
      expect(refused.statusCode, refused.body).toBe(200);
      // Refused after the request for issue: the reason is stored and the premium asked for is no longer owed.
      expect(await get(a, practice.id)).toMatchObject({ outcomeReason: 'Rischio non assumibile dalla compagnia', payment: null });
      expect((await call('GET', '/api/payments', a.cookie)).json().list.notPaied).toEqual([]);
    }
  });

  it('issuing stores the policy (with the 15-day grace) and the commission from rcaRevenue', async () => {
    {
      const { a, rca, admin, practice, quotationId } = await world();
      await setSetting(admin, 'rcaRevenue', { percentBp: 1250, fixedCents: 1500 });
      await ok(transition(a, practice.id, { to: 'askEmission', quotationId }));
      // Issue 26 point 10: issuing asks for the policy's documents first (RC Auto: the policy and the certificate); nothing changes.
      const emit = { to: 'emitted', policyNumber: 'POL-77', effectiveDate: '2027-03-31', expiryDate: '2028-03-31' };
      const early = await transition(rca, practice.id, emit);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(PRACTICE_MSG.missingPolicyDocuments(['Polizza emessa', 'Certificato di assicurazione']));
      expect(await get(a, practice.id)).toMatchObject({ state: 'askEmission', commissionCents: null, policy: null });
      await uploadDocs(rca, practice.id, ['policy']);
      expect((await transition(rca, practice.id, emit)).json().message).toBe(PRACTICE_MSG.missingPolicyDocuments(['Certificato di assicurazione']));
      await uploadDocs(rca, practice.id, ['insuranceCertificate']);
      const emitted = await transition(rca, practice.id, emit);
      expect(emitted.statusCode, emitted.body).toBe(200);
      // 12.5% of 480 euro = 60 euro, plus 15 euro.
      expect(emitted.json()).toMatchObject({
        state: 'emitted',
        commissionCents: 7_500,
        policy: { number: 'POL-77', effectiveDate: '2027-03-31', expiryDate: '2028-03-31', graceUntil: '2028-04-15' },
      });
      const listed = (await call('GET', '/api/practices/rca', a.cookie)).json() as { id: string; policy: unknown; payment: unknown }[];
      expect(listed[0]).toMatchObject({ id: practice.id, policy: { number: 'POL-77' }, payment: { amountCents: 48_000 } });
      // Its commission is in the corner's ledger, with the rest of what it is owed (issue 27).
      const ledger = (await call('GET', '/api/ledger', a.cookie)).json() as { list: { kind: string; amountCents: number; description: string; practiceId: string }[]; balanceCents: number };
      expect(ledger.list).toEqual([expect.objectContaining({ kind: 'commission', amountCents: 7_500, practiceId: practice.id, description: 'Provvigione polizza n. POL-77 (Fiat Panda AB123CD)' })]);
      expect(ledger.balanceCents).toBe(7_500);
      // The corner finds the policy's documents on the practice.
      const documents = (await call('GET', url(practice.id, '/documents'), a.cookie)).json() as { docType: string }[];
      expect(documents.map((document) => document.docType)).toEqual(expect.arrayContaining(['policy', 'insuranceCertificate']));
      expect((await get(a, practice.id)).policyDocs).toEqual([
        { docType: 'policy', label: 'Polizza emessa' },
        { docType: 'insuranceCertificate', label: 'Certificato di assicurazione' },
      ]);
    }
  });
});

describe('money through the quotations part (no stub)', () => {
  waiveRcaPack();
  it('the premium of the quotation the corner chose is requested on askEmission; emit records 10% of it (the default rcaRevenue)', async () => {
    const { a, rca, practice } = await world();
    const added = await call('POST', url(practice.id, '/quotations'), rca.cookie, { ...quotationExample(), company: 'Generali Italia S.p.A.', premiumCents: 45_000 });
    expect(added.statusCode, added.body).toBe(201);
    const quotationId = added.json().id as string;
    await ok(call('POST', url(practice.id, `/quotations/${quotationId}/choose`), a.cookie));
    const asked = await ok(transition(a, practice.id, { to: 'askEmission', quotationId }));
    expect(JSON.parse(asked.body).payment).toMatchObject({ amountCents: 45_000, status: 'notPaied' });
    const [payment] = (await call('GET', '/api/payments', a.cookie)).json().list.notPaied;
    expect(payment).toMatchObject({ amount: 45_000, description: 'Premio RC Auto Fiat Panda AB123CD (Generali Italia S.p.A.)' });
    await uploadPolicyDocs(rca, practice.id);
    const emitted = await ok(transition(rca, practice.id, { to: 'emitted', policyNumber: 'G-1', effectiveDate: '2027-03-31', expiryDate: '2028-03-31' }));
    expect(JSON.parse(emitted.body)).toMatchObject({ commissionCents: 4_500, policy: { number: 'G-1', graceUntil: '2028-04-15' } });
  });
});

describe('renewal of issued RC Auto policies', () => {
  waiveRcaPack();
  const today = new Date();
  const todayIso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;

  /** A practice issued with a policy expiring in `days` days. */
  const issued = async (days: number) => {
    const w = await world();
    await ok(transition(w.a, w.practice.id, { to: 'askEmission', quotationId: w.quotationId }));
    const expiryDate = addDaysIso(todayIso, days);
    await uploadPolicyDocs(w.rca, w.practice.id);
    const emitted = await transition(w.rca, w.practice.id, { to: 'emitted', policyNumber: 'POL-1', effectiveDate: addDaysIso(expiryDate, -365), expiryDate });
    expect(emitted.statusCode, emitted.body).toBe(200);
    return { ...w, expiryDate };
  };
  const renewalsOf = (id: string) => t.database.db.selectFrom('practices').selectAll().where('renewal_of_id', '=', id).execute();
  const remindersTo = async (userId: string) =>
    (await t.database.db.selectFrom('notifications').select(['kind', 'data']).where('user_id', '=', userId).where('kind', '=', 'rca_history').execute()).filter(
      (row) => (row.data as { title?: string }).title === RENEWAL_MSG.reminderTitle,
    );

  it('two instances running at once open exactly one linked reproposal, pre-filled from the issued practice, and remind the corner once', async () => {
    {
      const { a, rca, practice, expiryDate } = await issued(10);
      const [first, second] = await Promise.all([t.app.services.practices.renewals.run(), t.app.services.practices.renewals.run()]);
      expect(first.opened.length + second.opened.length).toBe(1);
      expect(first.reminded + second.reminded).toBe(1);
      const renewals = await renewalsOf(practice.id);
      expect(renewals).toHaveLength(1);
      const renewal = renewals[0]!;

      const issuedNow = await get(a, practice.id);
      expect(issuedNow.renewedById).toBe(renewal.id);
      const opened = await get(a, renewal.id);
      expect(opened).toMatchObject({ state: 'quotating', renewalOfId: practice.id, renewedById: null, clientId: issuedNow.clientId, cornerId: a.id, policy: null, payment: null });
      expect(opened.data).toEqual({
        ...EXAMPLE,
        currentPolicy: { company: 'Assicurazioni Esempio S.p.A.', expiryDate, cuClass: 4, claimsLastFiveYears: [0, 0, 1, 0, 0] },
        startDate: expiryDate,
      });
      // The broker finds it in the worklist.
      expect(((await call('GET', '/api/practices/rca?state=quotating', rca.cookie)).json() as { id: string }[]).map((row) => row.id)).toEqual([renewal.id]);
      expect((await historyKinds(a, practice.id)).map((entry) => entry.kind).at(-1)).toBe('renewal_opened');
      expect((await historyKinds(a, renewal.id))[0]).toMatchObject({ kind: 'created', payload: { automatic: true, renewalOfId: practice.id } });

      const reminders = await remindersTo(a.id);
      expect(reminders).toHaveLength(1);
      expect(reminders[0]!.data).toMatchObject({ title: RENEWAL_MSG.reminderTitle, link: `/rca/${renewal.id}` });

      // Again (the next day, or a third instance): nothing more.
      expect(await t.app.services.practices.renewals.run()).toEqual({ reminded: 0, opened: [] });
      // An instance that read the issued practice before the link was written: the unique index keeps it single.
      await t.database.db.updateTable('practices').set({ renewed_by_id: null }).where('id', '=', practice.id).execute();
      expect((await t.app.services.practices.renewals.run()).opened).toEqual([]);
      expect(await renewalsOf(practice.id)).toHaveLength(1);
    }
  });

  it('runs as the daily job: two runners on the same database run the occurrence once', async () => {
    {
      const { practice } = await issued(20);
      // The module declares the job, daily.
      const [job] = practicesModule.jobs!({ deps: undefined as never, services: t.app.services });
      expect(job).toMatchObject({ name: RENEWALS_JOB, schedule: { dailyAt: expect.stringMatching(/^\d\d:\d\d$/) } });
      // Two more instances (runners on the same database) and the app's own, all at once.
      const runners = [createJobRunner({ db: t.database.db, logger: t.app.log }), createJobRunner({ db: t.database.db, logger: t.app.log })];
      for (const runner of runners) {
        runner.defineJob(job!.name, job!.handler, job!.options);
        runner.schedule(job!.name, job!.schedule!);
      }
      await Promise.all([...runners.map((runner) => runner.drain()), t.app.jobs.drain()]);
      expect(await t.database.db.selectFrom('jobs').select(['state', 'attempts']).where('name', '=', RENEWALS_JOB).execute()).toEqual([{ state: 'done', attempts: 1 }]);
      expect(await renewalsOf(practice.id)).toHaveLength(1);
      // Run again the same day: the occurrence is done, nothing more.
      await Promise.all(runners.map((runner) => runner.drain()));
      expect(await renewalsOf(practice.id)).toHaveLength(1);
    }
  });

  it('follows rcaRange and rcaReproposal: out of range nothing; reproposal off only reminds; only an admin runs it by hand', async () => {
    {
      const { a, admin, practice } = await issued(45);
      const trpc = await createTrpcHttpCaller(t, admin.email, PASSWORD);
      expect(await trpc.practices.renewals.run.mutate()).toEqual({ reminded: 0, opened: [] });

      await setSetting(admin, 'rcaRange', { daysBefore: 60 });
      await setSetting(admin, 'rcaReproposal', { enabled: false, daysBefore: 60 });
      expect(await trpc.practices.renewals.run.mutate()).toEqual({ reminded: 1, opened: [] });
      expect(await renewalsOf(practice.id)).toEqual([]);
      expect((await remindersTo(a.id))[0]!.data).toMatchObject({ link: `/rca/${practice.id}` });

      await setSetting(admin, 'rcaReproposal', { enabled: true, daysBefore: 50 });
      const opened = await trpc.practices.renewals.run.mutate();
      expect(opened.reminded).toBe(0);
      expect(opened.opened).toHaveLength(1);

      const corner = await createTrpcHttpCaller(t, a.email, PASSWORD);
      await expect(corner.practices.renewals.run.mutate()).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    }
  });
});
