import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_TYPES } from '../../shared/constants';
import { ZClientInput } from '../../shared/schemas/client-record';
import { isValidPartitaIva } from '../../shared/validation/partita-iva';
import { toClientRecord } from '../modules/clients/clients.records';
import { findClient } from '../modules/clients/clients.repository';
import { createTestApp, type TTestApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, DEMO_BOOK_SIZE, DEMO_PASSWORD, brokerEmail, loadDemoData } from './demo-data';
import { loadDemoPractices } from './demo-practices';
import { loadDefinitionDemo, type TDemoCall, type TDemoUpload } from './demo-sectors';
import { multipart, pdfOf } from '../modules/files/files.fixtures';
import { SECTORS } from '../../shared/sectors';
import { PRACTICE_SECTORS, practiceDefinition } from '../../shared/practices/registry';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('demo data set', () => {
  it('names the brokers’ sectors as people read them ("Broker GPL", not "Broker gpl")', () => {
    const brokers = DEMO_ACCOUNTS.filter((account) => account.role === 'broker').map((account) => account.label);
    expect(brokers).toEqual(['Broker RC Auto', 'Broker Altri rami', 'Broker Fideiussioni', 'Broker GPL', 'Broker Luce e gas']);
  });

  it('loads once, and every demo account logs in and sees its data', async () => {
    expect(await loadDemoData(t.database.db)).toEqual({ created: true });
    expect(await loadDemoData(t.database.db)).toEqual({ created: false });
    const brokers = await t.database.db.selectFrom('users').select('broker_type').where('role', '=', 'broker').execute();
    expect(brokers.map((b) => b.broker_type).sort()).toEqual([...BROKER_TYPES].sort());

    for (const account of DEMO_ACCOUNTS) {
      const cookie = await t.login(account.email, DEMO_PASSWORD);
      const sync = await t.app.inject({ method: 'GET', url: '/api/sync-login', headers: { cookie } });
      expect(sync.statusCode).toBe(200);
      if (account.email === 'corner.persona@demo.it') {
        const body = sync.json();
        expect(body.profile.user.status).toBe(true);
        expect(body.clients).toHaveLength(3 + DEMO_BOOK_SIZE);
        expect(body.payments.list.notPaied).toHaveLength(1);
        expect(body.payments.details.iban).toMatch(/^IT/);
      }
    }
    const news = await t.app.inject({ method: 'GET', url: '/api/news', headers: { cookie: await t.login('corner.azienda@demo.it', DEMO_PASSWORD) } });
    // Live only (a scheduled and an expired one wait on /admin/notizie), the pinned one first.
    expect(news.json()).toHaveLength(3);
    expect(news.json()[0].title).toBe('Benvenuto');
  });

  it('writes full client records that pass every check of a new client, with notes', async () => {
    await loadDemoData(t.database.db);
    const db = t.database.db;
    const ids = await db.selectFrom('clients').select('id').execute();
    expect(ids.length).toBe(2 * (3 + DEMO_BOOK_SIZE));
    const { geo } = t.app.services;
    for (const { id } of ids) {
      const record = toClientRecord((await findClient(db, id, null))!, '');
      const parsed = ZClientInput.safeParse(record);
      expect(parsed.error?.issues ?? [], `${record.cf || record.vat}`).toEqual([]);
      expect(await geo.capBelongsToComune(record.address!.cap, record.address!.comuneIstat)).toBe(true);
      if (record.kind === 'persona') expect(await geo.placeByCadastral(record.birthplace!.cadastralCode)).not.toBeNull();
      else expect([isValidPartitaIva(record.vat), record.pec.endsWith('@pec.it'), record.sdiCode.length]).toEqual([true, true, 7]);
      expect(record.phones[0]).toMatch(/^\+39\d{8,11}$/);
    }
    const notes = await db.selectFrom('client_notes').select(['author_id']).execute();
    expect(notes.length).toBe(3);
  });

  it('opens practices of every sector in every state through the API, with quotations, documents, payment requests, policies and a renewal', async () => {
    await loadDemoData(t.database.db);
    const codeFor = async (email: string) => /\b(\d{6})\b/.exec((await t.readMails()).filter((mail) => mail.to.includes(email)).at(-1)?.body ?? '')?.[1];
    const { practices: count } = await loadDemoPractices(t.app, t.database.db, codeFor);
    const db = t.database.db;
    const practices = await db.selectFrom('practices').selectAll().execute();
    expect(practices.length).toBe(count);
    for (const sector of PRACTICE_SECTORS) {
      const definition = practiceDefinition(sector);
      const rows = practices.filter((row) => row.sector === sector);
      // Every state of the sector, each practice's data valid for its own schema.
      expect([...new Set(rows.map((row) => row.state))].sort(), sector).toEqual(Object.keys(definition.states).sort());
      for (const row of rows) expect(definition.data.safeParse(row.data).error?.issues ?? [], `${sector} ${row.id}`).toEqual([]);
    }
    const rca = practices.filter((row) => row.sector === 'rca');
    const emitted = rca.find((row) => row.state === 'emitted')!;
    expect(emitted.policy_number).toBe('2026/RCA/004512');
    expect(Number(emitted.commission_cents)).toBeGreaterThan(0);
    // The renewal job opened the reproposal of the policy about to expire.
    expect(emitted.renewed_by_id).not.toBeNull();
    expect(rca.find((row) => row.id === emitted.renewed_by_id)?.state).toBe('quotating');
    expect(rca.find((row) => row.state === 'notEmitted')?.outcome_reason).toMatch(/non assumono il rischio/);
    // Issued policies of the other insurance sectors carry their commission too.
    for (const sector of ['altri-rami', 'fideiussioni']) {
      const issued = practices.find((row) => row.sector === sector && row.state === 'emitted')!;
      expect(Number(issued.commission_cents), sector).toBeGreaterThan(0);
    }
    const quotations = await db.selectFrom('practice_quotations').select(['practice_id', 'chosen', 'file_path', 'insured_cents']).execute();
    expect(quotations.length).toBe(14);
    expect(quotations.every((row) => row.file_path !== null)).toBe(true);
    expect(quotations.filter((row) => row.insured_cents !== null)).toHaveLength(7);
    const requests = await db.selectFrom('payments').select(['status', 'practice_id']).where('practice_id', 'is not', null).execute();
    // One per insurance practice asked for issue (two RC Auto, two altri rami, two fideiussioni); the Golf's declared paid.
    expect(requests.map((row) => row.status).sort()).toEqual([...Array(5).fill('notPaied'), 'pending']);
    // Payments in every state, with the receipts and a refusal the corner reads.
    const states = await db.selectFrom('payments').select(['status', 'proof_file_id', 'rejected_reason']).execute();
    expect(new Set(states.map((row) => row.status))).toEqual(new Set(['notPaied', 'pending', 'paied']));
    expect(states.filter((row) => row.status === 'pending' && row.proof_file_id !== null).length).toBeGreaterThanOrEqual(1);
    expect(states.filter((row) => row.rejected_reason !== null)).toHaveLength(1);
    const documents = await db.selectFrom('files').select('doc_type').where('subject_type', '=', 'practice').execute();
    expect(documents.map((row) => row.doc_type).sort()).toEqual(expect.arrayContaining(['libretto', 'policy', 'risk_certificate', 'identity_document', 'company_register', 'last_bill']));
    // One ledger: the commissions of the three policies issued (RC Auto, altri rami, fideiussioni) and of the four
    // supplies activated (the dual one, the second home, two GPL tanks on loan), and one clawback: the second home's
    // supply ended within its offer's 6 months (the old tank's after 12).
    const ledger = await sql<{ kind: string; amount_cents: string; sector: string }>`select kind, amount_cents, sector from ledger_entries order by id`.execute(db);
    const clawbacks = ledger.rows.filter((row) => row.kind === 'clawback');
    expect(clawbacks.map((row) => [row.sector, Number(row.amount_cents)])).toEqual([['luce-e-gas', -4000]]);
    const commissions = ledger.rows.filter((row) => row.kind === 'commission').map((row) => [row.sector, Number(row.amount_cents)]);
    // The three policies, and the referral Sofia's commission (altri rami).
    expect(commissions.filter(([sector]) => sector === 'rca' || sector === 'altri-rami' || sector === 'fideiussioni').map(([sector]) => sector).sort()).toEqual(['altri-rami', 'altri-rami', 'fideiussioni', 'rca']);
    // Money that moves (issue 27): her share for the referrer, corrections and a reversal, a payout of each kind.
    expect(ledger.rows.filter((row) => row.kind === 'referral').map((row) => Number(row.amount_cents))).toEqual([1_860]);
    expect(ledger.rows.filter((row) => row.kind === 'correction')).toHaveLength(3);
    expect(ledger.rows.filter((row) => row.kind === 'reversal')).toHaveLength(1);
    const payouts = await db.selectFrom('payouts').select(['method', 'state']).orderBy('created_at').execute();
    expect(payouts.map((row) => `${row.method}:${row.state}`).sort()).toEqual(['giftcard:paid', 'invoice:paid', 'receipt:requested']);
    expect(commissions.filter(([sector]) => sector === 'luce-e-gas' || sector === 'gpl')).toEqual([
      ['luce-e-gas', 9000],
      ['luce-e-gas', 4000],
      ['gpl', 12000],
      ['gpl', 12000],
    ]);
  });

  it('gives a sector without its own story a practice in every state, from its definition alone', async () => {
    // Runs on the data of the test above (the demo corner has signed its contract); every sector whose examples may
    // repeat stands in for a sector just added.
    const cookieOf = async (email: string) => ({ cookie: await t.login(email, DEMO_PASSWORD) });
    const call: TDemoCall = async (session, method, url, payload, contentType) => {
      const response = await t.app.inject({ method, url, headers: { cookie: session.cookie, ...(contentType ? { 'content-type': contentType } : {}) }, ...(payload !== undefined ? { payload: payload as string } : {}) });
      expect(response.statusCode, `${method} ${url} ${response.body}`).toBeLessThan(300);
      return (response.body ? response.json() : undefined) as never;
    };
    const upload: TDemoUpload = async (session, practice, docType, name, _lines, sector) => {
      const body = multipart([{ kind: 'file', field: 'file0', filename: name, content: await pdfOf(name), contentType: 'application/pdf' }]);
      await call(session, 'POST', `/api/practices/${sector}/${practice}/documents?docType=${docType}`, body.payload, body.headers['content-type']);
    };
    const corner = await cookieOf('corner.persona@demo.it');
    const clientId = (await t.database.db.selectFrom('clients').innerJoin('users', 'users.id', 'clients.corner_id').select('clients.id').where('users.email', '=', 'corner.persona@demo.it').executeTakeFirstOrThrow()).id;
    for (const sector of PRACTICE_SECTORS) {
      const definition = practiceDefinition(sector);
      if (definition.uniqueWhileOpen?.length) {
        await expect(loadDefinitionDemo(definition, { call, upload, corner, broker: corner, clientId })).rejects.toThrow(/campi unici/);
        continue;
      }
      const broker = await cookieOf(brokerEmail(SECTORS[sector].brokerType));
      const ids = await loadDefinitionDemo(definition, { call, upload, corner, broker, clientId });
      const rows = await t.database.db.selectFrom('practices').select(['state', 'commission_cents']).where('id', 'in', ids).execute();
      expect(rows.map((row) => row.state).sort(), sector).toEqual(Object.keys(definition.states).sort());
      if (definition.kind === 'insurance') expect(Number(rows.find((row) => row.state === 'emitted')?.commission_cents), sector).toBeGreaterThan(0);
    }
  });
});
