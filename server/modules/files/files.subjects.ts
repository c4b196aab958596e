import type { TFileItem } from '../../../shared/schemas/files';
import type { TRequestContext } from '../../platform/context';
import { requireActor } from '../../platform/context';
import type { TDb } from '../../db/database';
import { isAdmin, notFound, type TFileAccess } from './files.access';
import type { TFilesContext } from './files.context';
import type { TSubjectAccess } from './files.model';
import * as repo from './files.repository';
import * as pending from './pending-blobs.repository';

/**
 * The files attached to other modules' records ("subjects": a client, a practice): the registry of who reads and
 * changes them, a record's files, and their erasure with the record.
 */
export const createSubjectFiles = ({ db, logger, storage, subjects }: TFilesContext, { subjectAllows, toFileItem }: TFileAccess) => ({
  /**
   * Lets the module owning a kind of record (`type`: 'client', 'practice', …) say who reads and changes the
   * files attached to its records (uploads with `target.subject`).
   */
  registerSubject: (type: string, access: TSubjectAccess) => {
    subjects.set(type, access);
  },

  /** A record's files, oldest first; a record out of the caller's reach answers like a missing file (404). */
  listSubject: async (ctx: TRequestContext, type: string, id: string): Promise<TFileItem[]> => {
    const actor = requireActor(ctx);
    const subject = { type, id };
    if (!(await subjectAllows(actor, subject, 'read'))) throw notFound();
    const changeable = isAdmin(actor) || (await subjectAllows(actor, subject, 'write'));
    return (await repo.listSubjectFiles(db, type, id)).map((row) => toFileItem(row, actor, changeable));
  },

  /** A record's live file rows, unchecked: for the owning module's own reads after its checks (data export, a transition's requirement `within` its transaction). */
  subjectRows: (type: string, id: string, within: TDb = db) => repo.listSubjectFiles(within, type, id),

  /**
   * Deletes every file of a record (GDPR erasure): the rows marked deleted, in `trx` when given (the caller's
   * transaction), and their contents removed from the storage. With a transaction the contents go only when
   * `removeContents` is called after the commit; until removed they are recorded as pending, so a removal that
   * fails (or never comes, a crash) is finished by the orphan sweeper.
   */
  purgeSubject: async (type: string, id: string, trx?: TDb): Promise<{ count: number; removeContents: () => Promise<void> }> => {
    const mark = async (tx: TDb) => {
      const rows = await repo.markSubjectFilesDeleted(tx, type, id);
      for (const row of rows) await pending.recordPendingBlob(tx, row.storage_key);
      return rows.map((row) => row.storage_key);
    };
    const keys = trx ? await mark(trx) : await db.transaction().execute(mark);
    const removeContents = async () => {
      const removed: string[] = [];
      for (const key of keys.splice(0)) {
        await storage.delete(key).then(
          () => removed.push(key),
          (error: unknown) => logger.warn({ err: error, key }, 'contenuto del file non rimosso'),
        );
      }
      await pending.clearPendingBlobs(db, removed).catch((error: unknown) => logger.warn({ err: error }, 'file in sospeso non aggiornati'));
    };
    const count = keys.length;
    if (!trx) await removeContents();
    return { count, removeContents };
  },
});
