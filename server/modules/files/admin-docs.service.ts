import { PDFDocument } from 'pdf-lib';
import type { TRole } from '../../../shared/constants';
import { getDisplayName } from '../../../shared/rules/display-name';
import { fileRights } from '../../../shared/rules/file-permissions';
import {
  CONTRACT_MSG,
  type TAdminDoc,
  type TAdminDocList,
  type TAdminDocsQuery,
  type TAdminDocUploadQuery,
  type TDocAudience,
  type TSetDocAudienceRequest,
} from '../../../shared/schemas/contract';
import { FILE_MSG, type TFileItem } from '../../../shared/schemas/files';
import type { TRequestContext } from '../../platform/context';
import { requireAdmin } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { TAuthService } from '../auth/auth.service';
import * as repo from './admin-docs.repository';
import type { FileRow } from './files.repository';
import { fileItemHead, idOfPath } from './files.model';
import type { TFileAudience, TFilesService, TUploadTarget } from './files.service';

const audienceOf = (row: Pick<FileRow, 'visibility' | 'shared_roles'>): TDocAudience => {
  if (row.visibility === 'public') return 'all';
  if (row.visibility === 'shared') return row.shared_roles.length > 0 ? 'roles' : 'users';
  return 'none';
};

const toFileAudience = (input: { audience: TDocAudience; roles: TRole[]; userIds: string[] }): TFileAudience => {
  if (input.audience === 'all') return { visibility: 'public' };
  if (input.audience === 'none') return { visibility: 'private' };
  // 'roles' and 'users' both publish to whatever roles and users are listed (one of them at least).
  return { visibility: 'shared', roles: [...new Set(input.roles)], userIds: [...new Set(input.userIds)] };
};

/** Reads a stored file whole (templates and contracts are small PDFs). */
export const readAll = async (stream: NodeJS.ReadableStream): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
};

export type TAdminDocsService = ReturnType<typeof createAdminDocsService>;

/**
 * The admin documents page (/admin/documenti): documents the platform publishes to everyone, some roles or some
 * users, and the contract templates. Their contents go through the files service (storage, type checks, rights).
 */
/** `people`: the auth service, which owns the accounts a document is published to. */
export const createAdminDocsService = ({ db, logger }: Pick<TServiceDeps, 'db' | 'logger'>, files: TFilesService, people: Pick<TAuthService, 'userCards'>) => {
  const findUsersByIds = async (ids: readonly string[]) => (await people.userCards(ids)).filter((user) => user.state !== 'deleted');
  const assertUsersExist = async (userIds: readonly string[]) => {
    const unique = [...new Set(userIds)];
    const found = await findUsersByIds(unique);
    if (found.length !== unique.length) {
      throw new AppError('VALIDATION', { userMessage: CONTRACT_MSG.audienceUnknownUsers, fields: { userIds: [CONTRACT_MSG.audienceUnknownUsers] } });
    }
  };

  const toAdminDocs = async (rows: FileRow[]): Promise<TAdminDoc[]> => {
    const users = await findUsersByIds([...new Set(rows.flatMap((row) => row.shared_user_ids))]);
    const byId = new Map(users.map((user) => [user.id, { id: user.id, name: getDisplayName(user), email: user.email }]));
    return rows.map((row) => {
      const rights = fileRights({ file: { allowDelete: row.allow_delete, allowEdit: row.allow_edit }, role: 'admin' });
      return {
        ...fileItemHead(row),
        allowDelete: rights.canDelete,
        allowEdit: rights.canEdit,
        mime: row.mime,
        size: Number(row.size),
        audience: audienceOf(row),
        roles: row.shared_roles as TRole[],
        userIds: row.shared_user_ids,
        users: row.shared_user_ids.flatMap((id) => byId.get(id) ?? []),
        createdAt: new Date(row.created_at),
      };
    });
  };

  /** Removes a file the platform stored by mistake or replaced, whatever its per-file rights say. Internal only. */
  const discard = async (path: string) => {
    const removed = await repo.markDiscarded(db, idOfPath(path));
    if (removed) await files.storage.delete(removed.storage_key).catch((error: unknown) => logger.warn({ err: error, path }, 'contenuto non rimosso'));
  };

  return {
    /** GET /api/admin/docs: published documents and templates, newest first, searchable by name (admin only). */
    list: async (ctx: TRequestContext, query: TAdminDocsQuery): Promise<TAdminDocList> => {
      requireAdmin(ctx);
      const filter = { search: query.search || undefined, docType: query.docType };
      const [rows, total] = await Promise.all([
        repo.listPublishedFiles(db, { ...filter, limit: query.limit, offset: (query.page - 1) * query.limit }),
        repo.countPublishedFiles(db, filter),
      ]);
      return { list: await toAdminDocs(rows), total };
    },

    /** Checks an admin upload's query before a byte is read, and says where its files go. */
    uploadTarget: async (ctx: TRequestContext, query: TAdminDocUploadQuery): Promise<TUploadTarget> => {
      requireAdmin(ctx);
      await assertUsersExist(query.userIds);
      return { docType: query.docType, audience: toFileAudience(query) };
    },

    /**
     * After an upload: contract templates must be PDFs that can be read and filled; anything else is removed again
     * and refused. Answers the published documents with their audience.
     */
    afterUpload: async (ctx: TRequestContext, stored: TFileItem[]): Promise<TAdminDoc[]> => {
      requireAdmin(ctx);
      const rows = await Promise.all(stored.map((item) => repo.findPublishedFile(db, idOfPath(item.path))));
      for (const row of rows) {
        if (!row || row.doc_type !== 'contract-template') continue;
        let isReadable = row.mime === 'application/pdf';
        if (isReadable) {
          isReadable = await readAll(files.openContent(row))
            .then((bytes) => PDFDocument.load(bytes))
            .then(() => true)
            .catch(() => false);
        }
        if (!isReadable) {
          await Promise.all(stored.map((item) => discard(item.path)));
          throw new AppError('VALIDATION', { userMessage: CONTRACT_MSG.templateInvalid(row.name) });
        }
      }
      return toAdminDocs(rows.filter((row): row is NonNullable<typeof row> => row !== undefined));
    },

    /** PATCH /api/admin/docs/audience: changes who sees one published document (admin only). */
    setAudience: async (ctx: TRequestContext, input: TSetDocAudienceRequest): Promise<TAdminDoc> => {
      requireAdmin(ctx);
      const id = idOfPath(input.path);
      const row = await repo.findPublishedFile(db, id);
      if (!row) throw new AppError('NOT_FOUND', { userMessage: FILE_MSG.fileNotFound });
      await assertUsersExist(input.userIds);
      const audience = toFileAudience(input);
      await repo.updateFileAudience(db, id, {
        visibility: audience.visibility as 'private' | 'public' | 'shared',
        shared_roles: audience.visibility === 'shared' ? (audience.roles ?? []) : [],
        shared_user_ids: audience.visibility === 'shared' ? (audience.userIds ?? []) : [],
      });
      const [updated] = await toAdminDocs([(await repo.findPublishedFile(db, id))!]);
      return updated!;
    },

    /** The contract template in force: the newest PDF published with docType 'contract-template', or null. */
    latestTemplate: async (): Promise<FileRow | null> => (await repo.findLatestTemplate(db)) ?? null,

    discard,
  };
};
