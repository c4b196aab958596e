import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { gplDefinition } from '../../../../shared/practices/gpl';
import { luceGasDefinition } from '../../../../shared/practices/luce-e-gas';
import { OFFER_MSG, UTILITY_OFFERS_DEFAULTS, addMonthsIso, clawbackDue } from '../../../../shared/practices/utility-offers';
import { switchStartDate } from '../../../../shared/practices/utility-timeline';
import { LEDGER_MSG } from '../../../../shared/schemas/ledger';
import { useTestApp } from '../../../testing/test-app';
import { todayInItaly } from '../engine/engine.service';
import { createTrpcHttpCaller } from '../../../testing/trpc-inject-client';
import { PASSWORD, practicesFixtures, type TUser } from '../testing/practices.fixtures';
import { addDaysIso } from '../../../../shared/practices/rca-settings';

// Activations happen today at the latest and not before the request (issue 26 point 4): the dates follow today.
const TODAY = todayInItaly();

/**
 * The utility sectors' offers catalogue and money (issue 16), through REST: a request chooses an offer of the admin's
 * catalogue (checked: known, valid today, fitting the supply) and keeps its snapshot; activating earns the offer's
 * commission in the corner's ledger; a supply ceased within the clawback window takes it back; the ledger is
 * append-only; the lists filter on POD/PDR, offer and expected start.
 */
const t = useTestApp();
const { call, corner, staff, clientOf, signContract, uploadDocs, user } = practicesFixtures(t, 'Mozilla/5.0 (Test) Utility money');

const LG = '/api/practices/luce-e-gas';
const GPL = '/api/practices/gpl';
const LG_EXAMPLE = luceGasDefinition.example;

type TLedger = { id: string; kind: string; amountCents: number; description: string; practiceId: string | null; availableOn?: string | null; reversesId?: string | null; reversed?: boolean };
type TPractice = { id: string; state: string; title: string; data: { offer: Record<string, unknown> }; commissionCents: number | null; ledger: TLedger[]; expectedStartDate: string | null; supplyStartDate: string | null; supplyEndDate: string | null; requiredDocs: { docType: string }[] };

const world = async () => {
  const a = await corner('a@example.it', 'Anna');
  const lg = await staff('lg@example.it', 'broker', 'luce e gas', 'Lucio');
  const gpl = await staff('gpl@example.it', 'broker', 'gpl', 'Gino');
  const admin = await user('admin@example.it', 'admin', 'Ada');
  await signContract(a);
  return { a, lg, gpl, admin, clientA: await clientOf(a.id) };
};

const create = async (base: string, who: TUser, clientId: string, data: unknown) => {
  const created = await call('POST', base, who.cookie, { clientId, data });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as TPractice;
};

