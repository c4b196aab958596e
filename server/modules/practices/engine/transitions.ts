import { PRACTICE_MSG, type TPractice, type TPracticeTransitionInput } from '../../../../shared/schemas/practices';
import type { TSectorSlug } from '../../../../shared/sectors';
import { requireActor, type TRequestContext } from '../../../platform/context';
import type { TModuleDeps } from '../../../platform/services';
import { AppError } from '../../../platform/errors';
import { parseInput } from '../../../platform/validate';
import type { TPracticesEngine } from './engine.service';
import * as repo from './practices.repository';
import type { TTransitionWork } from './types';

const conflict = (userMessage: string) => new AppError('CONFLICT', { userMessage });

/** The value as stored in jsonb (dates as ISO text, no undefined), as the history keeps the payload. */
const asStored = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null));

/**
 * A practice's transitions as one unit (design "Practices"). Before the transaction only what depends on the
 * request is checked: the transition leading to `to` from the state read, the actor's role, the payload's schema.
 * Then, in one transaction: the practice's row is locked and read again (a change committed meanwhile is seen, one
 * still running waits), the transition is found again from the locked state, every requirement the definition
 * names is checked on what the transaction reads, the state changes, the history is written, every effect the
 * definition names runs in its order; the commit comes last, the events after it. The requirements' checks and the
 * effects' work are the ones of `work` (typed complete over every requirement and effect a definition may name),
 * so what a transition requires and does is read from its definition and found in one place.
 */
export const createTransitions = ({ db }: Pick<TModuleDeps, 'db'>, engine: TPracticesEngine, work: TTransitionWork) => ({
  transition: async (ctx: TRequestContext, input: Omit<TPracticeTransitionInput, 'sector'> & { sector: TSectorSlug }): Promise<TPractice> => {
    const { definitionOf, reach, labelOf, committed, reread, present } = engine.internal;
    const actor = requireActor(ctx);
    const definition = definitionOf(input.sector);
    const read = await reach(actor, definition, input.id);
    if (!Object.hasOwn(definition.states, input.to)) throw new AppError('VALIDATION', { userMessage: PRACTICE_MSG.stateUnknown, fields: { to: [PRACTICE_MSG.stateUnknown] } });
    const transitionFrom = (state: string) =>
      definition.final.includes(state) ? undefined : definition.transitions.find((candidate) => candidate.to === input.to && candidate.from.includes(state));
    const transition = transitionFrom(read.state);
    if (!transition) throw conflict(PRACTICE_MSG.transitionNotAllowed(labelOf(definition, read.state), labelOf(definition, input.to)));
    if (actor.role !== 'admin' && !(transition.roles as readonly string[]).includes(actor.role)) {
      throw new AppError('FORBIDDEN', { userMessage: PRACTICE_MSG.roleNotAllowed(transition.label) });
    }
    const payload = asStored(parseInput(transition.payload, input.payload)) as Record<string, unknown>;

    await db.transaction().execute(async (trx) => {
      // Locked before anything is checked: a quotation edited or chosen, a broker taking it, another transition,
      // either committed before (and is seen here) or waits for this commit and then finds the new state.
      const practice = await repo.lockPractice(trx, read.id);
      if (!practice || practice.state !== read.state || transitionFrom(practice.state) !== transition) throw conflict(PRACTICE_MSG.changedMeanwhile);
      const context = { ctx, actor, definition, transition, practice, payload, trx };
      for (const requirement of transition.requires) await work.requirements[requirement](context);
      if (!(await repo.updatePracticeState(trx, practice.id, practice.state, transition.to))) throw conflict(PRACTICE_MSG.changedMeanwhile);
      await repo.appendEvent(trx, {
        practiceId: practice.id,
        actorId: actor.userId,
        impersonatorId: actor.impersonatorId,
        kind: 'state_changed',
        fromState: practice.state,
        toState: transition.to,
        payload: { transition: transition.name, ...payload },
      });
      for (const effect of transition.effects) await work.effects[effect](context);
    });
    committed({ kind: 'state_changed', actor, definition, practice: await reread(definition.sector, read.id), transition, fromState: read.state, payload });
    return present(definition, read.id);
  },
});

export type TTransitions = ReturnType<typeof createTransitions>;
