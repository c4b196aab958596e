import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { TOutcomeReport, TUtilityBulkSector } from '../../../../../shared/schemas/utility-bulk';
import { showApiError } from '../../../lib/api-error-display';
import { http } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useProgressTask } from '../../../lib/use-progress-task';
import { saveFile } from '../../../lib/save-file';
import { base64ToBytes, exportedMessage } from './utility-bulk';

/** practices.bulk.export: the selected activations as a CSV or Excel file for the supplier's portal, saved at once. */
export const useExportActivations = () => {
  const trpc = useTRPC();
  return useMutation(
    trpc.practices.bulk.export.mutationOptions({
      onSuccess: (file) => {
        saveFile(base64ToBytes(file.base64), file.filename, file.mime);
        toast('success', exportedMessage(file.count));
      },
      onError: showApiError,
    }),
  );
};

/**
 * POST /api/practices/:sector/outcomes (multipart `file`): the supplier's outcome file, with the upload's progress
 * (0 to 1, null when idle) and an abort; answers the report row by row and fetches the practices again, or null
 * after a failure, which is shown.
 */
export const useOutcomeImport = (sector: TUtilityBulkSector) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { run, abort, progress, isRunning } = useProgressTask();

  const send = useCallback(
    (file: File): Promise<TOutcomeReport | null> =>
      run(async ({ signal, onProgress }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        const report = await http.post<TOutcomeReport>(`/api/practices/${encodeURIComponent(sector)}/outcomes`, form, { signal, onUploadProgress: onProgress });
        void queryClient.invalidateQueries({ queryKey: trpc.practices.pathKey() });
        return report;
      }),
    [queryClient, run, sector, trpc],
  );

  return { send, abort, progress, isSending: isRunning };
};
