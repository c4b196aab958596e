import { describe, expect, it } from 'vitest';
import { altriRamiDefinition } from '../../../../shared/practices/altri-rami';
import { fideiussioniDefinition } from '../../../../shared/practices/fideiussioni';
import { QUOTATION_MSG, insuredQuotationExample, quotationExample } from '../../../../shared/practices/quotation';
import { CATEGORIES_MSG } from '../../../../shared/practices/rca-settings';
import { SECTOR_SETTINGS_DEFAULTS } from '../../../../shared/practices/sector-settings';
import { PRACTICE_MSG } from '../../../../shared/schemas/practices';
import { useTestApp } from '../../../testing/test-app';
import { practicesFixtures, type TUser } from '../testing/practices.fixtures';

/**
 * Altri rami and fideiussioni from quotation to issued policy on the engine, through REST: quotations with an insured
 * sum (not RC Auto's limits), the documents, payment due days and commission each sector reads from its own settings
 * keys (`altriRamiDocs`/`altriRamiRevenue`/`altriRamiConfig`; everything inside `fideiussioniConfig`), the payment
 * request named by the sector, the commission recorded on issue.
 */
const t = useTestApp();
const { call, corner, staff, clientOf, signContract, uploadDocs, signPack, uploadPolicyDocs } = practicesFixtures(t, 'Mozilla/5.0 (Test) Regole dei settori');

const ok = async (response: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return JSON.parse(answer.body);
};

const world = async (brokerType: 'altri rami' | 'fideiussioni') => {
  const a = await corner('a@example.it', 'Anna');
  const broker = await staff('sector@example.it', 'broker', brokerType, 'Sara');
  const admin = await staff('admin@example.it', 'admin', undefined, 'Ada');
  await signContract(a);
  return { a, broker, admin, clientA: await clientOf(a.id) };
};

const requiredLabels = (docs: readonly { label: string; required: boolean }[]) => docs.filter((doc) => doc.required).map((doc) => doc.label);
const requiredTypes = (docs: readonly { docType: string; required: boolean }[]) => docs.filter((doc) => doc.required).map((doc) => doc.docType);

const journey = async (slug: 'altri-rami' | 'fideiussioni', who: { a: TUser; broker: TUser }, clientId: string, data: unknown, docs: readonly { docType: string; label: string; required: boolean }[]) => {
  const base = `/api/practices/${slug}`;
  const practice = await ok(call('POST', base, who.a.cookie, { clientId, data }), 201);
  const url = (tail = '') => `${base}/${practice.id}${tail}`;

  // RC Auto's limits are not what these quotations state: the insured sum is asked for, on its field.
  const rcaShaped = await call('POST', url('/quotations'), who.broker.cookie, quotationExample());
  expect(rcaShaped.statusCode).toBe(400);
  expect(rcaShaped.json().fields.insuredCents).toEqual([QUOTATION_MSG.insuredInvalid]);
  const quotation = await ok(call('POST', url('/quotations'), who.broker.cookie, { ...insuredQuotationExample(40_000_000), premiumCents: 120_000 }), 201);
  expect(quotation).toMatchObject({ insuredCents: 40_000_000, personInjuryCents: null, propertyDamageCents: null, premiumCents: 120_000 });
  await ok(call('POST', url(`/quotations/${quotation.id}/choose`), who.a.cookie));
  await signPack(who.a, practice.id, slug);

  const ask = () => call('POST', url('/transition'), who.a.cookie, { to: 'askEmission', quotationId: quotation.id });
  const missing = await ask();
  expect(missing.statusCode).toBe(409);
  expect(missing.json().message).toBe(PRACTICE_MSG.missingDocuments(requiredLabels(docs)));
  await uploadDocs(who.a, practice.id, requiredTypes(docs), slug);
  const asked = await ok(ask());
  expect(asked).toMatchObject({ state: 'askEmission', payment: { amountCents: 120_000, status: 'notPaied' } });
  await uploadPolicyDocs(who.broker, practice.id, slug);
  const emitted = await ok(call('POST', url('/transition'), who.broker.cookie, { to: 'emitted', policyNumber: 'N-77', effectiveDate: '2027-01-01', expiryDate: '2028-01-01' }));
  expect(emitted).toMatchObject({ state: 'emitted', policy: { number: 'N-77', effectiveDate: '2027-01-01', expiryDate: '2028-01-01' } });
  return { practice, emitted };
};

