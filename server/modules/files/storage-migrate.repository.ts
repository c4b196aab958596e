import type { TDb } from '../../db/database';
import type { FilesTable } from './files.repository';

/** Reads `files` (module files) for the storage migration only: the contents it must copy. */

const live = (db: TDb) => db.withTables<{ files: FilesTable }>().selectFrom('files').where('deleted_at', 'is', null);

/** How many live files there are. */
export const countStoredContents = async (db: TDb) => Number((await live(db).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

/** Keys, sizes and hashes of live files after `afterKey`, by key (a stable order to page through). */
export const listStoredContents = (db: TDb, afterKey: string, limit: number) =>
  live(db)
    .select(['storage_key', 'size', 'sha256'])
    .where('storage_key', '>', afterKey)
    .orderBy('storage_key')
    .limit(limit)
    .execute();
