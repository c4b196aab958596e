import type { TServiceDeps } from '../../platform/deps';
import { createConfiguredStorage } from './configured-storage';
import type { TRoomAccessResolver, TSubjectAccess } from './files.model';
import type { TFileStorage } from './storage';

export type TFilesOptions = {
  /** Read access to files attached to a chat room; without it only their uploader and admins read them. */
  canAccessRoom?: TRoomAccessResolver;
  /** Where contents live; by default as configured (STORAGE): local disk under DATA_DIR/files, or a bucket. */
  storage?: TFileStorage;
};

/**
 * What the files service's units share, created once by createFilesService: its dependencies, the storage of the
 * contents, the registry of subjects (who reads and changes a record's files) and the chat room-access resolver
 * (set later by the chat service, hence held in a box every unit reads at call time).
 */
export const createFilesContext = ({ db, config, logger }: TServiceDeps, options: TFilesOptions = {}) => {
  const storage: TFileStorage = options.storage ?? createConfiguredStorage(config);
  const rooms: { canAccess: TRoomAccessResolver | undefined } = { canAccess: options.canAccessRoom };
  const subjects = new Map<string, TSubjectAccess>();
  return { db, config, logger, storage, rooms, subjects };
};

export type TFilesContext = ReturnType<typeof createFilesContext>;
