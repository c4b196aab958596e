import type { Readable, Transform } from 'node:stream';
import type { TRole } from '../../../shared/constants';
import type { TFileItem, TUploadMetadata } from '../../../shared/schemas/files';
import type { TActor } from '../../platform/context';
import type * as repo from './files.repository';

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

/** A file's reference as clients see it. */
export const filePath = (id: string) => `files/${id}`;
export const idOfPath = (value: string) => value.replace(/^files\//, '');

/** The fields a file opens with wherever clients see it (file items, admin documents): its metadata only when any. */
export const fileItemHead = (row: repo.FileRow) => {
  const metadata = row.metadata && Object.keys(row.metadata).length > 0 ? row.metadata : undefined;
  return { name: row.name, path: filePath(row.id), docType: row.doc_type, ...(metadata ? { metadata } : {}) };
};
