import type { TAnySectorDefinition, TTransitionDefinition } from '../../../../../shared/practices/definition';
import type { TRole } from '../../../../../shared/constants';
import { PRACTICE_MSG, type TPracticeBlocker } from '../../../../../shared/schemas/practices';

/** Who looks at the page. */
export type TPracticeViewer = { id: string; role: TRole };

/** What the page knows of the practice to decide which actions to offer (the server decides again). */
export type TPracticeForActions = { state: string; brokerId: string | null; brokerName: string | null; blockers?: readonly TPracticeBlocker[] };

/**
 * A transition offered as a button: disabled, with the reason shown, when the caller must take the practice first;
 * `missing`: what else the server says it still needs (documents, the contract, the pre-contract pack...), shown
 * before the click. The button stays usable then: the server judges at the click, and its answer leads the way.
 */
export type TOfferedTransition = { transition: TTransitionDefinition; blockedReason: string | null; missing: string[] };

export const isFinalState = (definition: TAnySectorDefinition, state: string): boolean => (definition.final as readonly string[]).includes(state);

/**
 * The transitions the viewer may make from the current state, by the definition's rules (the engine's own: an
 * admin may always act, others by the transition's roles). One that needs the practice taken by the caller is
 * offered disabled, with the engine's message, while another broker (or nobody) has it.
 */
export const offeredTransitions = (definition: TAnySectorDefinition, practice: TPracticeForActions, viewer: TPracticeViewer): TOfferedTransition[] => {
  if (isFinalState(definition, practice.state)) return [];
  return definition.transitions
    .filter((transition) => (transition.from as readonly string[]).includes(practice.state))
    .filter((transition) => viewer.role === 'admin' || (transition.roles as readonly string[]).includes(viewer.role))
    .map((transition) => {
      const needsTaken = transition.requires.includes('takenByActor') && viewer.role !== 'admin' && practice.brokerId !== viewer.id;
      const blockedReason = !needsTaken ? null : practice.brokerId ? PRACTICE_MSG.takenBy(practice.brokerName ?? PRACTICE_MSG.unknownUser) : PRACTICE_MSG.takeFirst;
      const reported = practice.blockers?.find((blocker) => blocker.transition === transition.name)?.reasons ?? [];
      return { transition, blockedReason, missing: reported.filter((reason) => reason !== blockedReason) };
    });
};

/** "Prendi in carico": a broker of the sector (the page is reached only by those), on an open practice nobody has. */
export const canTake = (definition: TAnySectorDefinition, practice: TPracticeForActions, viewer: TPracticeViewer): boolean =>
  viewer.role === 'broker' && practice.brokerId === null && !isFinalState(definition, practice.state);
