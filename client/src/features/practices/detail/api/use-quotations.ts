import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TQuotation } from '../../../../../../shared/schemas/quotations';
import type { TSectorSlug } from '../../../../../../shared/sectors';
import { buildUploadForm, type TPickedFile } from '../../../../components/files/picked-file';
import { http } from '../../../../lib/http';
import { useTRPC } from '../../../../lib/trpc';

export const useQuotations = (sector: TSectorSlug, id: string, enabled = true) => {
  const trpc = useTRPC();
  return useQuery(trpc.practices.quotations.list.queryOptions({ sector, id }, { enabled }));
};

/** "Scegli": the answer is the practice's quotations, exactly one chosen. */
export const useChooseQuotation = (sector: TSectorSlug, id: string) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.practices.quotations.choose.mutationOptions({
      onSuccess: (list) => {
        queryClient.setQueryData(trpc.practices.quotations.list.queryKey({ sector, id }), list);
        void queryClient.invalidateQueries({ queryKey: trpc.practices.pathKey() });
      },
    }),
  );
};

/**
 * Saves a quotation through REST (issue 15 "Interfaces"): with a PDF, multipart (the PDF as `file0`, the quotation
 * JSON as the `body` part) with the upload's progress and an abort; without, a JSON body. A new one is a POST on
 * the practice's quotations, a change a PATCH on the quotation. Failures are thrown for the dialog to show.
 */
export const useSaveQuotation = (sector: TSectorSlug, id: string) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const save = useCallback(
    async (qid: string | null, quotation: Record<string, unknown>, file: TPickedFile | null): Promise<TQuotation> => {
      const base = `/api/practices/${encodeURIComponent(sector)}/${encodeURIComponent(id)}/quotations`;
      const url = qid ? `${base}/${encodeURIComponent(qid)}` : base;
      const send = qid ? http.patch<TQuotation> : http.post<TQuotation>;
      const current = new AbortController();
      controller.current = current;
      try {
        if (!file) return await send(url, quotation, { signal: current.signal });
        setProgress(0);
        return await send(url, buildUploadForm([file], quotation), { signal: current.signal, onUploadProgress: setProgress });
      } finally {
        if (controller.current === current) controller.current = null;
        setProgress(null);
        void queryClient.invalidateQueries({ queryKey: trpc.practices.pathKey() });
      }
    },
    [sector, id, queryClient, trpc],
  );
  const abort = useCallback(() => controller.current?.abort(), []);
  return { save, abort, progress };
};
