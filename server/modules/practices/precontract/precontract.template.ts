import {
  DEFAULT_PRECONTRACT_TEMPLATE,
  ZPrecontractTemplateContent,
  type TPrecontractTemplate,
  type TPrecontractTemplateContent,
} from '../../../../shared/schemas/precontract';
import { requireAdmin, type TRequestContext } from '../../../platform/context';
import { parseInput } from '../../../platform/validate';
import type { TPrecontractContext } from './precontract.context';
import * as repo from './precontract.repository';

/**
 * The admin's template of the single pre-contract form (/admin/impostazioni): every saved version is kept, the newest
 * is in force, and a pack names the version it was made from.
 */
export const createPrecontractTemplate = ({ deps: { db }, internal }: TPrecontractContext) => {
  /** The version in force, or the default (with no id) while none was saved or the newest no longer parses. */
  const templateOf = async (): Promise<{ id: string | null; content: TPrecontractTemplateContent; row: repo.TTemplateRow | undefined }> => {
    const row = await repo.findLatestTemplate(db);
    const checked = row ? ZPrecontractTemplateContent.safeParse(row.content) : null;
    return checked?.success ? { id: row!.id, content: checked.data, row } : { id: null, content: DEFAULT_PRECONTRACT_TEMPLATE, row: undefined };
  };

  return {
    templateOf,

    /** The template in force (admins: the editor on /admin/impostazioni). */
    template: async (ctx: TRequestContext): Promise<TPrecontractTemplate> => {
      requireAdmin(ctx);
      const { id, content, row } = await templateOf();
      const name = row?.created_by ? (await internal.userNames([row.created_by])).get(row.created_by) ?? null : null;
      return { id, content, createdAt: row?.created_at ?? null, createdByName: name };
    },

    /** A new version of the template (every version is kept: a pack names the one it was made from). */
    saveTemplate: async (ctx: TRequestContext, input: { content: unknown }): Promise<TPrecontractTemplate> => {
      const actor = requireAdmin(ctx);
      const content = parseInput(ZPrecontractTemplateContent, input.content);
      const row = await repo.insertTemplate(db, content, actor.userId);
      const name = (await internal.userNames([actor.userId])).get(actor.userId) ?? null;
      return { id: row.id, content, createdAt: row.created_at, createdByName: name };
    },
  };
};

export type TPrecontractTemplates = ReturnType<typeof createPrecontractTemplate>;
