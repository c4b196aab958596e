import { describe, expect, it } from 'vitest';
import { INSURANCE_MSG } from '../../../../shared/practices/insurance';
import { luceGasDefinition } from '../../../../shared/practices/luce-e-gas';
import { MAX_PREMIUM_CENTS, QUOTATION_MSG, quotationExample } from '../../../../shared/practices/quotation';
import { addDaysIso } from '../../../../shared/practices/rca-settings';
import { UTILITY_MSG } from '../../../../shared/practices/utility';
import { addMonthsIso } from '../../../../shared/practices/utility-offers';
import { todayInItaly } from '../../../../shared/rules/italian-day';
import { useTestApp } from '../../../testing/test-app';
import { practicesFixtures, url, type TUser } from '../testing/practices.fixtures';

// Issue 26 points 2 (amounts within their columns) and 4 (business dates within the business's bounds), on REST.
const t = useTestApp();
const { call, user, clientOf, createPractice, signContract, transition, uploadDocs, quoteAndChoose, uploadPolicyDocs } = practicesFixtures(t, 'Mozilla/5.0 (Test) Limiti', { rcaPack: 'waived' });

const refused = (response: { statusCode: number; body: string; json: () => { fields?: Record<string, string[]> } }, field: string, message: string) => {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().fields?.[field], response.body).toEqual([message]);
};

/** A corner with a signed contract, an RC Auto broker who took a documented practice of the corner's client. */
const rcaWorld = async () => {
  const a = await user('a@example.it', 'corner', 'Anna');
  const rca = await user('rca@example.it', 'broker', 'Rocco', 'RC Auto');
  await signContract(a);
  const practice = await createPractice(a, await clientOf(a.id));
  await uploadDocs(a, practice.id);
  expect((await call('POST', url(practice.id, '/take'), rca.cookie)).statusCode).toBe(200);
  return { a, rca, practice };
};

const quotationsStored = async () => (await t.database.db.selectFrom('practice_quotations').select('id').execute()).length;

describe('amounts (issue 26 point 2)', () => {
  it('refuses a premium of 100.000.000 € at the quotation with the message on the field, storing nothing', async () => {
    const { rca, practice } = await rcaWorld();
    const response = await call('POST', url(practice.id, '/quotations'), rca.cookie, { ...quotationExample(), premiumCents: 10_000_000_000 });
    refused(response, 'premiumCents', QUOTATION_MSG.premiumTooHigh);
    expect(await quotationsStored()).toBe(0);
    const limit = await call('POST', url(practice.id, '/quotations'), rca.cookie, { ...quotationExample(), personInjuryCents: 10_000_000_000_000 });
    refused(limit, 'personInjuryCents', QUOTATION_MSG.amountTooHigh);
    expect(await quotationsStored()).toBe(0);
  });

  it('takes the largest premium allowed through the request for issue and the issue, the payment read as a number', async () => {
    const { a, rca, practice } = await rcaWorld();
    const quotationId = await quoteAndChoose(rca, a, practice.id, MAX_PREMIUM_CENTS);
    const asked = await transition(a, practice.id, { to: 'askEmission', quotationId });
    expect(asked.statusCode, asked.body).toBe(200);
    const today = todayInItaly();
    await uploadPolicyDocs(rca, practice.id);
    const emitted = await transition(rca, practice.id, { to: 'emitted', policyNumber: 'POL-1', effectiveDate: today, expiryDate: addMonthsIso(today, 12) });
    expect(emitted.statusCode, emitted.body).toBe(200);
    const read = (await call('GET', url(practice.id), a.cookie)).json() as { payment: { amountCents: number }; commissionCents: number };
    expect(read.payment.amountCents).toBe(MAX_PREMIUM_CENTS);
    expect(Number.isSafeInteger(read.commissionCents)).toBe(true);
    const payments = (await call('GET', '/api/payments', a.cookie)).json() as { details: { totalNotPaied: number } };
    expect(payments.details.totalNotPaied).toBe(MAX_PREMIUM_CENTS);
  });
});

