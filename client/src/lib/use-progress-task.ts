import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api-error';
import { showApiError } from './api-error-display';
import { toast } from './toast';

/** What a task gets: the signal that aborts it and where it reports its progress (0 to 1). */
export type TProgressTaskControls = { signal: AbortSignal; onProgress: (progress: number) => void };

/**
 * One request at a time with its progress (0 to 1, null when idle) and an abort (an upload, an import): a new run
 * aborts the one before, leaving the page aborts it, an abort is a notice and any other failure is shown; a failed
 * or aborted run answers null.
 */
export const useProgressTask = () => {
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(async <T,>(task: (controls: TProgressTaskControls) => Promise<T>): Promise<T | null> => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setProgress(0);
    try {
      return await task({ signal: current.signal, onProgress: setProgress });
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
  return { run, abort, progress, isRunning: progress !== null };
};
