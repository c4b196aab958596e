import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { TImportMapping, TImportResult } from '../../../../../shared/schemas/client-import';
import { http } from '../../../lib/http';
import { useTRPC } from '../../../lib/trpc';
import { useProgressTask } from '../../../lib/use-progress-task';

export type TImportSend = { file: File; mapping: TImportMapping | null; dryRun: boolean };

/**
 * POST /api/clients/import (multipart: `file0` and a `body` part with {mapping, dryRun}) with the upload's progress
 * (0 to 1, null when idle; past 1 the server is checking the rows) and an abort. A real run refreshes the client list.
 * Failures are shown and answer null.
 */
export const useClientImport = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { run, abort, progress, isRunning } = useProgressTask();

  const send = useCallback(
    ({ file, mapping, dryRun }: TImportSend): Promise<TImportResult | null> =>
      run(async ({ signal, onProgress }) => {
        const form = new FormData();
        form.append('file0', file, file.name);
        form.append('body', JSON.stringify({ mapping, dryRun }));
        const result = await http.post<TImportResult>('/api/clients/import', form, { signal, onUploadProgress: onProgress });
        if (!dryRun) await queryClient.invalidateQueries(trpc.clients.find.pathFilter());
        return result;
      }),
    [queryClient, run, trpc],
  );

  return { send, abort, progress, isSending: isRunning };
};
