import { describe, expect, it } from 'vitest';
import { CONTRACT_MSG } from '../../../../shared/schemas/contract';
import { PRACTICE_MSG, type TPractice } from '../../../../shared/schemas/practices';
import { PRECONTRACT_MSG } from '../../../../shared/schemas/precontract';
import { RCA_SETTINGS_DEFAULTS } from '../../../../shared/practices/rca-settings';
import { useTestApp } from '../../../testing/test-app';
import { createTrpcHttpCaller } from '../../../testing/trpc-inject-client';
import { PASSWORD, practicesFixtures, url } from '../testing/practices.fixtures';

// Issue 26 point 11: an action looked enabled before its requirements were met; the practice now says what is missing.
const t = useTestApp();
const { call, people, createPractice, transition, signContract, uploadDocs, quoteAndChoose, signPack, completeIntermediary, uploadPolicyDocs } = practicesFixtures(t, 'Mozilla/5.0 (Test) Cosa manca');

const REQUIRED_DOC_LABELS = RCA_SETTINGS_DEFAULTS.rcaDocs.filter((doc) => doc.required).map((doc) => doc.label);

const get = async (who: { cookie: string }, id: string) => {
  const answer = await call('GET', url(id), who.cookie);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as TPractice;
};
const reasonsOf = (practice: TPractice, name: string) => practice.blockers?.find((blocker) => blocker.transition === name)?.reasons;

describe('what each transition still needs (blockers)', () => {
  it('names, for the caller’s transitions only, every requirement not met, as the transition words it; empty once met, and the transition then passes', async () => {
    const { a, rca, rca2, clientA } = await people();
    const { id } = await createPractice(a, clientA);

    // The corner, before anything: the contract, the chosen quotation, the pack, the documents (its only transition).
    const before = await get(a, id);
    expect(before.blockers).toEqual([
      { transition: 'askEmission', reasons: [CONTRACT_MSG.signRequired, PRACTICE_MSG.chooseQuotation, PRECONTRACT_MSG.required, PRACTICE_MSG.missingDocuments(REQUIRED_DOC_LABELS)] },
    ]);
    // A broker of the sector: the refusal, the practice to take first.
    expect((await get(rca, id)).blockers).toEqual([{ transition: 'refuse', reasons: [PRACTICE_MSG.takeFirst] }]);
    // Lists do not compute them.
    expect(((await call('GET', '/api/practices/rca', a.cookie)).json() as TPractice[])[0]).not.toHaveProperty('blockers');

    await signContract(a);
    await quoteAndChoose(rca, a, id, 48_000);
    expect(reasonsOf(await get(a, id), 'askEmission')).toEqual([PRECONTRACT_MSG.required, PRACTICE_MSG.missingDocuments(REQUIRED_DOC_LABELS)]);
    expect(reasonsOf(await get(rca2, id), 'refuse')).toEqual([PRACTICE_MSG.takenBy('Rocco Broker')]);
    expect(reasonsOf(await get(rca, id), 'refuse')).toEqual([]);

    await completeIntermediary();
    await signPack(a, id);
    await uploadDocs(a, id);
    const ready = await get(a, id);
    expect(reasonsOf(ready, 'askEmission')).toEqual([]);
    const quotationId = ((await call('GET', url(id, '/quotations'), a.cookie)).json() as { id: string; chosen: boolean }[]).find((quotation) => quotation.chosen)!.id;
    expect((await transition(a, id, { to: 'askEmission', quotationId })).statusCode).toBe(200);

    // Issuing waits for the policy's documents; tRPC answers the same.
    const trpc = await createTrpcHttpCaller(t, 'rca@example.it', PASSWORD);
    const asked = await trpc.practices.get.query({ sector: 'rca', id });
    const policyDocs = asked.policyDocs.map((doc) => doc.label);
    expect(asked.blockers?.find((blocker) => blocker.transition === 'emit')?.reasons).toEqual([PRACTICE_MSG.missingPolicyDocuments(policyDocs)]);
    await uploadPolicyDocs(rca, id);
    expect((await trpc.practices.get.query({ sector: 'rca', id })).blockers?.find((blocker) => blocker.transition === 'emit')?.reasons).toEqual([]);
  });
});
