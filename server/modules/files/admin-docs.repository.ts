import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import { userIdsOfRole } from '../auth/users.repository';
import type { FilesTable } from './files.repository';

/**
 * Owns: `files` with files.repository.ts (module files; map in server/platform/table-ownership.unit.test.ts): the
 * documents the platform publishes (admin documents page), files of admins not attached to a chat room. Who is an
 * admin, and the users a document is shared with, are read through auth's repository (`users`).
 */
const filesDb = (db: TDb) => db.withTables<{ files: FilesTable }>();

const COLUMNS = [
  'f.id',
  'f.storage_key',
  'f.owner_id',
  'f.name',
  'f.mime',
  'f.size',
  'f.sha256',
  'f.doc_type',
  'f.metadata',
  'f.visibility',
  'f.shared_roles',
  'f.shared_user_ids',
  'f.room_id',
  'f.subject_type',
  'f.subject_id',
  'f.allow_delete',
  'f.allow_edit',
  'f.created_at',
  'f.deleted_at',
] as const;

/** What the admin documents page lists: published to someone, or a contract template / other document. */
const published = (db: TDb) =>
  filesDb(db)
    .selectFrom('files as f')
    .where('f.owner_id', 'in', userIdsOfRole(db, 'admin'))
    .where('f.deleted_at', 'is', null)
    .where('f.visibility', '<>', 'room')
    .where((eb) => eb.or([eb('f.visibility', 'in', ['public', 'shared']), eb('f.doc_type', 'in', ['contract-template', 'other'])]));

type TListFilter = { search?: string; docType?: string };

const filtered = (db: TDb, filter: TListFilter) => {
  let query = published(db);
  if (filter.search) query = query.where('f.name', 'ilike', `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (filter.docType) query = query.where('f.doc_type', '=', filter.docType);
  return query;
};

export const listPublishedFiles = (db: TDb, filter: TListFilter & { limit: number; offset: number }) =>
  filtered(db, filter).select(COLUMNS).orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').limit(filter.limit).offset(filter.offset).execute();

export const countPublishedFiles = async (db: TDb, filter: TListFilter) => {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
};

export const findPublishedFile = (db: TDb, id: string) => published(db).select(COLUMNS).where('f.id', '=', id).executeTakeFirst();

export const updateFileAudience = (
  db: TDb,
  id: string,
  columns: { visibility: 'private' | 'public' | 'shared'; shared_roles: string[]; shared_user_ids: string[] },
) =>
  filesDb(db)
    .updateTable('files')
    .set({
      visibility: columns.visibility,
      shared_roles: sql<string[]>`${columns.shared_roles}::text[]`,
      shared_user_ids: sql<string[]>`${columns.shared_user_ids}::uuid[]`,
    })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .execute();

/** The newest live PDF an admin published as contract template. */
export const findLatestTemplate = (db: TDb) =>
  published(db)
    .select(COLUMNS)
    .where('f.doc_type', '=', 'contract-template')
    .where('f.mime', '=', 'application/pdf')
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Marks a file deleted whatever its rights say (the platform's own documents that must not remain). */
export const markDiscarded = (db: TDb, id: string) =>
  filesDb(db).updateTable('files').set({ deleted_at: new Date() }).where('id', '=', id).where('deleted_at', 'is', null).returning(['storage_key']).executeTakeFirst();

/** Users that exist and are not deleted, by id (a document's audience). */
