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
import { isInsuranceSector, SECTOR_SLUGS, SECTORS, type TSectorSlug } from '../../shared/sectors';
import { PRACTICE_SECTORS, practiceDefinition } from '../../shared/practices/registry';
import { todayInItaly } from '../../shared/rules/italian-day';
import { loadDemoActivity } from './demo-activity';
import { DEMO_PRODUCT_DRAFT_CHANGED, DEMO_PRODUCT_RETIRED, DEMO_PRODUCT_WITH_V3, loadDemoProducts } from './demo-products';
import { ZProductContent, type TOfferedProduct, type TProduct, type TProductVersion } from '../../shared/schemas/products';
import { answersSchemaOf } from '../../shared/products/answers';
import { exampleOf } from '../../shared/products/json-schema';
import { ZQuestionnaire, type TQuestionnaire } from '../../shared/products/questionnaire';
import { LEGACY_PRODUCTS } from '../../shared/products/legacy-catalogue';
import { answersOfData, productOfData } from '../../shared/products/practice-product';
import { PRODUCT_SECTORS } from '../../shared/schemas/products';

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

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type TWeekly = { week: string; sector: string; opened: number; issued: number; activated: number };
type TFigures = {
  weekly: TWeekly[];
  bySector: Record<string, { opened: number; issued: number; activated: number; open: number }>;
  monthly: { month: string; commissionsCents: number; clawbacksCents: number }[];
  stateMedians: { sector: string; state: string; medianSeconds: number; stays: number }[];
  conversion: Record<string, { opened: number; converted: number; rate: number | null }>;
  newCorners: number;
};

