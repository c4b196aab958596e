import type { TRole } from '../../../../shared/constants';
import { fileRights, type TFileRightOption } from '../../../../shared/rules/file-permissions';
import { isPreviewable } from './file-kinds';

/** A file as the list widget shows it: the document item of spec section 3 plus what the caller knows. */
export type TListFile = {
  name: string;
  path: string;
  mime?: string | null;
  size?: number | null;
  docType?: string | null;
  allowDelete?: boolean | null;
  allowEdit?: boolean | null;
  /** Shown when the list knows it (admin lists do). */
  createdAt?: string | Date | null;
};

export type TFileListOptions = { canDelete?: TFileRightOption; canEdit?: TFileRightOption };

/** Which controls a row shows: preview (spec section 5), download always, rename and delete by spec section 6. */
export const fileControls = (file: TListFile, role: TRole | null | undefined, options: TFileListOptions = {}) => {
  const rights = fileRights({ file, role, options });
  return { canPreview: isPreviewable(file), canDownload: true, canRename: rights.canEdit, canDelete: rights.canDelete };
};