/** Takes, documents, works and activates a request on `activationDate`; answers the practice as the corner reads it. */
const activate = async (base: string, corner: TUser, broker: TUser, practice: TPractice, activationDate: string) => {
  expect((await call('POST', `${base}/${practice.id}/take`, broker.cookie)).statusCode).toBe(200);
  await uploadDocs(corner, practice.id, practice.requiredDocs.map((doc) => doc.docType), base === LG ? 'luce-e-gas' : 'gpl');
  for (const body of [{ to: 'processing' }, { to: 'activated', activationDate }]) {
    const moved = await call('POST', `${base}/${practice.id}/transition`, broker.cookie, body);
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return (await call('GET', `${base}/${practice.id}`, corner.cookie)).json() as TPractice;
};

const cease = async (base: string, broker: TUser, id: string, endDate: string) => {
  const moved = await call('POST', `${base}/${id}/transition`, broker.cookie, { to: 'ceased', endDate });
  expect(moved.statusCode, moved.body).toBe(200);
  return moved.json() as TPractice;
};

/** A luce e gas request on other meters (the duplicate guard allows one open activation per POD and PDR). */
const onMeters = (n: number, extra: object = {}) => ({
  ...LG_EXAMPLE,
  electricity: { ...LG_EXAMPLE.electricity, pod: `IT001E1234${String(5600 + n)}` },
  gas: { ...LG_EXAMPLE.gas, pdr: `0088123456${String(7000 + n)}` },
  ...extra,
});

describe('the offers catalogue', () => {
  it('lists the offers valid today per sector (REST and the same for every role); insurance sectors have none', async () => {
    const { a, lg, admin } = await world();
    for (const who of [a, lg, admin]) {
      const offers = (await call('GET', `${LG}/offers`, who.cookie)).json() as { id: string }[];
      expect(offers.map((offer) => offer.id)).toEqual(UTILITY_OFFERS_DEFAULTS.luceGasConfig.offers.map((offer) => offer.id));
    }
    expect(((await call('GET', `${GPL}/offers`, a.cookie)).json() as { id: string }[]).map((offer) => offer.id)).toEqual(UTILITY_OFFERS_DEFAULTS.gplConfig.offers.map((offer) => offer.id));
    expect((await call('GET', '/api/practices/rca/offers', a.cookie)).json()).toEqual([]);

    // An offer whose validity has ended is no longer listed, nor accepted.
    const offers = UTILITY_OFFERS_DEFAULTS.luceGasConfig.offers.map((offer, index) => (index === 1 ? { ...offer, validTo: '2026-01-31' } : offer));
    expect((await call('PATCH', '/api/admin/settings', admin.cookie, { key: 'luceGasConfig', value: { offers } })).statusCode).toBe(200);
    expect(((await call('GET', `${LG}/offers`, a.cookie)).json() as { id: string }[]).map((offer) => offer.id)).not.toContain('luce-chiara-casa-luce');
    const clientA = await clientOf(a.id, 'Verdi');
    const expired = await call('POST', LG, a.cookie, { clientId: clientA, data: { ...LG_EXAMPLE, commodity: 'electricity', gas: null, offer: { id: 'luce-chiara-casa-luce' } } });
    expect(expired.json().fields).toEqual({ 'offer.id': [OFFER_MSG.offerNotValid('2026-01-01', '2026-01-31')] });
    // Settings outlive the test's reset: the default catalogue back.
    expect((await call('PATCH', '/api/admin/settings', admin.cookie, { key: 'luceGasConfig', value: UTILITY_OFFERS_DEFAULTS.luceGasConfig })).statusCode).toBe(200);
  });

  it('refuses a catalogue whose GPL terms break D.Lgs. 32/1998 art. 10, or a luce e gas offer of LPG, on the field, and keeps the stored one', async () => {
    const { admin } = await world();
    const [loan] = UTILITY_OFFERS_DEFAULTS.gplConfig.offers;
    const save = (key: string, value: unknown) => call('PATCH', '/api/admin/settings', admin.cookie, { key, value });
    const cases = [
      [{ ...loan, lpgTerms: { ...loan!.lpgTerms!, supplyMonths: 13 } }, 'value.offers.0.lpgTerms.supplyMonths', OFFER_MSG.supplyMonthsInvalid],
      [{ ...loan, lpgTerms: { ...loan!.lpgTerms!, tankMonths: 30 } }, 'value.offers.0.lpgTerms.tankMonths', OFFER_MSG.tankMonthsInvalid],
      [{ ...loan, lpgTerms: { ...loan!.lpgTerms!, tankBuyoutCents: null } }, 'value.offers.0.lpgTerms.tankBuyoutCents', OFFER_MSG.buyoutRequired],
      [{ ...loan, lpgTerms: { ...loan!.lpgTerms!, removalAtLenderCost: false } }, 'value.offers.0.lpgTerms.removalAtLenderCost', OFFER_MSG.removalAtLenderCost],
      [{ ...loan, lpgTerms: null }, 'value.offers.0.lpgTerms', OFFER_MSG.lpgTermsRequired],
    ] as const;
    for (const [offer, field, message] of cases) {
      const refused = await save('gplConfig', { offers: [offer] });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().fields).toEqual({ [field]: [message] });
    }
    const lpgInLuceGas = await save('luceGasConfig', { offers: [{ ...loan }] });
    expect(lpgInLuceGas.json().fields).toEqual({ 'value.offers.0.commodity': [OFFER_MSG.commodityNotLpg] });
    const twice = await save('luceGasConfig', { offers: [UTILITY_OFFERS_DEFAULTS.luceGasConfig.offers[0], UTILITY_OFFERS_DEFAULTS.luceGasConfig.offers[0]] });
    expect(twice.json().fields).toEqual({ 'value.offers.1.id': [OFFER_MSG.idDuplicate] });
    const stored = (await call('GET', '/api/admin/settings?key=gplConfig', admin.cookie)).json();
    expect(stored).toEqual({ gplConfig: UTILITY_OFFERS_DEFAULTS.gplConfig });
  });

  it('a request names an offer of the catalogue that fits it; the practice keeps the catalogue’s terms, not what the client sent', async () => {
    const { a, clientA } = await world();
    const refuse = async (data: object, message: string) => {
      const refused = await call('POST', LG, a.cookie, { clientId: clientA, data });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().fields).toEqual({ 'offer.id': [message] });
    };
    await refuse({ ...LG_EXAMPLE, offer: { id: 'offerta-inventata' } }, OFFER_MSG.offerUnknown);
    // A gas-only offer for a dual supply; a resident household's offer for a second home.
    await refuse({ ...LG_EXAMPLE, offer: { id: 'metano-italia-gas-casa' } }, OFFER_MSG.offerWrongCommodity('gas', 'luce e gas'));
    await refuse(
      { ...LG_EXAMPLE, commodity: 'electricity', gas: null, electricity: { ...LG_EXAMPLE.electricity, use: 'householdNonResident' }, offer: { id: 'luce-chiara-casa-luce' } },
      OFFER_MSG.offerWrongCustomer('Domestico residente'),
    );
    await refuse({ ...LG_EXAMPLE, offer: {} }, OFFER_MSG.offerRequired);
    expect((await call('GET', LG, a.cookie)).json()).toEqual([]);

    const practice = await create(LG, a, clientA, { ...LG_EXAMPLE, offer: { id: 'luce-chiara-casa-dual', supplier: 'Altro', commissionCents: 999_999, docs: [] } });
    expect(practice.data.offer).toEqual({
      id: 'luce-chiara-casa-dual',
      supplier: 'Luce Chiara S.p.A.',
      name: 'Casa Sicura Dual',
      commissionCents: 9000,
      clawbackMonths: 12,
      docs: UTILITY_OFFERS_DEFAULTS.luceGasConfig.offers[0]!.docs,
    });
    expect(practice.requiredDocs.map((doc) => doc.docType)).toEqual(['last_bill', 'identity_document']);
    // A switch filed today starts on the date of the timeline's rule.
    expect(practice.expectedStartDate).toBe(switchStartDate(todayInItaly()));
    expect(practice.ledger).toEqual([]);
  });
});

