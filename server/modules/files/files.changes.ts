import { FILE_MSG, type TDeleteFileRequest, type TFileItem, type TRenameFileRequest } from '../../../shared/schemas/files';
import type { TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { notFound, type TFileAccess } from './files.access';
import type { TFilesContext } from './files.context';
import * as repo from './files.repository';

/** Changing a stored file: renaming and deleting it, within the rights of spec section 6. */
export const createFileChanges = ({ db, logger, storage }: TFilesContext, { mayChange, rightsOf, toFileItem, readableRows }: TFileAccess) => ({
  /** Renames a file the caller owns (or any, for admins) when the rights of spec section 6 allow it. */
  rename: async (ctx: TRequestContext, input: TRenameFileRequest): Promise<TFileItem> => {
    const actor = requireActor(ctx);
    const [row] = await readableRows(actor, [input.path]);
    if (!rightsOf(actor, row!, await mayChange(actor, row!)).canEdit) throw new AppError('FORBIDDEN', { userMessage: FILE_MSG.renameForbidden });
    const updated = await repo.renameFile(db, row!.id, input.name);
    if (!updated) throw notFound();
    return toFileItem(updated, actor, true);
  },

  /**
   * Deletes a file the caller owns (or any, for admins) when the rights of spec section 6 allow it: the row is
   * kept, marked deleted (who uploaded what, and when, stays known), and the content is removed from the
   * storage (a deleted document must not be readable any more). Evidence such as a signed contract carries
   * allowDelete=false and is never removed this way.
   */
  delete: async (ctx: TRequestContext, input: TDeleteFileRequest): Promise<{ message: string }> => {
    const actor = requireActor(ctx);
    const [row] = await readableRows(actor, [input.path]);
    if (!rightsOf(actor, row!, await mayChange(actor, row!)).canDelete) throw new AppError('FORBIDDEN', { userMessage: FILE_MSG.deleteForbidden });
    const deleted = await repo.markFileDeleted(db, row!.id);
    if (!deleted) throw notFound();
    await storage.delete(deleted.storage_key).catch((error: unknown) => logger.warn({ err: error, key: deleted.storage_key }, 'contenuto del file non rimosso'));
    return { message: FILE_MSG.deleted };
  },
});
