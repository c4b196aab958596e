import { showApiError } from '../../lib/api-error-display';
import { toast } from '../../lib/toast';
import type { TListFile } from './file-controls';
import { deleteFile, renameFile } from './files-api';

export type TFileActionCallbacks = {
  onRenamed?: (file: TListFile, name: string) => void;
  onDeleted?: (file: TListFile) => void;
  /** Replaces DELETE /api/docs/delete (spec section 7: the call is skipped when a custom delete is given). */
  deleteFile?: (file: TListFile) => Promise<boolean>;
};

/**
 * Rename and delete of spec section 7: on failure the error is displayed and the action yields false; on success
 * the server's message is shown and the caller told.
 */
export const useFileActions = (callbacks: TFileActionCallbacks) => {
  const rename = async (file: TListFile, name: string): Promise<boolean> => {
    try {
      const answer = await renameFile(file.path, name);
      toast('success', answer.message);
      callbacks.onRenamed?.(file, answer.file.name);
      return true;
    } catch (error) {
      showApiError(error);
      return false;
    }
  };

  const remove = async (file: TListFile): Promise<boolean> => {
    if (callbacks.deleteFile) {
      const isDone = await callbacks.deleteFile(file);
      if (isDone) callbacks.onDeleted?.(file);
      return isDone;
    }
    try {
      const answer = await deleteFile(file.path);
      toast('success', answer.message);
      callbacks.onDeleted?.(file);
      return true;
    } catch (error) {
      showApiError(error);
      return false;
    }
  };

  return { rename, remove };
};
