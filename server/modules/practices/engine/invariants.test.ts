import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TAnySectorDefinition } from '../../../../shared/practices/definition';
import { PRACTICE_DEFINITIONS } from '../../../../shared/practices/registry';
import { PRECONTRACT_DOC_TYPES } from '../../../../shared/schemas/precontract';
import { isInsuranceSector } from '../../../../shared/sectors';
import { SECTORS, type TSectorSlug } from '../../../../shared/sectors';
import { useTestApp } from '../../../testing/test-app';
import { practicesFixtures, type TUser } from '../testing/practices.fixtures';

/**
 * Property-based (fast-check): random sequences of the sector's own transitions (taken from its definition, with its
 * examples as payloads), quotation additions, changes and choices, by the corner, the sector's broker and an admin,
 * through REST. After every step, whatever was answered, the engine's promises hold:
 * - a practice asking for issue has exactly one chosen, still valid quotation and one unpaid payment request of its premium;
 * - an issued practice has its commission and its policy;
 * - a practice in quotation owes nothing;
 * - the history replays, transition by transition, to the current state;
 * - nothing answers 5xx.
 */
const t = useTestApp();
const { call, corner, staff, clientOf, signContract, uploadDocs, uploadPolicyDocs } = practicesFixtures(t, 'Mozilla/5.0 (Test) Invarianti');

const INSURANCE_SECTORS = (Object.keys(SECTORS) as TSectorSlug[]).filter((slug) => isInsuranceSector(slug));

type TQuotation = { id: string; chosen: boolean; stillValid: boolean; premiumCents: number };
type TPracticeBody = { id: string; state: string; commissionCents: number | null; policy: unknown };
type THistoryEntry = { kind: string; fromState: string | null; toState: string | null };

type TStep =
  | { kind: 'add'; premiumCents: number }
  | { kind: 'edit'; index: number; premiumCents: number }
  | { kind: 'choose'; index: number }
  | { kind: 'take' }
  /** The pre-contract pack signed on paper for the quotation chosen then (refused without one, or without a new scan). */
  | { kind: 'pack' }
  | { kind: 'transition'; name: string; actor: 0 | 1 | 2; index: number };

const stepsOf = (definition: TAnySectorDefinition) => {
  const premium = fc.integer({ min: 10_000, max: 900_000 });
  const index = fc.nat({ max: 3 });
  return fc.array(
    fc.oneof(
      premium.map((premiumCents): TStep => ({ kind: 'add', premiumCents })),
      fc.record({ index, premiumCents: premium }).map((step): TStep => ({ kind: 'edit', ...step })),
      index.map((i): TStep => ({ kind: 'choose', index: i })),
      fc.constant<TStep>({ kind: 'take' }),
      fc.constant<TStep>({ kind: 'pack' }),
      fc
        .record({ name: fc.constantFrom(...definition.transitions.map((transition) => transition.name)), actor: fc.constantFrom(0 as const, 1 as const, 2 as const), index })
        .map((step): TStep => ({ kind: 'transition', ...step })),
    ),
    { minLength: 4, maxLength: 14 },
  );
};