describe('insurance sectors’ own rules on the engine', () => {
  it('altri rami: its required documents, its 15% default commission, a payment request named by the sector', async () => {
    const { a, broker, clientA } = await world('altri rami');
    const { emitted } = await journey('altri-rami', { a, broker }, clientA, altriRamiDefinition.example, SECTOR_SETTINGS_DEFAULTS.altriRamiDocs);
    expect(emitted.commissionCents).toBe(18_000);
    const [payment] = (await call('GET', '/api/payments', a.cookie)).json().list.notPaied;
    expect(payment).toMatchObject({ amount: 120_000, description: `Premio Altri rami ${altriRamiDefinition.title(altriRamiDefinition.example)} (Compagnia Esempio S.p.A.)` });
  });

  it('fideiussioni: documents and payment due days from fideiussioniConfig, as the admin sets them; the commission from the bond’s product', async () => {
    const { a, broker, admin, clientA } = await world('fideiussioni');
    const docs = [
      { docType: 'company_register', label: 'Visura camerale', required: true },
      { docType: 'guarantee_text', label: 'Testo della garanzia richiesto dall’ente', required: true },
    ];
    const refused = await call('PATCH', '/api/admin/settings', admin.cookie, { key: 'fideiussioniConfig', value: { ...SECTOR_SETTINGS_DEFAULTS.fideiussioniConfig, revenue: { percentBp: -5, fixedCents: 0 } } });
    expect(refused.statusCode).toBe(400);
    await ok(call('PATCH', '/api/admin/settings', admin.cookie, { key: 'fideiussioniConfig', value: { quotationValidityDays: 30, paymentDueDays: 3, docs, revenue: { percentBp: 500, fixedCents: 2_000 } } }));
    const { practice, emitted } = await journey('fideiussioni', { a, broker }, clientA, fideiussioniDefinition.example, docs);
    // Since issue 29 the commission is the product version's (the migrated «Cauzione provvisoria»: 10%, the default
    // of fideiussioniConfig when it was migrated), not the sector's setting changed afterwards (5% plus 20 euro).
    expect(emitted.commissionCents).toBe(12_000);
    const row = await t.database.db.selectFrom('payments').select(['due_date', 'description']).where('practice_id', '=', practice.id).executeTakeFirstOrThrow();
    expect(Math.round((new Date(row.due_date!).getTime() - Date.now()) / 86_400_000)).toBe(3);
    expect(row.description).toMatch(/^Premio Fideiussioni /);
  });

  it('altriRamiCategories: the admin’s list is checked by the server (names once, case aside) and kept as a list of names', async () => {
    const { admin } = await world('altri rami');
    const duplicate = await call('PATCH', '/api/admin/settings', admin.cookie, { key: 'altriRamiCategories', value: ['Casa', 'Viaggio', ' casa '] });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().fields['value.2']).toEqual([CATEGORIES_MSG.nameDuplicate]);
    expect((await call('PATCH', '/api/admin/settings', admin.cookie, { key: 'altriRamiCategories', value: [] })).json().fields.value).toEqual([CATEGORIES_MSG.none]);
    await ok(call('PATCH', '/api/admin/settings', admin.cookie, { key: 'altriRamiCategories', value: ['Casa', 'Animali domestici'] }));
    expect((await call('GET', '/api/admin/settings?key=altriRamiCategories', admin.cookie)).json()).toEqual({ altriRamiCategories: ['Casa', 'Animali domestici'] });
  });
});
