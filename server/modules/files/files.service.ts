import type { TServiceDeps } from '../../platform/deps';
import { sweepOrphanBlobs } from './blob-sweeper';
import { createFileAccess } from './files.access';
import { createFileChanges } from './files.changes';
import { createFilesContext, type TFilesOptions } from './files.context';
import type { TRoomAccessResolver } from './files.model';
import { createFileReading } from './files.reading';
import { createSubjectFiles } from './files.subjects';
import { createFileUploading } from './files.uploading';

export type { TFilesOptions } from './files.context';
export {
  filePath,
  type TDownloadEntry,
  type TFileAudience,
  type TFileSubject,
  type TRoomAccessResolver,
  type TSubjectAccess,
  type TUploadBatch,
  type TUploadTarget,
} from './files.model';

/**
 * The files service, made of units sharing one context (files.context.ts: storage, subjects registry, room-access
 * resolver) and the access rules (files.access.ts): storing uploads and generated files (files.uploading.ts),
 * reading and downloads (files.reading.ts), records' files (files.subjects.ts), renaming and deleting (files.changes.ts).
 */
export const createFilesService = (deps: TServiceDeps, options: TFilesOptions = {}) => {
  const context = createFilesContext(deps, options);
  const access = createFileAccess(context);
  return {
    storage: context.storage,
    /** Limits of every upload endpoint (UPLOAD_MAX_* settings). */
    uploadLimits: deps.config.uploads,

    /**
     * Removes the contents that interrupted uploads or generated files left without a row, and stale temporary
     * files, once FILES_ORPHAN_GRACE_SECONDS old; the server runs it at start and periodically.
     */
    sweepOrphans: () => sweepOrphanBlobs({ db: deps.db, storage: context.storage, graceMs: deps.config.filesOrphanGraceMs }),

    /** Lets the chat service (built later) say who may read a room's files. */
    setRoomAccessResolver: (resolver: TRoomAccessResolver) => {
      context.rooms.canAccess = resolver;
    },

    ...createFileUploading(context, access),
    ...createFileReading(context, access),
    ...createSubjectFiles(context, access),
    ...createFileChanges(context, access),
  };
};

export type TFilesService = ReturnType<typeof createFilesService>;
