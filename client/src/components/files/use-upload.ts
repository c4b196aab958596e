import { useCallback } from 'react';
import type { TUploadResponse } from '../../../../shared/schemas/files';
import { useProgressTask } from '../../lib/use-progress-task';
import { uploadFiles, type TUploadOptions } from './files-api';
import type { TPickedFile } from './picked-file';

/** An upload with its progress (0 to 1, null when idle) and an abort; failures are shown and answer null. */
export const useUpload = () => {
  const { run, abort, progress, isRunning } = useProgressTask();
  const upload = useCallback(
    (files: readonly TPickedFile[], options: Omit<TUploadOptions, 'signal' | 'onProgress'> = {}): Promise<TUploadResponse | null> =>
      run((controls) => uploadFiles(files, { ...options, ...controls })),
    [run],
  );
  return { upload, abort, progress, isUploading: isRunning };
};
