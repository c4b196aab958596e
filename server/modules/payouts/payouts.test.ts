import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { formatEuroCents } from '../../../shared/practices/quotation';
import { PAYOUT_TAX_MSG } from '../../../shared/payouts/tax';
import { todayInItaly } from '../../../shared/rules/italian-day';
import { LEDGER_MSG, type TLedgerPage } from '../../../shared/schemas/ledger';
import { PAYOUT_MSG, PLATFORM_COMPANY_MSG, type TAdminPayouts, type TPayoutsOverview } from '../../../shared/schemas/payouts';
import type { TReferralsOverview } from '../../../shared/schemas/referrals';
import type { TPayments } from '../../../shared/schemas/data';
import { useTestApp } from '../../testing/test-app';
import { createTrpcHttpCaller } from '../../testing/trpc-inject-client';
import { pdfText } from '../contract/contract.fixtures';
import { platformCompany } from './documents/payout-documents.fixtures';

// Issue 27: one ledger for everything a corner is owed (corrections, reversals, what is held inside a clawback
// window), payouts that never exceed what is available, their receipts and invoices, and referral shares.
const t = useTestApp();
const PASSWORD = 'Segreta123';
const UA = 'Mozilla/5.0 (Test) Payouts';

type TUser = { id: string; email: string; cookie: string };
const signIn = async (email: string, role: 'corner' | 'admin', extra: Record<string, unknown> = {}): Promise<TUser> => {
  const { id } = await t.createUser({ email, password: PASSWORD, role, name: 'Mario', surname: 'Rossi', ...extra });
  return { id, email, cookie: await t.login(email, PASSWORD) };
};
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: TUser, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie, 'user-agent': UA }, ...(payload ? { payload } : {}) });

const PROFILE = { address: 'Via Garibaldi 7', postalCode: '52100', city: 'Arezzo', province: 'ar', iban: 'IT60 X054 2811 1010 0000 0123 456' };

/** Books `amountCents` on a corner by the admin's correction (the ledger's public door). */
const credit = async (admin: TUser, corner: TUser, amountCents: number, description = 'Provvigioni di ottobre') => {
  const response = await call('POST', '/api/admin/ledger', admin, { cornerId: corner.id, amountCents, description });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
};
const ledgerOf = async (who: TUser, query = '') => (await call('GET', `/api/ledger${query}`, who)).json() as TLedgerPage;

const world = async () => {
  const admin = await signIn('admin@example.it', 'admin');
  const persona = await signIn('mario@example.it', 'corner', { cf: 'RSSMRA85T10A562S' });
  const azienda = await signIn('bianchi@example.it', 'corner', { type: 'azienda', business: 'Agenzia Bianchi & Figli S.r.l.', vat: '07458210155', cf: '07458210155' });
  const other = await signIn('luca@example.it', 'corner', { name: 'Luca' });
  expect((await call('PUT', '/api/admin/payouts/company', admin, platformCompany)).statusCode).toBe(200);
  return { admin, persona, azienda, other };
};

const SCHEMA_FILE = 'Schema_del_file_xml_FatturaPA_v1.2.2.xsd';
const DSIG_FILE = 'xmldsig-core-schema.xsd';
const xsd = (name: string) => readFileSync(new URL(`./documents/xsd/${name}`, import.meta.url));