describe('business dates (issue 26 point 4)', () => {
  it('bounds a quotation’s validity from today to one year ahead', async () => {
    const { rca, practice } = await rcaWorld();
    const today = todayInItaly();
    const cases: [string, string][] = [
      ['0000-01-01', QUOTATION_MSG.dateInvalid],
      [addDaysIso(today, -1), QUOTATION_MSG.validUntilPast],
      [addDaysIso(today, 400), QUOTATION_MSG.validUntilTooFar],
    ];
    for (const [validUntil, message] of cases) refused(await call('POST', url(practice.id, '/quotations'), rca.cookie, { ...quotationExample(), validUntil }), 'validUntil', message);
    expect(await quotationsStored()).toBe(0);
    for (const validUntil of [today, addDaysIso(today, 365)]) {
      const added = await call('POST', url(practice.id, '/quotations'), rca.cookie, { ...quotationExample(), validUntil });
      expect(added.statusCode, added.body).toBe(201);
    }
  });

  it('issues a RC Auto policy starting within a year of today and lasting about a year at most', async () => {
    const { a, rca, practice } = await rcaWorld();
    const quotationId = await quoteAndChoose(rca, a, practice.id, 48_000);
    expect((await transition(a, practice.id, { to: 'askEmission', quotationId })).statusCode).toBe(200);
    const today = todayInItaly();
    await uploadPolicyDocs(rca, practice.id);
    const emit = (effectiveDate: string, expiryDate: string) => transition(rca, practice.id, { to: 'emitted', policyNumber: 'POL-2', effectiveDate, expiryDate });
    refused(await emit('1900-01-01', '9999-12-31'), 'expiryDate', QUOTATION_MSG.dateInvalid);
    refused(await emit('1900-01-01', '1900-06-01'), 'effectiveDate', INSURANCE_MSG.effectiveOutOfRange);
    refused(await emit(addDaysIso(today, 400), addDaysIso(today, 500)), 'effectiveDate', INSURANCE_MSG.effectiveOutOfRange);
    refused(await emit(today, addMonthsIso(today, 24)), 'expiryDate', INSURANCE_MSG.expiryTooFar(12));
    refused(await emit(today, today), 'expiryDate', INSURANCE_MSG.expiryBeforeEffective);
    const emitted = await emit(addDaysIso(today, -30), addMonthsIso(addDaysIso(today, -30), 12));
    expect(emitted.statusCode, emitted.body).toBe(200);
    const read = (await call('GET', url(practice.id), a.cookie)).json() as { policy: { graceUntil: string } };
    expect(read.policy.graceUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('activates a supply not in the future nor before the request, and ends it not before its activation', async () => {
    const a = await user('a@example.it', 'corner', 'Anna');
    const lg = await user('lg@example.it', 'broker', 'Lucio', 'luce e gas');
    await signContract(a);
    const clientId = await clientOf(a.id);
    const base = '/api/practices/luce-e-gas';
    const created = await call('POST', base, a.cookie, { clientId, data: luceGasDefinition.example });
    expect(created.statusCode, created.body).toBe(201);
    const practice = created.json() as { id: string; requiredDocs: { docType: string }[] };
    expect((await call('POST', `${base}/${practice.id}/take`, lg.cookie)).statusCode).toBe(200);
    await uploadDocs(a, practice.id, practice.requiredDocs.map((doc) => doc.docType), 'luce-e-gas');
    const move = (who: TUser, body: object) => call('POST', `${base}/${practice.id}/transition`, who.cookie, body);
    expect((await move(lg, { to: 'processing' })).statusCode).toBe(200);
    const today = todayInItaly();
    refused(await move(lg, { to: 'activated', activationDate: addDaysIso(today, 1) }), 'activationDate', UTILITY_MSG.activationInFuture);
    refused(await move(lg, { to: 'activated', activationDate: addDaysIso(today, -1) }), 'activationDate', UTILITY_MSG.activationBeforeRequest);
    refused(await move(lg, { to: 'activated', activationDate: '0000-01-01' }), 'activationDate', QUOTATION_MSG.dateInvalid);
    expect(await t.database.db.selectFrom('ledger_entries').select('id').execute()).toEqual([]);
    const activated = await move(lg, { to: 'activated', activationDate: today });
    expect(activated.statusCode, activated.body).toBe(200);
    refused(await move(lg, { to: 'ceased', endDate: addDaysIso(today, -1) }), 'endDate', UTILITY_MSG.endBeforeActivation);
    const ceased = await move(lg, { to: 'ceased', endDate: today });
    expect(ceased.statusCode, ceased.body).toBe(200);
  });
});
