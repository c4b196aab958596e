import type { Generated } from 'kysely';
import type { FilesTable } from './files.repository';

/** Keys of stored contents whose `files` row is not written yet (see the blob sweeper). */
export interface PendingBlobsTable {
  storage_key: string;
  created_at: Generated<Date>;
}

/** The tables of module files by name (`files`, `pending_blobs`). */
export type TFilesTables = {
  files: FilesTable;
  pending_blobs: PendingBlobsTable;
};

// Added to the shared Database type (an interface's `extends`, so the names resolve in this file).
declare module '../../db/types' {
  interface Database extends TFilesTables {}
}