describe('ledger: corrections, reversals, what is available', () => {
  it('an admin books a correction with its reason and reverses it once; the corner cannot; balance and available are sums', async () => {
    const { admin, persona, other } = await world();
    const entry = await credit(admin, persona, 12_345, 'Provvigioni arretrate di settembre');
    expect((await call('POST', '/api/admin/ledger', persona, { cornerId: persona.id, amountCents: 100_000, description: 'Regalo a me stesso' })).statusCode).toBe(403);
    const bad = await call('POST', '/api/admin/ledger', admin, { cornerId: persona.id, amountCents: 0, description: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ amountCents: [LEDGER_MSG.amountInvalid], description: [LEDGER_MSG.descriptionRequired] });
    expect((await call('POST', '/api/admin/ledger', admin, { cornerId: admin.id, amountCents: 100, description: 'A un admin' })).statusCode).toBe(404);

    expect(await ledgerOf(persona)).toMatchObject({ total: 1, balanceCents: 12_345, availableCents: 12_345, heldCents: 0 });
    expect((await ledgerOf(other)).list).toEqual([]);

    const reversed = await call('POST', `/api/admin/ledger/${entry.id}/reverse`, admin, { reason: 'registrata due volte' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(reversed.json()).toMatchObject({ kind: 'reversal', amountCents: -12_345, reversesId: entry.id });
    const again = await call('POST', `/api/admin/ledger/${entry.id}/reverse`, admin, { reason: 'registrata due volte' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(LEDGER_MSG.alreadyReversed);
    const page = await ledgerOf(persona);
    expect(page).toMatchObject({ total: 2, balanceCents: 0, availableCents: 0 });
    expect(page.list.find((item) => item.id === entry.id)?.reversed).toBe(true);
    // Filters: by kind.
    expect((await ledgerOf(persona, '?kind=reversal')).list.map((item) => item.kind)).toEqual(['reversal']);
    expect((await call('GET', '/api/ledger?kind=regalo', persona)).statusCode).toBe(400);
    // The rows stay: the table refuses updates.
    await expect(sql`update ledger_entries set amount_cents = 1`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });

  it('a commission inside its clawback window is held apart: not available for a payout', async () => {
    const { admin, persona } = await world();
    await credit(admin, persona, 5_000);
    await t.database.db
      .insertInto('ledger_entries')
      .values({ corner_id: persona.id, kind: 'commission', amount_cents: 9_000, description: 'Provvigione attivazione luce', available_on: '2099-01-01' })
      .execute();
    expect(await ledgerOf(persona)).toMatchObject({ balanceCents: 14_000, heldCents: 9_000, availableCents: 5_000 });
    const refused = await call('POST', '/api/payouts', persona, { amountCents: 6_000, method: 'giftcard' });
    expect(refused.statusCode).toBe(400);
  });
});

describe('payouts', () => {
  it('a person asks a receipt: 20% withheld, the stamp above 77,47 €, numbered; never more than available; the admin pays it by transfer', async () => {
    const { admin, persona, other } = await world();
    await credit(admin, persona, 20_000);

    const noProfile = await call('POST', '/api/payouts', persona, { amountCents: 10_000, method: 'receipt' });
    expect(noProfile.statusCode).toBe(400);
    expect(noProfile.json().message).toBe(PAYOUT_MSG.profileIncomplete);
    const badProfile = await call('PUT', '/api/payouts/profile', persona, { ...PROFILE, iban: 'IT00 1234', postalCode: '521' });
    expect(badProfile.statusCode).toBe(400);
    expect(Object.keys(badProfile.json().fields).sort()).toEqual(['iban', 'postalCode']);
    expect((await call('PUT', '/api/payouts/profile', persona, PROFILE)).statusCode).toBe(200);

    const invoice = await call('POST', '/api/payouts', persona, { amountCents: 10_000, method: 'invoice' });
    expect(invoice.statusCode).toBe(400);
    expect(invoice.json().message).toBe(PAYOUT_MSG.methodForPersons);
    const tooMuch = await call('POST', '/api/payouts', persona, { amountCents: 20_001, method: 'receipt' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(PAYOUT_MSG.exceedsAvailable(formatEuroCents(20_000)));

    const asked = await call('POST', '/api/payouts', persona, { amountCents: 7_748, method: 'receipt' });
    expect(asked.statusCode, asked.body).toBe(201);
    const payout = asked.json().payout;
    expect(payout).toMatchObject({ method: 'receipt', state: 'requested', amountCents: 7_748, withholdingCents: 1_550, stampCents: 200, netCents: 5_998, number: `${todayInItaly().slice(0, 4)}/0001` });
    // Its Location reads it back for the corner and the admins; another corner gets 404.
    expect(asked.headers.location).toBe(`/api/payouts/${payout.id}`);
    for (const reader of [persona, admin]) expect((await call('GET', asked.headers.location as string, reader)).json()).toMatchObject({ id: payout.id, amountCents: 7_748 });
    expect((await call('GET', asked.headers.location as string, other)).statusCode).toBe(404);
    const second = await call('POST', '/api/payouts', persona, { amountCents: 7_747, method: 'receipt' });
    expect(second.json().payout).toMatchObject({ stampCents: 0, withholdingCents: 1_549, number: `${todayInItaly().slice(0, 4)}/0002` });
    // Reserved at once: the balance shows it, what is left is available.
    expect(await ledgerOf(persona)).toMatchObject({ balanceCents: 20_000 - 7_748 - 7_747, availableCents: 4_505 });
    expect((await call('POST', '/api/payouts', persona, { amountCents: 4_506, method: 'receipt' })).statusCode).toBe(400);

    const document = await call('GET', `/api/payouts/${payout.id}/document`, persona);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(document.rawPayload);
    expect(text).toContain('77,48');
    expect(text).toContain('RSSMRA85T10A562S');
    expect((await call('GET', `/api/payouts/${payout.id}/document`, other)).statusCode).toBe(404);

    const admins = (await (await call('GET', '/api/admin/payouts?state=requested', admin)).json()) as TAdminPayouts;
    expect(admins.totalRequestedCents).toBe(7_748 + 7_747);
    expect(admins.list[0]).toMatchObject({ cornerName: 'Mario Rossi' });
    expect((await call('GET', '/api/admin/payouts', persona)).statusCode).toBe(403);
    const told = await t.database.db.selectFrom('notifications').select('data').where('user_id', '=', admin.id).where('kind', '=', 'new_payment_request').execute();
    expect(told).toHaveLength(2);

    const wrongWay = await call('POST', `/api/admin/payouts/${payout.id}/pay`, admin, { giftcardCode: 'ABCD-1234' });
    expect(wrongWay.statusCode).toBe(400);
    const future = await call('POST', `/api/admin/payouts/${payout.id}/pay`, admin, { transferDate: '2999-01-01', reference: 'CRO 123456' });
    expect(future.statusCode).toBe(400);
    const paid = await call('POST', `/api/admin/payouts/${payout.id}/pay`, admin, { transferDate: todayInItaly(), reference: 'CRO 0001234567' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payout).toMatchObject({ state: 'paid', reference: 'CRO 0001234567' });
    expect((await call('POST', `/api/admin/payouts/${payout.id}/pay`, admin, { transferDate: todayInItaly(), reference: 'CRO 0001234567' })).statusCode).toBe(409);
    const corner = (await (await call('GET', '/api/payouts', persona)).json()) as TPayoutsOverview;
    expect(corner.list.map((item) => item.state)).toEqual(['requested', 'paid']);
    expect(corner.methods).toEqual(['giftcard', 'receipt']);
    expect(corner.yearTotalCents).toBe(7_748 + 7_747);
    const confirmed = await t.database.db.selectFrom('notifications').select('data').where('user_id', '=', persona.id).where('kind', '=', 'ne_payment_confirm').execute();
    expect(confirmed).toHaveLength(1);
    // Each event to the right people only: the request to the admins, the payment to its corner, nothing to another corner.
    expect(await t.database.db.selectFrom('notifications').select('kind').where('user_id', '=', persona.id).where('kind', '=', 'new_payment_request').execute()).toEqual([]);
    expect(await t.database.db.selectFrom('notifications').select('kind').where('user_id', '=', other.id).execute()).toEqual([]);
    expect(await t.database.db.selectFrom('notifications').select('kind').where('user_id', '=', admin.id).where('kind', '=', 'ne_payment_confirm').execute()).toEqual([]);
  });

  it('crossing 5.000 € of occasional fees in the year is warned', async () => {
    const { admin, persona } = await world();
    await credit(admin, persona, 600_000);
    await call('PUT', '/api/payouts/profile', persona, PROFILE);
    expect((await call('POST', '/api/payouts', persona, { amountCents: 500_000, method: 'receipt' })).json().warning).toBeNull();
    const crossing = await call('POST', '/api/payouts', persona, { amountCents: 1_000, method: 'receipt' });
    expect(crossing.json().warning).toBe(PAYOUT_TAX_MSG.yearThresholdCrossed(Number(todayInItaly().slice(0, 4))));
    expect(crossing.json().payout.thresholdCrossed).toBe(true);
    // The admin sees which payout crossed it.
    const listed = (await (await call('GET', '/api/admin/payouts', admin)).json()) as TAdminPayouts;
    expect(listed.list.map((payout) => payout.thresholdCrossed)).toEqual([true, false]);
  });

  it('a company is paid against its FatturaPA invoice, which validates against the official schema', async () => {
    const { admin, azienda } = await world();
    await credit(admin, azienda, 100_000);
    expect((await call('POST', '/api/payouts', azienda, { amountCents: 10_000, method: 'giftcard' })).json().message).toBe(PAYOUT_MSG.methodForCompanies);
    await call('PUT', '/api/payouts/profile', azienda, { ...PROFILE, city: 'Milano', province: 'MI', postalCode: '20121' });
    const asked = await call('POST', '/api/payouts', azienda, { amountCents: 100_000, method: 'invoice' });
    expect(asked.statusCode, asked.body).toBe(201);
    // 23% of 50% of 1.000,00 €: 115,00 €.
    expect(asked.json().payout).toMatchObject({ withholdingCents: 11_500, stampCents: 200, netCents: 88_500 });
    const document = await call('GET', `/api/payouts/${asked.json().payout.id}/document`, azienda);
    expect(document.headers['content-type']).toBe('application/xml');
    expect(document.headers['content-disposition']).toMatch(/IT07458210155_\d+\.xml/);
    const result = await validateXML({
      xml: [{ fileName: 'fattura.xml', contents: document.body }],
      schema: [{ fileName: SCHEMA_FILE, contents: xsd(SCHEMA_FILE) }],
      preload: [{ fileName: DSIG_FILE, contents: xsd(DSIG_FILE) }],
    });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.body).toContain('<ImportoRitenuta>115.00</ImportoRitenuta>');

    // With employees: 23% of 20%.
    await sql`update users set has_employee = true where id = ${azienda.id}`.execute(t.database.db);
    await credit(admin, azienda, 100_000);
    expect((await call('POST', '/api/payouts', azienda, { amountCents: 100_000, method: 'invoice' })).json().payout).toMatchObject({ withholdingCents: 4_600 });
  });

  it('without the platform’s company data no document can be made; the gift card needs a chosen card; tRPC offers the same', async () => {
    await t.database.db.deleteFrom('settings').where('key', '=', 'platformCompany').execute();
    const admin = await signIn('admin@example.it', 'admin');
    const persona = await signIn('mario@example.it', 'corner', { cf: 'RSSMRA85T10A562S' });
    await credit(admin, persona, 50_000);
    await call('PUT', '/api/payouts/profile', persona, PROFILE);
    const blocked = await call('POST', '/api/payouts', persona, { amountCents: 10_000, method: 'receipt' });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(PLATFORM_COMPANY_MSG.missing);
    const noCard = await call('POST', '/api/payouts', persona, { amountCents: 10_000, method: 'giftcard' });
    expect(noCard.json().message).toBe(PAYOUT_MSG.giftcardNotChosen);
    // Nothing was reserved by the refusals.
    expect((await ledgerOf(persona)).availableCents).toBe(50_000);

    const trpc = await createTrpcHttpCaller(t, persona.email, PASSWORD);
    expect((await trpc.payouts.overview.query()).availableCents).toBe(50_000);
    expect((await trpc.ledger.list.query({ page: 1, limit: 10 })).balanceCents).toBe(50_000);
  });

  it('a gift card payout: the admin pays it with a code; the corner sees the card in GET /api/payments', async () => {
    const { admin, persona } = await world();
    await credit(admin, persona, 30_000);
    const category = await call('POST', '/api/admin/giftcards/categories', admin, { name: 'Libri' });
    expect(category.statusCode, category.body).toBe(201);
    const card = await call('POST', '/api/admin/giftcards/national', admin, { brand: 'Feltrinelli', categoryId: category.json().id ?? category.json().category?.id, denominations: [2_500, 5_000] });
    expect(card.statusCode, card.body).toBe(201);
    const cardId = card.json().id ?? card.json().card?.id;
    expect((await call('PUT', '/api/profile/giftcard', persona, { giftcardId: cardId })).statusCode).toBe(200);
    const asked = await call('POST', '/api/payouts', persona, { amountCents: 25_000, method: 'giftcard' });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().payout).toMatchObject({ giftcardName: expect.stringContaining('Feltrinelli'), withholdingCents: 0, netCents: 25_000, number: null, documentUrl: null });
    const paid = await call('POST', `/api/admin/payouts/${asked.json().payout.id}/pay`, admin, { giftcardCode: 'FELT-7788-9911' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await call('GET', asked.headers.location as string, persona)).json()).toMatchObject({ state: 'paid', giftcardCode: 'FELT-7788-9911' });
    const payments = (await (await call('GET', '/api/payments', persona)).json()) as TPayments;
    expect(payments.giftcards).toEqual([expect.objectContaining({ code: 'FELT-7788-9911', amount: 25_000 })]);
    expect((await ledgerOf(persona)).balanceCents).toBe(5_000);
  });
});

describe('payouts under concurrency', () => {
  it('twenty payout requests racing over one balance: what is reserved never exceeds it (real parallel transactions on PostgreSQL)', async () => {
    const { admin, persona } = await world();
    await credit(admin, persona, 100_000);
    await call('PUT', '/api/payouts/profile', persona, PROFILE);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => call('POST', '/api/payouts', persona, { amountCents: 15_000 + index, method: 'receipt' })));
    const accepted = answers.filter((answer) => answer.statusCode === 201);
    expect(accepted.length).toBeGreaterThan(0);
    expect(answers.every((answer) => answer.statusCode === 201 || answer.statusCode === 400)).toBe(true);
    const reserved = accepted.reduce((sum, answer) => sum + (answer.json().payout.amountCents as number), 0);
    expect(reserved).toBeLessThanOrEqual(100_000);
    const ledger = await ledgerOf(persona);
    expect(ledger.balanceCents).toBe(100_000 - reserved);
    expect(ledger.balanceCents).toBeGreaterThanOrEqual(0);
    // Numbers are unique and gapless.
    const numbers = accepted.map((answer) => answer.json().payout.number as string).sort();
    expect(numbers).toEqual(numbers.map((_, index) => `${todayInItaly().slice(0, 4)}/${String(index + 1).padStart(4, '0')}`));
  });
});

describe('referrals', () => {
  it('whoever registers through the link becomes a referral; its commissions within the period earn the referrer a share, taken back with a reversed commission', async () => {
    const { admin, persona } = await world();
    const overview = (await (await call('GET', '/api/referrals', persona)).json()) as TReferralsOverview;
    expect(overview.link).toMatch(new RegExp(`/registrati\\?ref=${overview.code}$`));
    expect(overview.settings).toEqual({ percent: 10, months: 12 });

    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'user-agent': UA },
      payload: { type: 'persona', name: 'Giulia', surname: 'Verdi', business: '', vat: '', email: 'giulia@example.it', phone: '+39 333 123 4567', password: PASSWORD, confirmPassword: PASSWORD, privacy: true, referralCode: overview.code.toLowerCase() },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const giulia = await t.database.db.selectFrom('users').select('id').where('email', '=', 'giulia@example.it').executeTakeFirstOrThrow();
    const toldReferrer = await t.database.db.selectFrom('notifications').select('data').where('user_id', '=', persona.id).where('kind', '=', 'new_referral').execute();
    expect(toldReferrer).toHaveLength(1);

    // A commission of the referral: the referrer earns 10%, told after the commit.
    const [commission] = await t.app.services.ledger.append(t.database.db, [
      { cornerId: giulia.id, practiceId: null, sector: 'rca', kind: 'commission', amountCents: 12_345, description: 'Provvigione polizza n. 1', actorId: null },
    ]);
    const referrerLedger = await ledgerOf(persona);
    expect(referrerLedger.list).toEqual([expect.objectContaining({ kind: 'referral', amountCents: 1_235, sector: 'rca' })]);
    await t.app.jobs.drain();
    expect(await t.database.db.selectFrom('notifications').select('data').where('user_id', '=', persona.id).where('kind', '=', 'new_ref_payment').execute()).toHaveLength(1);
    const withEarning = (await (await call('GET', '/api/referrals', persona)).json()) as TReferralsOverview;
    expect(withEarning.list).toEqual([expect.objectContaining({ id: giulia.id, name: 'Giulia Verdi', earnedCents: 1_235 })]);

    // The commission reversed: the share goes with it.
    expect((await call('POST', `/api/admin/ledger/${commission!.id}/reverse`, admin, { reason: 'polizza annullata' })).statusCode).toBe(201);
    expect((await ledgerOf(persona)).balanceCents).toBe(0);
    expect(((await (await call('GET', '/api/referrals', persona)).json()) as TReferralsOverview).totalEarnedCents).toBe(0);

    // Past the period: no share.
    await sql`update referrals set created_at = now() - interval '13 months' where referee_id = ${giulia.id}`.execute(t.database.db);
    await t.app.services.ledger.append(t.database.db, [
      { cornerId: giulia.id, practiceId: null, sector: 'rca', kind: 'commission', amountCents: 50_000, description: 'Provvigione polizza n. 2', actorId: null },
    ]);
    expect((await ledgerOf(persona)).balanceCents).toBe(0);
  });
});
