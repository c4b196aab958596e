import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TClient } from '../../../../../shared/schemas/data';
import type { TClientRecord } from '../../../../../shared/schemas/client-record';
import { useTRPC } from '../../../lib/trpc';
import { toClientRow, upsertClientRow } from '../client-form-values';

/**
 * The pages of use-clients.ts (server-side, one query per page, filter and order), kept in step with what is
 * created, changed and deleted here: a row on a page shown is replaced by id or dropped at once, then every page
 * is fetched again, since what a change moves in or out of a filtered, sorted page only the server knows. A new
 * client is seen first (spec section 3) as the list switches to the newest (ClientsListView's showCreated).
 */
const useListCache = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = (change: (rows: TClient[]) => TClient[]) => {
    queryClient.setQueriesData(trpc.clients.find.pathFilter(), (answer: { list: TClient[]; total: number } | undefined) =>
      answer ? { ...answer, list: change(answer.list) } : answer,
    );
    void queryClient.invalidateQueries(trpc.clients.find.pathFilter());
  };
  return {
    put: (record: TClientRecord) => update((rows) => (rows.some((row) => row.id === record.id) ? upsertClientRow(rows, toClientRow(record)) : rows)),
    drop: (id: string) => update((rows) => rows.filter((row) => row.id !== id)),
  };
};

export const useClientRecord = (id: string) => {
  const trpc = useTRPC();
  return useQuery(trpc.clients.get.queryOptions({ id }, { retry: false }));
};

export const useCreateClient = () => {
  const trpc = useTRPC();
  const list = useListCache();
  return useMutation(trpc.clients.create.mutationOptions({ onSuccess: (record) => list.put(record) }));
};

export const useUpdateClient = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useListCache();
  return useMutation(
    trpc.clients.update.mutationOptions({
      onSuccess: (record) => {
        queryClient.setQueryData(trpc.clients.get.queryKey({ id: record.id }), record);
        list.put(record);
      },
    }),
  );
};

export const useRemoveClient = () => {
  const trpc = useTRPC();
  const list = useListCache();
  return useMutation(trpc.clients.remove.mutationOptions({ onSuccess: (_answer, { id }) => list.drop(id) }));
};

export const useClientNotes = (id: string) => {
  const trpc = useTRPC();
  return useQuery(trpc.clients.notes.list.queryOptions({ id }));
};

export const useAddClientNote = (clientId: string) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.clients.notes.add.mutationOptions({
      onSuccess: (note) => queryClient.setQueryData(trpc.clients.notes.list.queryKey({ id: clientId }), (notes) => [note, ...(notes ?? [])]),
    }),
  );
};
