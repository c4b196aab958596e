import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSectorSlug } from '../../../../../../shared/sectors';
import { useTRPC } from '../../../../lib/trpc';

export const usePracticeThread = (sector: TSectorSlug, id: string) => {
  const trpc = useTRPC();
  return useQuery(trpc.practices.thread.list.queryOptions({ sector, id }));
};

/** A message sent joins the conversation at once; the rest of the page hears of it too (history, live). */
export const useSendToThread = (sector: TSectorSlug, id: string) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.practices.thread.send.mutationOptions({
      onSuccess: (message) => {
        queryClient.setQueryData(trpc.practices.thread.list.queryKey({ sector, id }), (thread) =>
          thread ? { ...thread, roomId: message.roomId, messages: thread.messages.some((known) => known.id === message.id) ? thread.messages : [...thread.messages, message] } : thread,
        );
        void queryClient.invalidateQueries({ queryKey: trpc.practices.thread.list.queryKey({ sector, id }) });
      },
    }),
  );
};

/** "Archivia nella pratica": a chat attachment becomes one of the practice's documents. */
export const useFileToPractice = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(trpc.practices.thread.fileToPractice.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.practices.pathKey() }) }));
};
