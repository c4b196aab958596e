import { fileRights } from '../../../shared/rules/file-permissions';
import { FILE_MSG, type TFileItem } from '../../../shared/schemas/files';
import type { TActor } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { TFilesContext } from './files.context';
import { fileItemHead, idOfPath, type TFileSubject } from './files.model';
import * as repo from './files.repository';

export const isAdmin = (actor: TActor) => actor.role === 'admin';
const isOwner = (actor: TActor, row: repo.FileRow) => row.owner_id === actor.userId;

export const notFound = () => new AppError('NOT_FOUND', { userMessage: FILE_MSG.fileNotFound });

/**
 * Who may read and change a file (its owner, the admins, its audience, its room's participants, whoever may read or
 * change its record), and a file as one caller sees it, with the rights of spec section 6.
 */
export const createFileAccess = ({ db, rooms, subjects }: TFilesContext) => {
  const subjectOf = (row: repo.FileRow): TFileSubject | null =>
    row.visibility === 'subject' && row.subject_type !== null && row.subject_id !== null ? { type: row.subject_type, id: row.subject_id } : null;
  const subjectAllows = async (actor: TActor, subject: TFileSubject, mode: 'read' | 'write') => {
    const access = subjects.get(subject.type);
    if (!access) return false;
    return mode === 'read' ? access.canRead(actor, subject.id) : access.canWrite(actor, subject.id);
  };

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
        return row.room_id !== null && rooms.canAccess !== undefined && (await rooms.canAccess(actor, row.room_id));
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
    return {
      ...fileItemHead(row),
      // The per-file flags as stored, or false where this caller may not act (widgets hide the control).
      ...(row.allow_delete !== null || !rights.canDelete ? { allowDelete: rights.canDelete } : {}),
      ...(row.allow_edit !== null || !rights.canEdit ? { allowEdit: rights.canEdit } : {}),
      mime: row.mime,
      size: Number(row.size),
      createdAt: new Date(row.created_at).toISOString(),
    };
  };

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

  return { subjectAllows, mayChange, rightsOf, toFileItem, readableRows };
};

export type TFileAccess = ReturnType<typeof createFileAccess>;