describe.each(INSURANCE_SECTORS)('the engine’s invariants under random work on a %s practice', (sector) => {
  it('hold after every step of random sequences of transitions, quotation changes and choices', async () => {
    const definition = PRACTICE_DEFINITIONS[sector]!;
    const base = `/api/practices/${sector}`;
    const a = await corner('a@example.it', 'Anna');
    const broker = await staff('broker@example.it', 'broker', SECTORS[sector].brokerType, 'Sara');
    const admin = await staff('admin@example.it', 'admin', undefined, 'Ada');
    const clientA = await clientOf(a.id);
    await signContract(a);
    const requiredDocs = (await t.app.services.settings.getInsuranceRules(sector as Parameters<typeof t.app.services.settings.getInsuranceRules>[0])).docs.filter((doc) => doc.required).map((doc) => doc.docType);
    const actors: readonly TUser[] = [a, broker, admin];
    let round = 0;

    const checkInvariants = async (id: string, context: string) => {
      const practice = (await call('GET', `${base}/${id}`, a.cookie)).json() as TPracticeBody;
      const quotations = (await call('GET', `${base}/${id}/quotations`, a.cookie)).json() as TQuotation[];
      const unpaid = await t.database.db.selectFrom('payments').select(['amount_cents']).where('practice_id', '=', id).where('status', '=', 'notPaied').execute();
      const chosen = quotations.filter((quotation) => quotation.chosen);
      if (practice.state === 'askEmission') {
        expect(chosen, context).toHaveLength(1);
        expect(chosen[0]!.stillValid, context).toBe(true);
        expect(unpaid.map((payment) => Number(payment.amount_cents)), context).toEqual([chosen[0]!.premiumCents]);
      }
      if (practice.state === 'emitted') {
        expect(practice.commissionCents, context).toBeGreaterThan(0);
        expect(practice.policy, context).not.toBeNull();
        expect(unpaid, context).toHaveLength(1);
      }
      if (practice.state === 'quotating') expect(unpaid, context).toEqual([]);

      const history = (await call('GET', `${base}/${id}/history`, a.cookie)).json() as THistoryEntry[];
      let replayed: string | null = null;
      for (const entry of history) {
        if (entry.kind === 'created') replayed = entry.toState;
        if (entry.kind === 'state_changed') {
          expect(entry.fromState, context).toBe(replayed);
          replayed = entry.toState;
        }
      }
      expect(replayed, context).toBe(practice.state);
    };

    await fc.assert(
      fc.asyncProperty(stepsOf(definition), async (steps) => {
        round++;
        const created = await call('POST', base, a.cookie, { clientId: clientA, data: definition.example });
        expect(created.statusCode, created.body).toBe(201);
        const id = (created.json() as { id: string }).id;
        await uploadDocs(a, id, requiredDocs, sector);
        await uploadPolicyDocs(broker, id, sector);
        // The scan of the pack signed on paper, declared by a `pack` step (once: a later declaration needs a new scan).
        await uploadDocs(a, id, [PRECONTRACT_DOC_TYPES.paper], sector);
        const ids: string[] = [];
        const at = (index: number) => ids[index % Math.max(ids.length, 1)] ?? '0b8f5a7e-3c2d-4e1f-9a6b-5c4d3e2f1a0b';
        for (const [number, step] of steps.entries()) {
          let answer;
          if (step.kind === 'add') {
            answer = await call('POST', `${base}/${id}/quotations`, broker.cookie, { ...(definition.quotation!.example() as object), premiumCents: step.premiumCents });
            if (answer.statusCode === 201) ids.push((answer.json() as TQuotation).id);
          } else if (step.kind === 'edit') {
            answer = await call('PATCH', `${base}/${id}/quotations/${at(step.index)}`, broker.cookie, { ...(definition.quotation!.example() as object), premiumCents: step.premiumCents });
          } else if (step.kind === 'choose') {
            answer = await call('POST', `${base}/${id}/quotations/${at(step.index)}/choose`, a.cookie);
          } else if (step.kind === 'pack') {
            answer = await call('POST', `${base}/${id}/precontract/paper`, a.cookie, {});
          } else if (step.kind === 'take') {
            answer = await call('POST', `${base}/${id}/take`, broker.cookie);
          } else {
            const transition = definition.transitions.find((candidate) => candidate.name === step.name)!;
            const payload = { ...(transition.example as object), ...('quotationId' in (transition.example as object) ? { quotationId: at(step.index) } : {}) };
            answer = await call('POST', `${base}/${id}/transition`, actors[step.actor]!.cookie, { to: transition.to, ...payload });
          }
          const context = `round ${round}, step ${number + 1} ${JSON.stringify(step)}: ${answer.statusCode} ${answer.body.slice(0, 300)}`;
          expect(answer.statusCode, context).toBeLessThan(500);
          await checkInvariants(id, context);
        }
      }),
      { numRuns: 12, seed: Number(process.env.FC_SEED) || undefined, endOnFailure: true },
    );
  }, 120_000);
});
