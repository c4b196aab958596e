import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TClient } from '../../../../../shared/schemas/data';
import type { TClientRecord } from '../../../../../shared/schemas/client-record';
import { useTRPC } from '../../../lib/trpc';
import { toClientRow, upsertClientRow } from '../client-form-values';

/** The list query of use-clients.ts, kept in step with what is created, changed and deleted here. */
const useListCache = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.clients.find.queryKey({ page: 1, limit: 0 });
  const update = (change: (rows: TClient[]) => TClient[]) =>
    queryClient.setQueryData(key, (answer) => (answer ? { ...answer, list: change(answer.list), total: change(answer.list).length } : answer));
  return {
    put: (record: TClientRecord) => update((rows) => upsertClientRow(rows, toClientRow(record))),
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
