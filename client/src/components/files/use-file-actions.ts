import { useMutation } from '@tanstack/react-query';
import { showApiError } from '../../lib/api-error-display';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import type { TListFile } from './file-controls';

export type TFileActionCallbacks = {
  onRenamed?: (file: TListFile, name: string) => void;
  onDeleted?: (file: TListFile) => void;
  /** Replaces files.delete (spec section 7: the call is skipped when a custom delete is given). */
  deleteFile?: (file: TListFile) => Promise<boolean>;
};

/**
 * Rename and delete of spec section 7: on failure the error is displayed and the action yields false; on success
 * the server's message is shown and the caller told.
 */
export const useFileActions = (callbacks: TFileActionCallbacks) => {
  const trpc = useTRPC();
  const renameFile = useMutation(trpc.files.rename.mutationOptions());
  const deleteFile = useMutation(trpc.files.delete.mutationOptions());

  const rename = async (file: TListFile, name: string): Promise<boolean> => {
    try {
      const answer = await renameFile.mutateAsync({ path: file.path, name });
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
      const answer = await deleteFile.mutateAsync({ path: file.path });
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
