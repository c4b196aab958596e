import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TClient } from '../../../../../shared/schemas/data';
import { toApiError } from '../../../lib/api-error';
import { getImpersonationToken } from '../../../lib/impersonation-storage';
import { useTRPC } from '../../../lib/trpc';

/** A client's documents (files attached to it, each with its docType). */
export const useClientDocuments = (clientId: string) => {
  const trpc = useTRPC();
  return useQuery(trpc.clients.documents.list.queryOptions({ id: clientId }, { retry: false }));
};

/** Reloads a client's documents (after an upload, a rename, a delete). */
export const useRefreshClientDocuments = (clientId: string) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.clients.documents.list.queryKey({ id: clientId }) });
};

/** GDPR erasure: on success the client leaves the lists (the page then leaves the record). */
export const useEraseClient = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.clients.gdpr.erase.mutationOptions({
      onSuccess: (_answer, { id }) => {
        queryClient.setQueriesData(trpc.clients.find.pathFilter(), (answer: { list: TClient[]; total: number } | undefined) =>
          answer ? { ...answer, list: answer.list.filter((row) => row.id !== id) } : answer,
        );
        void queryClient.invalidateQueries(trpc.clients.find.pathFilter());
      },
    }),
  );
};

const fileNameOf = (disposition: string | null, fallback: string) => {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      return fallback;
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
};

/**
 * Downloads GET /api/clients/:id/export (the GDPR zip) with one request (each export is written to the audit log,
 * so no status probe first), and saves it under the server's name. Throws the server's error (Italian message).
 */
export const downloadClientExport = async (clientId: string): Promise<void> => {
  const headers = new Headers();
  const token = getImpersonationToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(`/api/clients/${encodeURIComponent(clientId)}/export`, { credentials: 'same-origin', headers });
  if (!response.ok) {
    const text = await response.text();
    const isJson = response.headers.get('Content-Type')?.includes('json') ?? false;
    let body: unknown = text;
    try {
      body = isJson ? (JSON.parse(text) as unknown) : text;
    } catch {
      body = text;
    }
    throw toApiError(response.status, body);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('Content-Disposition'), 'dati-cliente.zip');
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
};
