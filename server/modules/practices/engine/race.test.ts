import { describe, expect, it } from 'vitest';
import { altriRamiDefinition } from '../../../../shared/practices/altri-rami';
import { insuredQuotationExample } from '../../../../shared/practices/quotation';
import { PRACTICE_MSG } from '../../../../shared/schemas/practices';
import { QUOTATIONS_MSG } from '../../../../shared/schemas/quotations';
import { useTestApp } from '../../../testing/test-app';
import { practicesFixtures } from '../testing/practices.fixtures';

/**
 * The race of issue 25: the corner asks for issue naming the chosen quotation while the broker changes that quotation
 * (which makes it no longer chosen). Sent together, exactly one of them may win, and the engine's promises hold either
 * way: a practice asking for issue has its chosen quotation and the payment request of that premium, an issued one its
 * commission. Before the fix, on PostgreSQL, most rounds left a practice asking for issue with neither.
 */
const t = useTestApp();
const { call, corner, staff, clientOf, signContract, uploadDocs, signPack, uploadPolicyDocs } = practicesFixtures(t, 'Mozilla/5.0 (Test) Gara emissione');
const BASE = '/api/practices/altri-rami';
const ROUNDS = 20;

type TQuotation = { id: string; chosen: boolean; premiumCents: number };
type TPracticeBody = { state: string; payment: { amountCents: number; status: string } | null; commissionCents: number | null; policy: unknown };

describe('askEmission racing a change of the chosen quotation', () => {
  it(`never leaves a practice asking for issue without its chosen quotation and payment request, nor issued without commission (${ROUNDS} rounds)`, async () => {
    const a = await corner('a@example.it', 'Anna');
    const broker = await staff('rami@example.it', 'broker', 'altri rami', 'Sara');
    const clientA = await clientOf(a.id);
    await signContract(a);
    const outcomes = { asked: 0, changed: 0 };

    for (let round = 0; round < ROUNDS; round++) {
      const created = await call('POST', BASE, a.cookie, { clientId: clientA, data: altriRamiDefinition.example });
      expect(created.statusCode, created.body).toBe(201);
      const id = (created.json() as { id: string }).id;
      await uploadDocs(a, id, ['identity_document', 'tax_code'], 'altri-rami');
      const added = await call('POST', `${BASE}/${id}/quotations`, broker.cookie, insuredQuotationExample());
      expect(added.statusCode, added.body).toBe(201);
      const quotation = added.json() as TQuotation;
      expect((await call('POST', `${BASE}/${id}/quotations/${quotation.id}/choose`, a.cookie)).statusCode).toBe(200);
      await signPack(a, id, 'altri-rami');

      const [asked, changed] = await Promise.all([
        call('POST', `${BASE}/${id}/transition`, a.cookie, { to: 'askEmission', quotationId: quotation.id }),
        call('PATCH', `${BASE}/${id}/quotations/${quotation.id}`, broker.cookie, { ...insuredQuotationExample(), premiumCents: 41_000 + round }),
      ]);
      const practice = (await call('GET', `${BASE}/${id}`, a.cookie)).json() as TPracticeBody;
      const quotations = (await call('GET', `${BASE}/${id}/quotations`, a.cookie)).json() as TQuotation[];
      const chosen = quotations.filter((candidate) => candidate.chosen);

      if (practice.state === 'askEmission') {
        outcomes.asked++;
        expect(asked.statusCode, asked.body).toBe(200);
        expect(changed.statusCode, changed.body).toBe(409);
        expect(changed.json().message).toBe(QUOTATIONS_MSG.notQuotating('Richiesta emissione'));
        expect(chosen.map((candidate) => candidate.id)).toEqual([quotation.id]);
        expect(practice.payment).toMatchObject({ amountCents: chosen[0]!.premiumCents, status: 'notPaied' });

        expect((await call('POST', `${BASE}/${id}/take`, broker.cookie)).statusCode).toBe(200);
        await uploadPolicyDocs(broker, id, 'altri-rami');
        const emitted = await call('POST', `${BASE}/${id}/transition`, broker.cookie, { to: 'emitted', policyNumber: `AR-${round}`, effectiveDate: '2027-03-31', expiryDate: '2028-03-31' });
        expect(emitted.statusCode, emitted.body).toBe(200);
        expect((emitted.json() as TPracticeBody).commissionCents).toBeGreaterThan(0);
        expect((emitted.json() as TPracticeBody).payment).not.toBeNull();
      } else {
        outcomes.changed++;
        expect(practice.state).toBe('quotating');
        expect(changed.statusCode, changed.body).toBe(200);
        expect(asked.statusCode, asked.body).toBe(409);
        expect(asked.json().message).toBe(PRACTICE_MSG.chooseQuotation);
        expect(chosen).toEqual([]);
        expect(practice.payment).toBeNull();
      }
    }
    expect(outcomes.asked + outcomes.changed).toBe(ROUNDS);
  });
});
