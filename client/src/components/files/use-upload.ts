import { useCallback, useEffect, useRef, useState } from 'react';
import type { TUploadResponse } from '../../../../shared/schemas/files';
import { ApiError } from '../../lib/api-error';
import { showApiError } from '../../lib/api-error-display';
import { toast } from '../../lib/toast';
import { uploadFiles, type TUploadOptions } from './files-api';
import type { TPickedFile } from './picked-file';

/** An upload with its progress (0 to 1, null when idle) and an abort; failures are shown and answer null. */
export const useUpload = () => {
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const upload = useCallback(async (files: readonly TPickedFile[], options: Omit<TUploadOptions, 'signal' | 'onProgress'> = {}): Promise<TUploadResponse | null> => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setProgress(0);
    try {
      return await uploadFiles(files, { ...options, signal: current.signal, onProgress: setProgress });
    } catch (error) {
      if (error instanceof ApiError && error.isAborted) toast('info', 'Caricamento annullato.');
      else showApiError(error);
      return null;
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setProgress(null);
      }
    }
  }, []);

  const abort = useCallback(() => controller.current?.abort(), []);

  return { upload, abort, progress, isUploading: progress !== null };
};
