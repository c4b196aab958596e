import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import type { TRole } from '../../../shared/constants';
import { fileRights } from '../../../shared/rules/file-permissions';
import {
  FILE_MSG,
  type TDeleteFileRequest,
  type TDownloadQuery,
  type TFileItem,
  type TFileList,
  type TListFilesQuery,
  type TRenameFileRequest,
  type TUploadMetadata,
} from '../../../shared/schemas/files';
import type { TActor, TRequestContext } from '../../platform/context';
import { requireActor, requireAdmin } from '../../platform/context';
import type { TServiceDeps } from '../../platform/deps';
import type { TDb } from '../../db/database';
import { AppError } from '../../platform/errors';
import { safeFileName } from './download';
import { typeCheck } from './file-types';
import { sweepOrphanBlobs } from './blob-sweeper';
import * as repo from './files.repository';
import { createImageRenderer, type TImageAnswer } from './images';
import * as pending from './pending-blobs.repository';
import { createLocalStorage, type TFileStorage } from './storage';

/** Says whether a user may read a chat room's files; the chat service provides it. */
export type TRoomAccessResolver = (actor: TActor, roomId: string) => Promise<boolean>;

/**
 * Who may read and change the files of one kind of record (a "subject": a client, a practice). Registered by the
 * module owning the record; a record missing, deleted or out of the actor's reach answers false to both.
 */
export type TSubjectAccess = {
  canRead: (actor: TActor, id: string) => Promise<boolean>;
  /** Upload, rename and delete (within the rights of spec section 6). */
  canWrite: (actor: TActor, id: string) => Promise<boolean>;
};

/** A record files are attached to: `type` as registered with registerSubject, `id` the record's id. */
export type TFileSubject = { type: string; id: string };

export type TFilesOptions = {
  /** Read access to files attached to a chat room; without it only their uploader and admins read them. */
  canAccessRoom?: TRoomAccessResolver;
  /** Where contents live; local disk under DATA_DIR/files by default. */
  storage?: TFileStorage;
};

/** Who may see a file besides its owner and the admins. */
export type TFileAudience = { visibility: 'private' } | { visibility: 'public' } | { visibility: 'shared'; roles?: TRole[]; userIds?: string[] };

/** Where an upload goes and what its files say about themselves. */
export type TUploadTarget = {
  /** Attaches the files to this chat room (its participants read them, through the room-access resolver). */
  roomId?: string;
  /** Default docType of the files (a metadata part's docType or type wins). */
  docType?: string;
  /** Admins only: publish the files to everyone or to some roles/users (admin documents page). */
  audience?: TFileAudience;
  /** Attaches the files to a record of another module (the caller must be able to change it, see registerSubject). */
  subject?: TFileSubject;
};

/** One request's files, stored as they stream in and recorded in the table at `commit`. */
export type TUploadBatch = {
  /**
   * Stores one file under `key` (its index in the request); `transforms` (limits) see its bytes first, then its
   * type is checked on the content.
   */
  add: (source: Readable, key: string, metadata: TUploadMetadata, transforms?: Transform[]) => Promise<void>;
  count: () => number;
  /** Records the stored files (one transaction), with the metadata sent for each key, and answers their items. */
  commit: (metadataFor?: (key: string) => TUploadMetadata | undefined) => Promise<TFileItem[]>;
  /** Removes whatever was stored so far (refused or aborted upload). */
  abort: () => Promise<void>;
};

export type TDownloadEntry = { row: repo.FileRow; name: string };

/** Caps of one download request: files and total bytes. */
const DOWNLOAD_MAX_FILES = 200;
const DOWNLOAD_MAX_BYTES = 1024 * 1024 * 1024;

