import type { TPrecontract, TPrecontractQuestionnaire } from '../../../../shared/schemas/precontract';
import type { TSectorSlug } from '../../../../shared/sectors';
import { requireActor, type TRequestContext } from '../../../platform/context';
import { parseInput } from '../../../platform/validate';
import { questionnaireSchemaFor, type TPrecontractContext } from './precontract.context';
import * as repo from './precontract.repository';

/** The practice's pack as its readers see it, and the demands-and-needs questionnaire the corner fills in with the client. */
export const createPrecontractQuestionnaire = ({ deps: { db }, internal, now, present, reachForWork }: TPrecontractContext) => ({
  /** The practice's pack as the caller may see it (its corner, the sector's brokers, admins). */
  get: async (ctx: TRequestContext, sector: TSectorSlug, id: string): Promise<TPrecontract> => {
    const actor = requireActor(ctx);
    const definition = internal.definitionOf(sector);
    const practice = await internal.reach(actor, definition, id);
    return present(ctx, actor, definition, practice.id);
  },

  /**
   * The demands-and-needs answers. Changing them after the pack went out withdraws it (a new one must be sent or
   * signed on paper): what the client signs always holds the answers in force.
   */
  saveQuestionnaire: async (ctx: TRequestContext, sector: TSectorSlug, id: string, answers: unknown): Promise<TPrecontract> => {
    const { actor, definition, practice } = await reachForWork(ctx, sector, id);
    const questionnaire: TPrecontractQuestionnaire = parseInput(questionnaireSchemaFor(definition), answers);
    await db.transaction().execute(async (trx) => {
      const row = await repo.lockPrecontract(trx, practice.id);
      const changed = JSON.stringify(row.questionnaire ?? null) !== JSON.stringify(questionnaire);
      const withdraw = changed && row.status !== 'missing';
      await repo.updatePrecontract(trx, practice.id, {
        questionnaire: JSON.stringify(questionnaire),
        questionnaire_at: now(),
        questionnaire_by: actor.userId,
        ...(withdraw ? { status: 'missing', token_hash: null, signed_at: null, signed_file_id: null, signed_sha256: null } : {}),
      });
      if (withdraw) await repo.otps.invalidate(trx, practice.id);
      if (changed) {
        await internal.appendEvent(trx, {
          practiceId: practice.id,
          actorId: actor.userId,
          impersonatorId: actor.impersonatorId,
          kind: 'precontract_questionnaire',
          payload: { withdrawn: withdraw ? row.status : null },
        });
      }
    });
    return present(ctx, actor, definition, practice.id);
  },
});
