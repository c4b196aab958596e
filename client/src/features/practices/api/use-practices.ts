import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPractice } from '../../../../../shared/schemas/practices';
import type { TSectorSlug } from '../../../../../shared/sectors';
import { useTRPC } from '../../../lib/trpc';
import type { TPracticesQuery } from '../practices-list';

/**
 * One page of a sector's practices (practices.list: filtered, sorted and paged on the server, so a corner with
 * thousands of requests loads 20 of them); while the next page or filter loads, the previous answer stays on screen.
 */
export const usePractices = (sector: TSectorSlug, query: TPracticesQuery, { enabled = true }: { enabled?: boolean } = {}) => {
  const trpc = useTRPC();
  return useQuery({ ...trpc.practices.list.queryOptions({ sector, ...query }), placeholderData: keepPreviousData, enabled });
};

/** After a change made here: the practice's own query takes the answer, every practices query is fetched again. */
const usePracticeSaved = () => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (practice: TPractice) => {
    queryClient.setQueryData(trpc.practices.get.queryKey({ sector: practice.sector, id: practice.id }), practice);
    void queryClient.invalidateQueries({ queryKey: trpc.practices.pathKey() });
  };
};

export const useCreatePractice = () => {
  const trpc = useTRPC();
  const saved = usePracticeSaved();
  return useMutation(trpc.practices.create.mutationOptions({ onSuccess: saved }));
};

/** "Prendi in carico" from a list row (the detail page has its own). */
export const useTakeFromList = () => {
  const trpc = useTRPC();
  const saved = usePracticeSaved();
  return useMutation(trpc.practices.take.mutationOptions({ onSuccess: saved }));
};
