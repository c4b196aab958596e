import type { TPractice, TPracticeBlocker } from '../../../../shared/schemas/practices';
import type { TSectorSlug } from '../../../../shared/sectors';
import type { TDb } from '../../../db/database';
import { requireActor, type TRequestContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import type { TPracticesEngine } from './engine.service';
import type { TPracticeRow } from './practices.repository';
import type { TTransitionWork } from './types';

/**
 * What each transition the caller may make now still needs (issue 26 point 11: a button that looks enabled should say
 * what is missing before the click). The transition's own requirement checks (the table of `work`) are run on the
 * practice as read, outside any transaction and without locks, every one of them, and the Italian reason of each
 * refusal is kept; the transition itself checks them again under its lock, so this is a preview, never the judge.
 * `payloadOf` answers what the caller would send that a check reads (the chosen quotation's id when asking for issue).
 */
export const createBlockers = (
  { db }: { db: TDb },
  engine: TPracticesEngine,
  work: TTransitionWork,
  payloadOf: (reader: TDb, practice: TPracticeRow) => Promise<Record<string, unknown>>,
) => {
  // Taken now: the composition answers `get` with this module's, which builds on the engine's own.
  const presentOne = engine.get;
  const blockersOf = async (ctx: TRequestContext, sector: TSectorSlug, practice: TPracticeRow): Promise<TPracticeBlocker[]> => {
    const actor = requireActor(ctx);
    const definition = engine.internal.definitionOf(sector);
    if (definition.final.includes(practice.state)) return [];
    const offered = definition.transitions.filter(
      (transition) => transition.from.includes(practice.state) && (actor.role === 'admin' || (transition.roles as readonly string[]).includes(actor.role)),
    );
    if (offered.length === 0) return [];
    const payload = await payloadOf(db, practice);
    return Promise.all(
      offered.map(async (transition) => {
        const reasons: string[] = [];
        for (const requirement of transition.requires) {
          try {
            await work.requirements[requirement]({ ctx, actor, definition, transition, practice, payload, trx: db });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            if (!reasons.includes(error.userMessage)) reasons.push(error.userMessage);
          }
        }
        return { transition: transition.name, reasons };
      }),
    );
  };

  return {
    blockersOf,
    /** The practice as `get` answers it, with what each transition the caller may make still needs. */
    get: async (ctx: TRequestContext, sector: TSectorSlug, id: string): Promise<TPractice> => {
      const practice = await presentOne(ctx, sector, id);
      const row = await engine.internal.reread(sector, practice.id);
      return { ...practice, blockers: await blockersOf(ctx, sector, row) };
    },
  };
};
