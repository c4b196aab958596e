import type { Readable } from 'node:stream';
import { FILE_MSG, type TFileItem, type TUploadMetadata } from '../../../shared/schemas/files';
import type { TActor, TRequestContext } from '../../platform/context';
import { requireActor, requireAdmin } from '../../platform/context';
import type { TDb } from '../../db/database';
import { AppError } from '../../platform/errors';
import { notFound, type TFileAccess } from './files.access';
import type { TFilesContext } from './files.context';
import { idOfPath, type TFileAudience, type TFileSubject, type TUploadBatch, type TUploadTarget } from './files.model';
import * as repo from './files.repository';
import { typeCheck } from './file-types';
import * as pending from './pending-blobs.repository';

const audienceColumns = (audience: TFileAudience | undefined) => {
  if (!audience || audience.visibility === 'private') return { visibility: 'private' as const };
  if (audience.visibility === 'public') return { visibility: 'public' as const };
  return { visibility: 'shared' as const, shared_roles: audience.roles ?? [], shared_user_ids: audience.userIds ?? [] };
};

/**
 * Storing files: the batches an upload streams its files into (each content recorded as pending before it is
 * stored, its row written at `commit`), and the files the platform itself produces.
 */
export const createFileUploading = ({ db, logger, storage, rooms }: TFilesContext, { subjectAllows, toFileItem }: TFileAccess) => {
  const openBatch = (
    ownerId: string,
    actor: TActor | null,
    columns: Partial<repo.NewFile>,
    docType: string | undefined,
    record?: (trx: TDb, rows: repo.FileRow[]) => Promise<void>,
  ): TUploadBatch => {
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
            if (record) await record(trx, inserted);
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

  return {
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
        if (!rooms.canAccess || !(await rooms.canAccess(actor, target.roomId))) throw new AppError('NOT_FOUND', { userMessage: FILE_MSG.fileNotFound });
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
      /** Writes what the file is about in the transaction that records it: when it throws, nothing is kept. */
      record?: (trx: TDb, fileId: string) => Promise<void>,
    ): Promise<TFileItem & { sha256: string }> => {
      const { audience, allowDelete, allowEdit, subject, ...metadata } = file;
      // `subject`: attached to a record of another module (a practice's generated documents), read as its files.
      const place = subject ? { visibility: 'subject' as const, subject_type: subject.type, subject_id: subject.id } : audienceColumns(audience);
      const batch = openBatch(ownerId, null, { ...place, allow_delete: allowDelete ?? null, allow_edit: allowEdit ?? null }, undefined, record && ((trx, rows) => record(trx, rows[0]!.id)));
      await batch.add(source, '0', metadata);
      const [item] = await batch.commit();
      const [row] = await repo.findLiveFiles(db, [idOfPath(item!.path)]);
      return { ...item!, sha256: row!.sha256 };
    },
  };
};
