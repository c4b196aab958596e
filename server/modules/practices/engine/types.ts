import type { TAnySectorDefinition, TTransitionDefinition, TTransitionEffect, TTransitionRequirement } from '../../../../shared/practices/definition';
import type { TDb } from '../../../db/database';
import type { TActor, TRequestContext } from '../../../platform/context';
import type { TServices } from '../../../platform/services';
import type { TPracticeRow } from './practices.repository';

/**
 * What the engine and its parts share: the services they are built from and the shapes of a transition's work. The
 * parts import these from the engine, never from the composition (`practices.compose.ts`), so no part depends on
 * the file that assembles them.
 */

/** The services the engine and its parts are built from (practices.module.ts `needs`). */
export type TPracticesNeeds = Pick<TServices, 'clients' | 'contract' | 'files' | 'settings' | 'payments' | 'notifications' | 'chat' | 'auth' | 'insurers' | 'ledger' | 'products'>;

/**
 * What a transition's requirements and effects are told: who acts, on which practice (its row as locked by the
 * transition's transaction), through which transition, with what payload, and that transaction: every read and
 * write goes through `trx`, so what is checked is what the effects act on.
 */
export type TTransitionContext = {
  ctx: TRequestContext;
  actor: TActor;
  definition: TAnySectorDefinition;
  transition: TTransitionDefinition;
  practice: TPracticeRow;
  payload: Record<string, unknown>;
  trx: TDb;
};

/** A requirement's check: it throws an AppError (with the Italian reason) to refuse the transition. */
export type TRequirementCheck = (check: TTransitionContext) => Promise<void>;

/** An effect's work: it throws an AppError to refuse the transition when it cannot happen, never skips itself. */
export type TEffectWork = (effect: TTransitionContext) => Promise<void>;

/** The check of every requirement and the work of every effect a definition may name, each found in one place. */
export type TTransitionWork = {
  requirements: Readonly<Record<TTransitionRequirement, TRequirementCheck>>;
  effects: Readonly<Record<TTransitionEffect, TEffectWork>>;
};

/**
 * A committed change of a practice, told to the listeners registered with `onCommitted` (notifications...) after
 * the commit: `kind` is the history kind (`created`, `data_changed`, `state_changed`, `taken`, `quotation_added`,
 * `quotation_changed`, `quotation_chosen`, `document_added`, `note`, ...). `practice` is the row after the change.
 */
export type TPracticeCommitted = {
  kind: string;
  actor: TActor;
  definition: TAnySectorDefinition;
  practice: TPracticeRow;
  /** For `state_changed`: the transition made and the state left. */
  transition?: TTransitionDefinition;
  fromState?: string;
  /** The transition's payload, or what the part that made the change tells (a quotation id...). */
  payload?: Record<string, unknown>;
};
export type TCommittedListener = (event: TPracticeCommitted) => Promise<void> | void;

/**
 * A check of a practice's data beyond its schema, against the platform's state (the utilities' offer against the
 * catalogue): it throws an AppError to refuse, and answers the data to store (it may complete it).
 */
export type TDataCheck = (check: { ctx: TRequestContext; actor: TActor; definition: TAnySectorDefinition; data: unknown; current: TPracticeRow | null }) => Promise<unknown>;