describe('demo: a month of activity (issue 28)', () => {
  // On the data of the tests above (the demo corners, their practices and money), as `npm run demo` loads it.
  let loaded: { practices: number; corners: number };
  let loadMs = 0;
  beforeAll(async () => {
    const started = Date.now();
    loaded = await loadDemoActivity(t.app, t.database.db);
    loadMs = Date.now() - started;
  });

  it('is quick, and loads once', async () => {
    expect(loaded.practices).toBeGreaterThanOrEqual(80);
    expect(loaded.corners).toBe(8);
    // A few seconds at most in CI (the demo test runs there).
    expect(loadMs).toBeLessThan(8_000);
    expect(await loadDemoActivity(t.app, t.database.db)).toEqual({ practices: 0, corners: 0 });
  });

  it('makes the dashboard of the last 30 days alive: opened in most weeks, issued, activated, medians, commissions by month', async () => {
    const cookie = await t.login('admin@demo.it', DEMO_PASSWORD);
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    const { current } = response.json() as { current: TFigures };
    const openedWeeks = new Set(current.weekly.filter((row) => row.opened > 0).map((row) => row.week));
    expect(openedWeeks.size).toBeGreaterThanOrEqual(4);
    const sum = (key: 'opened' | 'issued' | 'activated') => Object.values(current.bySector).reduce((total, figures) => total + figures[key], 0);
    expect(sum('issued')).toBeGreaterThan(0);
    expect(sum('activated')).toBeGreaterThan(0);
    // Issued and activated in more than one week (dated on their days, not all today).
    expect(new Set(current.weekly.filter((row) => row.issued > 0).map((row) => row.week)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(current.weekly.filter((row) => row.activated > 0).map((row) => row.week)).size).toBeGreaterThanOrEqual(2);
    // Every sector opened practices; nearly every one converted some.
    for (const sector of SECTOR_SLUGS) expect(current.bySector[sector]!.opened, sector).toBeGreaterThan(0);
    expect(SECTOR_SLUGS.filter((sector) => current.conversion[sector]!.converted > 0).length).toBeGreaterThanOrEqual(4);
    // Medians of stays lasting hours to days (not seconds, as a demo made in one go would give).
    expect(current.stateMedians.length).toBeGreaterThanOrEqual(8);
    const quotating = current.stateMedians.find((row) => row.sector === 'rca' && row.state === 'quotating')!;
    expect(quotating.medianSeconds).toBeGreaterThan(HOUR / 1000);
    expect(current.monthly.reduce((total, month) => total + month.commissionsCents, 0)).toBeGreaterThan(0);
    expect(current.newCorners).toBeGreaterThanOrEqual(8);
  });

  it('dates every practice, its history and its ledger entries on working days in Italian office hours, in order', async () => {
    const db = t.database.db;
    const since = new Date(Date.now() - 60 * DAY);
    const events = await db
      .selectFrom('practice_events as e')
      .innerJoin('practices as p', 'p.id', 'e.practice_id')
      .select(['e.practice_id', 'e.at', 'e.kind', 'e.to_state', 'p.created_at', 'p.state', 'p.state_changed_at', 'p.sector', 'p.data'])
      .where('p.created_at', '>=', since)
      .where('p.created_at', '<', new Date(Date.now() - HOUR))
      // The month's practices (the other demo parts date back the opening of a few supplies, not their history).
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('practice_events as c').select('c.id').whereRef('c.practice_id', '=', 'p.id').where('c.kind', '=', 'created').whereRef('c.at', '=', 'p.created_at')),
      )
      .orderBy('e.at')
      .orderBy('e.id')
      .execute();
    expect(events.length).toBeGreaterThan(300);
    const officeHours = (at: Date) => {
      const [hour, minute] = at.toLocaleTimeString('it-IT', { timeZone: 'Europe/Rome', hour12: false }).split(':').map(Number) as [number, number];
      const weekday = new Date(`${todayInItaly(at)}T12:00:00Z`).getUTCDay();
      return weekday !== 0 && weekday !== 6 && hour * 60 + minute >= 9 * 60 && hour * 60 + minute <= 18 * 60 + 30;
    };
    for (const event of events) expect(officeHours(new Date(event.at)), `${event.kind} ${String(event.at)}`).toBe(true);
    // The last change of state of each practice is its state_changed_at; nothing happens before it was opened.
    const last = new Map<string, (typeof events)[number]>();
    for (const event of events) {
      expect(new Date(event.at).getTime()).toBeGreaterThanOrEqual(new Date(event.created_at).getTime());
      if (event.to_state) last.set(event.practice_id, event);
    }
    for (const event of last.values()) {
      expect(event.to_state).toBe(event.state);
      expect(new Date(event.at).getTime()).toBe(new Date(event.state_changed_at).getTime());
      expect(practiceDefinition(event.sector as TSectorSlug).data.safeParse(event.data).success).toBe(true);
    }
    const ledger = await db.selectFrom('ledger_entries').select(['created_at', 'kind']).where('created_at', '<', new Date(Date.now() - HOUR)).execute();
    expect(ledger.filter((row) => row.kind === 'commission').length).toBeGreaterThan(20);
    for (const row of ledger) expect(officeHours(new Date(row.created_at))).toBe(true);
  });

  it('leaves work waiting past the stuck-work thresholds, held by the sectors’ brokers or by nobody', async () => {
    const db = t.database.db;
    const now = Date.now();
    const rows = await db
      .selectFrom('practices as p')
      .leftJoin('users as b', 'b.id', 'p.broker_id')
      .select(['p.id', 'p.sector', 'p.state', 'p.state_changed_at', 'p.broker_id', 'p.expected_start_date', 'b.email as broker_email'])
      .select((eb) => eb.exists(eb.selectFrom('practice_quotations as q').select('q.id').whereRef('q.practice_id', '=', 'p.id')).as('quoted'))
      .execute();
    const waited = (row: (typeof rows)[number]) => now - new Date(row.state_changed_at).getTime();
    const isFinal = (row: (typeof rows)[number]) => (practiceDefinition(row.sector as TSectorSlug).final as readonly string[]).includes(row.state);
    const today = todayInItaly();
    const stuck = rows.filter((row) => {
      if (isFinal(row)) return false;
      if (isInsuranceSector(row.sector as TSectorSlug)) {
        if (row.state === 'quotating' && !row.quoted && waited(row) > 2 * DAY) return true;
        if (row.state === 'askEmission' && waited(row) > 2 * DAY) return true;
      } else {
        if (row.state === 'submitted' && row.broker_id === null && waited(row) > DAY) return true;
        if (row.state === 'processing' && row.expected_start_date !== null && row.expected_start_date < today) return true;
      }
      return row.broker_id === null && waited(row) > DAY;
    });
    expect(stuck.length).toBeGreaterThanOrEqual(5);
    const nobodys = stuck.filter((row) => row.broker_id === null);
    expect(nobodys.length).toBeGreaterThanOrEqual(2);
    // Held by the named demo brokers, in insurance and in utilities.
    const held = stuck.filter((row) => row.broker_email !== null);
    expect(held.every((row) => row.broker_email!.endsWith('@demo.it'))).toBe(true);
    expect(new Set(held.map((row) => isInsuranceSector(row.sector as TSectorSlug)))).toEqual(new Set([true, false]));
    expect(stuck.some((row) => row.state === 'processing' && row.expected_start_date! < today)).toBe(true);

    // Payments declared and not confirmed for more than 3 days; payouts asked for and not yet paid.
    const pending = await db.selectFrom('payments').select(['declared_at']).where('status', '=', 'pending').execute();
    expect(pending.filter((row) => row.declared_at && now - new Date(row.declared_at).getTime() > 3 * DAY).length).toBeGreaterThanOrEqual(2);
    const payouts = await db.selectFrom('payouts').select('id').where('state', '=', 'requested').execute();
    expect(payouts.length).toBeGreaterThanOrEqual(3);
  });

  it('registers new corners during the month in every tier, the insurance ones with their RUI registration', async () => {
    const corners = await sql<{ tier: string; rui_section: string | null; rui_number: string | null; created_at: Date }>`
      select tier, rui_section, rui_number, created_at from users where role = 'corner' and created_at >= now() - interval '30 days' and created_at < now() - interval '1 day'`.execute(t.database.db);
    expect(new Set(corners.rows.map((row) => row.tier))).toEqual(new Set(['bronze', 'silver', 'gold']));
    for (const row of corners.rows) {
      if (row.tier === 'bronze') expect(row.rui_number).toBeNull();
      else expect(`${row.rui_section}${row.rui_number}`).toMatch(/^([A-F])\1\d{9}$/);
    }
  });
});