describe('commissions and clawbacks', () => {
  it('activating earns the offer’s commission; ceasing within the clawback window records the same amount taken back, after it nothing', async () => {
    const { a, lg, gpl, admin, clientA } = await world();
    // Early end: activated today, ceased the day before its first anniversary (within 12 months).
    const early = await activate(LG, a, lg, await create(LG, a, clientA, onMeters(1)), TODAY);
    expect(early).toMatchObject({ state: 'activated', commissionCents: 9000, supplyStartDate: TODAY, supplyEndDate: null });
    expect(early.ledger).toEqual([expect.objectContaining({ kind: 'commission', amountCents: 9000, description: LEDGER_MSG.commissionDescription(early.title), practiceId: early.id })]);
    const ended = await cease(LG, lg, early.id, addDaysIso(addMonthsIso(TODAY, 12), -1));
    expect(ended).toMatchObject({ state: 'ceased', supplyEndDate: addDaysIso(addMonthsIso(TODAY, 12), -1), commissionCents: 9000 });
    expect(ended.ledger.map((entry) => [entry.kind, entry.amountCents])).toEqual([
      ['commission', 9000],
      ['clawback', -9000],
    ]);
    expect(ended.ledger[1]!.description).toBe(LEDGER_MSG.clawbackDescription(early.title, 12));

    // Ending on the anniversary keeps the commission.
    const kept = await activate(LG, a, lg, await create(LG, a, clientA, onMeters(2)), TODAY);
    expect((await cease(LG, lg, kept.id, addMonthsIso(TODAY, 12))).ledger.map((entry) => entry.kind)).toEqual(['commission']);

    // GPL: a tank on loan, 120 € commission, taken back within 12 months.
    const tank = await activate(GPL, a, gpl, await create(GPL, a, clientA, gplDefinition.example), TODAY);
    expect(tank.ledger.map((entry) => entry.amountCents)).toEqual([12000]);
    expect((await cease(GPL, gpl, tank.id, addDaysIso(addMonthsIso(TODAY, 7), -1))).ledger.map((entry) => entry.amountCents)).toEqual([12000, -12000]);

    // The corner's ledger: every entry, newest first, and the balance (90 + 90 − 90 + 120 − 120 = 90 €).
    const ledger = (await call('GET', '/api/ledger?page=1&limit=10', a.cookie)).json() as { list: TLedger[]; total: number; balanceCents: number; heldCents: number; availableCents: number };
    expect(ledger.total).toBe(5);
    expect(ledger.balanceCents).toBe(9000);
    // Issue 27: the commission kept is inside its 12-month window: earned, held apart, not yet available; the two
    // taken back are netted by their clawbacks (which name them).
    expect(ledger).toMatchObject({ heldCents: 9000, availableCents: 0 });
    expect(ledger.list.find((entry) => entry.practiceId === kept.id)).toMatchObject({ availableOn: addMonthsIso(TODAY, 12), reversed: false });
    expect(ledger.list.find((entry) => entry.kind === 'clawback' && entry.practiceId === tank.id)?.reversesId).toBe(ledger.list.find((entry) => entry.kind === 'commission' && entry.practiceId === tank.id)?.id);
    expect(ledger.list[0]).toMatchObject({ kind: 'clawback', amountCents: -12000 });
    expect((await call('GET', '/api/ledger', lg.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/ledger?cornerId=${a.id}`, admin.cookie)).json().balanceCents).toBe(9000);
    const other = await corner('b@example.it', 'Bea');
    expect((await call('GET', '/api/ledger', other.cookie)).json()).toEqual({ list: [], total: 0, balanceCents: 0, availableCents: 0, heldCents: 0 });

    // The same through tRPC: the ledger and the catalogue.
    const trpc = await createTrpcHttpCaller(t, a.email, PASSWORD);
    const page = await trpc.ledger.list.query({ page: 1, limit: 2 });
    expect(page).toMatchObject({ total: 5, balanceCents: 9000 });
    expect(page.list.map((entry) => entry.amountCents)).toEqual([-12000, 12000]);
    expect((await trpc.practices.offers.query({ sector: 'gpl' })).map((offer) => offer.id)).toEqual(UTILITY_OFFERS_DEFAULTS.gplConfig.offers.map((offer) => offer.id));
  });

  it('the ledger is append-only: the database refuses to change or delete an entry', async () => {
    const { a, lg, clientA } = await world();
    const practice = await activate(LG, a, lg, await create(LG, a, clientA, onMeters(3)), TODAY);
    const db = t.database.db;
    await expect(sql`update ledger_entries set amount_cents = 1 where practice_id = ${practice.id}`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from ledger_entries where practice_id = ${practice.id}`.execute(db)).rejects.toThrow(/append-only/);
    expect((await call('GET', `${LG}/${practice.id}`, a.cookie)).json().ledger.map((entry: TLedger) => entry.amountCents)).toEqual([9000]);
  });

  it('the clawback rule: before N full months from the start, never with 0 months, month ends kept', () => {
    expect(clawbackDue('2027-02-01', '2028-01-31', 12)).toBe(true);
    expect(clawbackDue('2027-02-01', '2028-02-01', 12)).toBe(false);
    expect(clawbackDue('2027-02-01', '2027-02-02', 0)).toBe(false);
    expect(clawbackDue('2027-02-01', '2027-02-02', null)).toBe(false);
    expect(addMonthsIso('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonthsIso('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsIso('2027-08-31', 6)).toBe('2028-02-29');
    expect(clawbackDue('2027-08-31', '2028-02-28', 6)).toBe(true);
    expect(clawbackDue('2027-08-31', '2028-02-29', 6)).toBe(false);
  });
});

describe('the utility events', () => {
  it('lg_create goes to the admins (brokers of the sector never get creation toggles); an activation’s lg_update goes to the corner, not to the broker who acted', async () => {
    const { a, lg, admin, clientA } = await world();
    const practice = await create(LG, a, clientA, onMeters(6));
    await activate(LG, a, lg, practice, TODAY);
    await t.app.services.practices.notifications.idle();
    const rows = await t.database.db.selectFrom('notifications').select(['user_id', 'kind', 'data']).where('kind', 'like', 'lg_%').orderBy('id').execute();
    const to = (kind: string) => [...new Set(rows.filter((row) => row.kind === kind).map((row) => row.user_id))].sort();
    expect(to('lg_create')).toEqual([admin.id]);
    expect(to('lg_update')).toContain(a.id);
    expect(to('lg_update')).not.toContain(lg.id);
    const activation = rows.filter((row) => row.kind === 'lg_update' && row.user_id === a.id).at(-1)!.data as { link: string };
    expect(activation.link).toContain(practice.id);
  });
});

describe('the utility lists’ filters', () => {
  it('filters by POD or PDR, by offer and by expected start', async () => {
    const { a, lg, clientA } = await world();
    const dual = await create(LG, a, clientA, onMeters(4));
    const business = await create(LG, a, clientA, {
      ...onMeters(5),
      electricity: { ...onMeters(5).electricity, use: 'otherUses' },
      gas: { ...onMeters(5).gas, use: 'otherUses' },
      offer: { id: 'energia-nord-business-dual' },
      operation: 'voltura',
    });
    const ids = async (query: string, who: TUser = lg) => ((await call('GET', `${LG}?${query}`, who.cookie)).json() as { id: string }[]).map((practice) => practice.id).sort();
    expect(await ids('supplyCode=it001e12345604')).toEqual([dual.id]);
    expect(await ids(`supplyCode=${encodeURIComponent('0088 1234 5670 05')}`, a)).toEqual([business.id]);
    expect(await ids('offerId=energia-nord-business-dual')).toEqual([business.id]);
    const expected = switchStartDate(todayInItaly());
    expect(business.expectedStartDate).toBeNull();
    expect(await ids(`expectedFrom=${expected}&expectedTo=${expected}`)).toEqual([dual.id]);
    expect(await ids('expectedFrom=2099-01-01')).toEqual([]);
    expect((await call('GET', `${LG}?expectedFrom=domani`, lg.cookie)).statusCode).toBe(400);
  });
});