/** A file's reference as clients see it. */
export const filePath = (id: string) => `files/${id}`;
const idOfPath = (value: string) => value.replace(/^files\//, '');

const isAdmin = (actor: TActor) => actor.role === 'admin';
const isOwner = (actor: TActor, row: repo.FileRow) => row.owner_id === actor.userId;

export const createFilesService = ({ db, config, logger }: TServiceDeps, options: TFilesOptions = {}) => {
  const storage: TFileStorage = options.storage ?? createLocalStorage(path.join(config.dataDir, 'files'));
  let canAccessRoom = options.canAccessRoom;
  const subjects = new Map<string, TSubjectAccess>();
  const subjectOf = (row: repo.FileRow): TFileSubject | null =>
    row.visibility === 'subject' && row.subject_type !== null && row.subject_id !== null ? { type: row.subject_type, id: row.subject_id } : null;
  const subjectAllows = async (actor: TActor, subject: TFileSubject, mode: 'read' | 'write') => {
    const access = subjects.get(subject.type);
    if (!access) return false;
    return mode === 'read' ? access.canRead(actor, subject.id) : access.canWrite(actor, subject.id);
  };
  const images = createImageRenderer({ cacheDir: path.join(config.dataDir, 'cache', 'images'), clientDir: config.clientDir });

  /** Owner, admins, the audience it was published to, or a participant of its room. */
  const canRead = async (actor: TActor, row: repo.FileRow): Promise<boolean> => {
    // A record's files: whoever may read the record (its uploader alone no longer does once it is out of reach).
    const subject = subjectOf(row);
    if (subject) return isAdmin(actor) || (await subjectAllows(actor, subject, 'read'));
    if (isAdmin(actor) || isOwner(actor, row)) return true;
    switch (row.visibility) {
      case 'public':
        return true;
      case 'shared':
        return row.shared_roles.includes(actor.role) || row.shared_user_ids.includes(actor.userId);
      case 'room':
        return row.room_id !== null && canAccessRoom !== undefined && (await canAccessRoom(actor, row.room_id));
      default:
        return false;
    }
  };

  /** Who may change a file at all: its owner (or an admin); for a record's file, whoever may change the record. */
  const ownsOrAdmin = (actor: TActor, row: repo.FileRow) => isAdmin(actor) || (subjectOf(row) === null && isOwner(actor, row));
  const mayChange = async (actor: TActor, row: repo.FileRow): Promise<boolean> => {
    const subject = subjectOf(row);
    return isAdmin(actor) || (subject ? await subjectAllows(actor, subject, 'write') : isOwner(actor, row));
  };

  /** Rights of spec section 6 combined with who may change the file (`changeable`, see mayChange). */
  const rightsOf = (actor: TActor, row: repo.FileRow, changeable = ownsOrAdmin(actor, row)) =>
    changeable ? fileRights({ file: { allowDelete: row.allow_delete, allowEdit: row.allow_edit }, role: actor.role }) : { canDelete: false, canEdit: false };

  const toFileItem = (row: repo.FileRow, actor: TActor, changeable?: boolean): TFileItem => {
    const rights = rightsOf(actor, row, changeable);
    const metadata = row.metadata && Object.keys(row.metadata).length > 0 ? row.metadata : undefined;
    return {
      name: row.name,
      path: filePath(row.id),
      docType: row.doc_type,
      ...(metadata ? { metadata } : {}),
      // The per-file flags as stored, or false where this caller may not act (widgets hide the control).
      ...(row.allow_delete !== null || !rights.canDelete ? { allowDelete: rights.canDelete } : {}),
      ...(row.allow_edit !== null || !rights.canEdit ? { allowEdit: rights.canEdit } : {}),
      mime: row.mime,
      size: Number(row.size),
      createdAt: new Date(row.created_at).toISOString(),
    };
  };

  const notFound = () => new AppError('NOT_FOUND', { userMessage: FILE_MSG.fileNotFound });

  /**
   * The rows of these paths, in order, each readable by the actor; one missing or unreadable file refuses the
   * lot with 404 (the same answer for both, so nobody learns that another user's file exists).
   */
  const readableRows = async (actor: TActor, paths: readonly string[]): Promise<repo.FileRow[]> => {
    const rows = await repo.findLiveFiles(db, [...new Set(paths.map(idOfPath))]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const result: repo.FileRow[] = [];
    for (const value of paths) {
      const row = byId.get(idOfPath(value));
      if (!row || !(await canRead(actor, row))) throw notFound();
      result.push(row);
    }
    return result;
  };

  const audienceColumns = (audience: TFileAudience | undefined) => {
    if (!audience || audience.visibility === 'private') return { visibility: 'private' as const };
    if (audience.visibility === 'public') return { visibility: 'public' as const };
    return { visibility: 'shared' as const, shared_roles: audience.roles ?? [], shared_user_ids: audience.userIds ?? [] };
  };

  const openBatch = (ownerId: string, actor: TActor | null, columns: Partial<repo.NewFile>, docType: string | undefined): TUploadBatch => {
    const stored: { object: { key: string; size: number; sha256: string }; key: string; mime: string; metadata: TUploadMetadata }[] = [];
    // A content whose removal fails keeps its pending record: the sweeper removes it later.
    const removeStored = async () => {
      const objects = stored.splice(0).map((item) => item.object.key);
      const removed = await Promise.all(
        objects.map((key) =>
          storage.delete(key).then(
            () => key,
            (error: unknown) => logger.warn({ err: error, key }, 'file non rimosso'),
          ),
        ),
      );
      await pending.clearPendingBlobs(db, removed.filter((key) => key !== undefined)).catch((error: unknown) => logger.warn({ err: error }, 'file in sospeso non aggiornati'));
    };
    return {
      add: async (source, key, metadata, transforms = []) => {
        let mime = '';
        let recorded: string | undefined;
        try {
          const object = await storage.put(source, {
            transforms: [...transforms, typeCheck(metadata.name, (detected) => (mime = detected))],
            // Written down before the content appears under its key: a crash before the row leaves a known orphan.
            beforeStore: async (storageKey) => {
              await pending.recordPendingBlob(db, storageKey);
              recorded = storageKey;
            },
          });
          stored.push({ object, key, mime, metadata });
        } catch (error) {
          // Recorded, then not stored after all (put removed what it wrote).
          if (recorded) await pending.clearPendingBlobs(db, [recorded]).catch((clearError: unknown) => logger.warn({ err: clearError }, 'file in sospeso non aggiornati'));
          throw error;
        }
      },
      count: () => stored.length,
      commit: async (metadataFor) => {
        if (stored.length === 0) return [];
        try {
          const newRows = stored.map(({ object, key, mime, metadata: fallback }): repo.NewFile => {
            const { name, docType: ownDocType, type, ...rest } = metadataFor?.(key) ?? fallback;
            return {
              storage_key: object.key,
              owner_id: ownerId,
              name,
              mime,
              size: object.size,
              sha256: object.sha256,
              doc_type: ownDocType ?? type ?? docType ?? null,
              metadata: { ...rest, ...(type ? { type } : {}) },
              allow_delete: null,
              allow_edit: null,
              room_id: null,
              ...columns,
            };
          });
          // The rows and the end of their keys' pending state in one transaction: no instant where a content is
          // neither pending nor recorded. A key no longer pending was swept (an upload that outlasted the grace
          // period): then nothing is recorded and the upload fails.
          const rows = await db.transaction().execute(async (trx) => {
            const inserted = await repo.insertFiles(trx, newRows);
            const cleared = await pending.clearPendingBlobs(trx, newRows.map((row) => row.storage_key));
            if (cleared !== newRows.length) throw new AppError('INTERNAL', { message: 'stored content swept before its row was written' });
            return inserted;
          });
          stored.length = 0;
          const viewer = actor ?? ({ userId: ownerId, role: 'admin' } as TActor);
          // The uploader of a record's files could change the record: it may change what it just added.
          return rows.map((row) => toFileItem(row, viewer, actor ? true : undefined));
        } catch (error) {
          await removeStored();
          throw error;
        }
      },
      abort: removeStored,
    };
  };

  /**
   * Checks every requested file before a byte is sent, and the caps on count and total size; answers the
   * rows with the names to download them under.
   */
  const prepareDownload = async (
    ctx: TRequestContext,
    files: readonly { path: string; name?: string }[],
    caps: { maxFiles: number; maxBytes: number },
  ): Promise<TDownloadEntry[]> => {
    const actor = requireActor(ctx);
    if (files.length === 0) throw new AppError('VALIDATION', { userMessage: FILE_MSG.downloadNone });
    if (files.length > caps.maxFiles) throw new AppError('VALIDATION', { userMessage: FILE_MSG.downloadTooMany(caps.maxFiles) });
    const rows = await readableRows(
      actor,
      files.map((file) => file.path),
    );
    const total = rows.reduce((sum, row) => sum + Number(row.size), 0);
    if (total > caps.maxBytes) throw new AppError('VALIDATION', { userMessage: FILE_MSG.downloadTooLarge(Math.floor(caps.maxBytes / 1024 / 1024)) });
    return rows.map((row, index) => ({ row, name: files[index]?.name || row.name }));
  };

  return {
    storage,
    /** Limits of every upload endpoint (UPLOAD_MAX_* settings). */
    uploadLimits: config.uploads,

    /**
     * Removes the contents that interrupted uploads or generated files left without a row, and stale temporary
     * files, once FILES_ORPHAN_GRACE_SECONDS old; the server runs it at start and periodically.
     */
    sweepOrphans: () => sweepOrphanBlobs({ db, storage, graceMs: config.filesOrphanGraceMs }),

    /** Lets the chat service (built later) say who may read a room's files. */
    setRoomAccessResolver: (resolver: TRoomAccessResolver) => {
      canAccessRoom = resolver;
    },

    /**
     * Starts an upload by the caller into its own files, a chat room (it must be able to read the room) or, for
     * admins, the documents published to others. Files are stored as they stream; `commit` records them.
     */
    beginUpload: async (ctx: TRequestContext, target: TUploadTarget = {}): Promise<TUploadBatch> => {
      const actor = requireActor(ctx);
      if (target.subject) {
        if (!(await subjectAllows(actor, target.subject, 'write'))) throw notFound();
        return openBatch(actor.userId, actor, { visibility: 'subject', subject_type: target.subject.type, subject_id: target.subject.id }, target.docType);
      }
      if (target.roomId) {
        if (!canAccessRoom || !(await canAccessRoom(actor, target.roomId))) throw new AppError('NOT_FOUND', { userMessage: FILE_MSG.fileNotFound });
        return openBatch(actor.userId, actor, { visibility: 'room', room_id: target.roomId }, target.docType);
      }
      if (target.audience && target.audience.visibility !== 'private') requireAdmin(ctx);
      return openBatch(actor.userId, actor, audienceColumns(target.audience), target.docType);
    },

    /**
     * Stores a file the platform itself produced for a user (a generated or signed contract, an admin
     * template), with per-file rights. Type-checked like uploads.
     */
    storeFile: async (
      ownerId: string,
      source: Readable,
      file: TUploadMetadata & { audience?: TFileAudience; allowDelete?: boolean | null; allowEdit?: boolean | null; subject?: TFileSubject },
    ): Promise<TFileItem & { sha256: string }> => {
      const { audience, allowDelete, allowEdit, subject, ...metadata } = file;
      // `subject`: attached to a record of another module (a practice's generated documents), read as its files.
      const place = subject ? { visibility: 'subject' as const, subject_type: subject.type, subject_id: subject.id } : audienceColumns(audience);
      const batch = openBatch(ownerId, null, { ...place, allow_delete: allowDelete ?? null, allow_edit: allowEdit ?? null }, undefined);
      await batch.add(source, '0', metadata);
      const [item] = await batch.commit();
      const [row] = await repo.findLiveFiles(db, [idOfPath(item!.path)]);
      return { ...item!, sha256: row!.sha256 };
    },

    /** The caller's files and those published to them, newest first (documents page). */
    list: async (ctx: TRequestContext, query: TListFilesQuery): Promise<TFileList> => {
      const actor = requireActor(ctx);
      const [rows, total] = await Promise.all([
        repo.listVisibleFiles(db, actor, { limit: query.limit, offset: (query.page - 1) * query.limit, docType: query.docType }),
        repo.countVisibleFiles(db, actor, query.docType),
      ]);
      return { list: rows.map((row) => toFileItem(row, actor)), total };
    },

    /** File items of these paths, each checked for read access (chat messages, documents). */
    describe: async (ctx: TRequestContext, paths: readonly string[]): Promise<TFileItem[]> => {
      const actor = requireActor(ctx);
      const rows = await readableRows(actor, paths);
      return Promise.all(rows.map(async (row) => toFileItem(row, actor, await mayChange(actor, row))));
    },

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

    /** Checks files before a byte is sent (see above): documents a service reads for the caller (contract). */
    prepareDownload,

    /**
     * GET /api/docs/download: the requested files, each checked (access, at most DOWNLOAD_MAX_FILES files and
     * DOWNLOAD_MAX_BYTES in all) before a byte is sent, the name of their zip, and whether one is shown inline.
     */
    download: async (ctx: TRequestContext, query: TDownloadQuery): Promise<{ entries: TDownloadEntry[]; zipName: string; inline: boolean }> => {
      const entries = await prepareDownload(ctx, query.files, { maxFiles: DOWNLOAD_MAX_FILES, maxBytes: DOWNLOAD_MAX_BYTES });
      const zipName = `${safeFileName((query.zipName ?? 'documenti').replace(/\.zip$/i, ''), 'documenti')}.zip`;
      return { entries, zipName, inline: query.inline };
    },

    /** GET /api/docs/file: one file for the viewer, checked for read access (no cap on its size). */
    viewFile: async (ctx: TRequestContext, path: string): Promise<TDownloadEntry> =>
      (await prepareDownload(ctx, [{ path }], { maxFiles: 1, maxBytes: Number.MAX_SAFE_INTEGER }))[0]!,

    /** A stored file's content (after prepareDownload or describe checked access). */
    openContent: (row: repo.FileRow, range?: { start: number; end: number }, options?: { chunkSize?: number }) => storage.get(row.storage_key, range, options),

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

    /**
     * GET /_next/image: a stored image the caller may read, or a static image of the client, resized to `width`
     * (never enlarged) in the best format the browser accepts, from the disk cache when already made.
     */
    image: async (ctx: TRequestContext, query: { url: string; w: number; q: number }, accept: string | undefined): Promise<TImageAnswer> => {
      const stored = images.storedFileRef(query.url);
      if (stored) {
        const actor = requireActor(ctx);
        const [row] = await readableRows(actor, [stored]);
        const input = storage.localPath(row!.storage_key);
        if (!input || !images.isImageMime(row!.mime)) throw new AppError('VALIDATION', { userMessage: FILE_MSG.imageInvalid });
        // The stored type was recognised from the content at upload: no need to open the image once more to ask.
        return images.render({ input, cacheKey: `file:${row!.storage_key}`, isPrivate: true, format: row!.mime.slice('image/'.length) }, query, accept);
      }
      return images.render(await images.staticSource(query.url), query, accept);
    },
  };
};

export type TFilesService = ReturnType<typeof createFilesService>;
