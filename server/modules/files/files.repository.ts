import { sql, type Generated, type Insertable, type Selectable } from 'kysely';
import type { TRole } from '../../../shared/constants';
import type { TDb } from '../../db/database';

/**
 * Owns: `files` (module files, with admin-docs.repository.ts; `pending_blobs` in pending-blobs.repository.ts; map in
 * server/platform/table-ownership.unit.test.ts).
 */

/** The `files` table (migration 2026-11-22T1400_files). Kept here until server/db/types.ts gathers it. */
export interface FilesTable {
  id: Generated<string>;
  storage_key: string;
  owner_id: string;
  name: string;
  mime: string;
  /** bigint: comes back as a string. */
  size: string | number;
  sha256: string;
  doc_type: string | null;
  metadata: Generated<Record<string, unknown>>;
  visibility: Generated<'private' | 'public' | 'shared' | 'room' | 'subject'>;
  shared_roles: Generated<string[]>;
  shared_user_ids: Generated<string[]>;
  room_id: string | null;
  /** A record of another module the file belongs to (visibility 'subject', migration 2026-11-23T1810_file-subjects). */
  subject_type: string | null;
  subject_id: string | null;
  allow_delete: boolean | null;
  allow_edit: boolean | null;
  created_at: Generated<Date>;
  deleted_at: Date | null;
}

export type FileRow = Selectable<FilesTable>;
export type NewFile = Omit<Insertable<FilesTable>, 'metadata'> & { metadata?: Record<string, unknown> };

const filesDb = (db: TDb) => db.withTables<{ files: FilesTable }>();

const COLUMNS = [
  'id',
  'storage_key',
  'owner_id',
  'name',
  'mime',
  'size',
  'sha256',
  'doc_type',
  'metadata',
  'visibility',
  'shared_roles',
  'shared_user_ids',
  'room_id',
  'subject_type',
  'subject_id',
  'allow_delete',
  'allow_edit',
  'created_at',
  'deleted_at',
] as const;

/** Inserts the rows of one upload in one statement. */
export const insertFiles = (db: TDb, rows: readonly NewFile[]) =>
  filesDb(db)
    .insertInto('files')
    .values(rows.map(({ metadata, ...row }) => ({ ...row, metadata: sql<Record<string, unknown>>`${JSON.stringify(metadata ?? {})}::jsonb` })))
    .returning(COLUMNS)
    .execute();

/** Live (not deleted) files by id, in no particular order. */
export const findLiveFiles = (db: TDb, ids: readonly string[]) =>
  ids.length === 0 ? Promise.resolve([]) : filesDb(db).selectFrom('files').select(COLUMNS).where('id', 'in', [...ids]).where('deleted_at', 'is', null).execute();

/** The owner's files plus those published to them (everyone, their role, or them), newest first. */
const visibleTo = (db: TDb, user: { userId: string; role: TRole }, docType?: string) => {
  let query = filesDb(db)
    .selectFrom('files')
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('owner_id', '=', user.userId).and('visibility', 'not in', ['room', 'subject']),
        eb('visibility', '=', 'public'),
        eb('visibility', '=', 'shared').and(eb.or([sql<boolean>`${user.role} = any(shared_roles)`, sql<boolean>`${user.userId}::uuid = any(shared_user_ids)`])),
      ]),
    );
  if (docType) query = query.where('doc_type', '=', docType);
  return query;
};

export const listVisibleFiles = (db: TDb, user: { userId: string; role: TRole }, page: { limit: number; offset: number; docType?: string }) =>
  visibleTo(db, user, page.docType).select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();

export const countVisibleFiles = async (db: TDb, user: { userId: string; role: TRole }, docType?: string) => {
  const row = await visibleTo(db, user, docType)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
};

export const renameFile = (db: TDb, id: string, name: string) =>
  filesDb(db).updateTable('files').set({ name }).where('id', '=', id).where('deleted_at', 'is', null).returning(COLUMNS).executeTakeFirst();

export const markFileDeleted = (db: TDb, id: string) =>
  filesDb(db).updateTable('files').set({ deleted_at: new Date() }).where('id', '=', id).where('deleted_at', 'is', null).returning(['id', 'storage_key']).executeTakeFirst();

/** A record's live files, oldest first. */
export const listSubjectFiles = (db: TDb, subjectType: string, subjectId: string) =>
  filesDb(db)
    .selectFrom('files')
    .select(COLUMNS)
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** Marks every live file of a record deleted (in the caller's transaction); answers their storage keys. */
export const markSubjectFilesDeleted = (db: TDb, subjectType: string, subjectId: string) =>
  filesDb(db)
    .updateTable('files')
    .set({ deleted_at: new Date() })
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('deleted_at', 'is', null)
    .returning(['id', 'storage_key'])
    .execute();