describe('demo: products of altri rami and fideiussioni (issue 29)', () => {
  // On the demo data loaded above (practices on version 1 of the old catalogue's products, the month of activity), as
  // `npm run demo` loads them: the demo products are published last, as their next versions.
  let loaded: { products: number };
  let loadMs = 0;
  beforeAll(async () => {
    await loadDemoData(t.database.db);
    const started = Date.now();
    loaded = await loadDemoProducts(t.app, t.database.db);
    loadMs = Date.now() - started;
  });
  const get = async <T>(email: string, url: string): Promise<T> => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: await t.login(email, DEMO_PASSWORD) } });
    expect(response.statusCode, `${url} ${response.body}`).toBe(200);
    return response.json() as T;
  };

  it('is quick, and loads once: new versions of the old catalogue’s products, no new product', async () => {
    expect(loaded.products).toBe(12);
    expect(loadMs).toBeLessThan(3_000);
    expect(await loadDemoProducts(t.app, t.database.db)).toEqual({ products: 0 });
    const count = await t.database.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(LEGACY_PRODUCTS.length);
  });

  it('offers a demo corner at least six altri rami products and four bond types at a demo version, each with valid content whose example answers pass', async () => {
    for (const [sector, least] of [['altri-rami', 6], ['fideiussioni', 4]] as const) {
      const offered = await get<TOfferedProduct[]>('corner.persona@demo.it', `/api/products/${sector}`);
      for (const item of offered) {
        const content = ZProductContent.safeParse(item.content);
        expect(content.error?.issues ?? [], item.name).toEqual([]);
        const questionnaire = ZQuestionnaire.parse(item.content.questionnaire);
        const answers = answersSchemaOf(questionnaire).safeParse(exampleOf(questionnaire));
        expect(answers.error?.issues ?? [], item.name).toEqual([]);
      }
      // The demo's versions are realistic: 2–4 sections, a condition, documents.
      const revised = offered.filter((item) => item.version >= 2);
      expect(revised.length, sector).toBeGreaterThanOrEqual(least);
      for (const item of revised) {
        const { sections } = item.content.questionnaire;
        expect(sections.length, item.name).toBeGreaterThanOrEqual(2);
        expect(sections.length, item.name).toBeLessThanOrEqual(4);
        expect(sections.flatMap((section) => section.questions).some((question) => question.showWhen || question.requiredWhen), item.name).toBe(true);
        expect(item.content.documents.length, item.name).toBeGreaterThan(0);
      }
    }
    // The provisional tender bond holds the 4% cap; one product earns a fixed commission.
    const bonds = await get<TOfferedProduct[]>('corner.persona@demo.it', '/api/products/fideiussioni');
    const questions = bonds.flatMap((bond) => bond.content.questionnaire.sections.flatMap((section) => section.questions));
    expect(questions.some((question) => question.type === 'money' && question.maxPercentOf?.percent === 4)).toBe(true);
    const all = [...bonds, ...(await get<TOfferedProduct[]>('corner.persona@demo.it', '/api/products/altri-rami'))];
    expect(all.filter((item) => item.content.commission.kind === 'fixed')).toHaveLength(1);
  });

  it('every published version passes the content schema; one product has version 3, one is retired, one has changes to publish', async () => {
    const admin = 'admin@demo.it';
    const altriRami = await get<TProduct[]>(admin, '/api/admin/products/altri-rami');
    const bonds = await get<TProduct[]>(admin, '/api/admin/products/fideiussioni');
    for (const item of [...altriRami, ...bonds]) {
      for (const { version } of item.versions) {
        const published = await get<TProductVersion>('corner.persona@demo.it', `/api/products/${item.sector}/${item.id}/versions/${version}`);
        expect(ZProductContent.safeParse(published.content).error?.issues ?? [], `${item.name} v${version}`).toEqual([]);
      }
    }
    const byName = (name: string) => [...altriRami, ...bonds].find((item) => item.name === name)!;
    const v3 = byName(DEMO_PRODUCT_WITH_V3);
    expect(v3.versions.map((version) => version.version)).toEqual([1, 2, 3]);
    const [second, third] = await Promise.all([2, 3].map((version) => get<TProductVersion>(admin, `/api/products/altri-rami/${v3.id}/versions/${version}`)));
    const keys = (version: TProductVersion) => version.content.questionnaire.sections.flatMap((section) => section.questions.map((question) => question.key));
    expect(keys(third!).length).toBe(keys(second!).length + 1);

    const retired = byName(DEMO_PRODUCT_RETIRED);
    expect([retired.active, retired.latestVersion]).toEqual([false, 1]);
    const offered = await get<TOfferedProduct[]>('corner.persona@demo.it', `/api/products/${retired.sector}`);
    expect(offered.map((item) => item.name)).not.toContain(DEMO_PRODUCT_RETIRED);

    const changed = byName(DEMO_PRODUCT_DRAFT_CHANGED);
    expect([changed.active, changed.latestVersion, changed.draftChanged]).toEqual([true, 2, true]);
    expect([...altriRami, ...bonds].filter((item) => item.draftChanged).map((item) => item.name)).toEqual([DEMO_PRODUCT_DRAFT_CHANGED]);
  });

  it('gives every product practices, on its versions, in every state of its sector, each with answers its version accepts', async () => {
    const db = t.database.db;
    const versions = await db.selectFrom('product_versions').select(['product_id', 'version', 'content']).execute();
    const questionnaireOf = new Map(versions.map((row) => [`${row.product_id}:${row.version}`, (row.content as { questionnaire: TQuestionnaire }).questionnaire]));
    const products = await db.selectFrom('products').select(['id', 'sector', 'name', 'active']).execute();
    const rows = await db.selectFrom('practices').select(['id', 'sector', 'state', 'data']).where('sector', 'in', [...PRODUCT_SECTORS]).execute();
    const seen = new Map<string, { states: Set<string>; versions: Set<number> }>();
    for (const row of rows) {
      // The snapshot the server stores: the version's name, documents and commission; answers that version accepts.
      const product = productOfData(row.data);
      expect(product, `${row.sector} ${row.id}`).not.toBeNull();
      const questionnaire = questionnaireOf.get(`${product!.id}:${product!.version}`);
      expect(questionnaire, `${product!.name} v${product!.version}`).toBeDefined();
      expect(answersSchemaOf(questionnaire!).safeParse(answersOfData(row.data)).error?.issues ?? [], `${product!.name} v${product!.version} ${row.id}`).toEqual([]);
      expect(product!.commission).toBeDefined();
      const entry = seen.get(product!.id) ?? seen.set(product!.id, { states: new Set(), versions: new Set() }).get(product!.id)!;
      entry.states.add(row.state);
      entry.versions.add(product!.version);
    }
    for (const sector of PRODUCT_SECTORS) {
      const states = Object.keys(practiceDefinition(sector).states).sort();
      expect([...new Set(rows.filter((row) => row.sector === sector).map((row) => row.state))].sort(), sector).toEqual(states);
      for (const product of products.filter((item) => item.sector === sector)) {
        // Every product, the retired one too, in every state of its sector.
        expect([...(seen.get(product.id)?.states ?? [])].sort(), product.name).toEqual(states);
      }
    }
    expect(products.find((item) => item.name === DEMO_PRODUCT_RETIRED)?.active).toBe(false);
    // The practices made before the demo versions keep version 1; the requests made after name the new ones.
    const onSeveral = [...seen.entries()].filter(([, entry]) => entry.versions.size > 1).map(([id]) => products.find((item) => item.id === id)!.name);
    expect(onSeveral.length).toBeGreaterThanOrEqual(3);
    expect(onSeveral).toEqual(expect.arrayContaining([DEMO_PRODUCT_WITH_V3, DEMO_PRODUCT_DRAFT_CHANGED]));
  });
});
