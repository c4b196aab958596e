import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPrecontract } from '../../../../../../shared/schemas/precontract';
import type { TSectorSlug } from '../../../../../../shared/sectors';
import { useTRPC } from '../../../../lib/trpc';

export const usePrecontract = (sector: TSectorSlug, id: string) => {
  const trpc = useTRPC();
  return useQuery(trpc.practices.precontract.get.queryOptions({ sector, id }));
};

/** The pack's changes answer the pack: it replaces the cached one, and the practice's other queries refetch. */
const usePackChanged = (sector: TSectorSlug, id: string) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (precontract: TPrecontract) => {
    queryClient.setQueryData(trpc.practices.precontract.get.queryKey({ sector, id }), precontract);
    void queryClient.invalidateQueries({ queryKey: trpc.practices.pathKey() });
  };
};

export const useSaveQuestionnaire = (sector: TSectorSlug, id: string) => {
  const trpc = useTRPC();
  const changed = usePackChanged(sector, id);
  return useMutation(trpc.practices.precontract.saveQuestionnaire.mutationOptions({ onSuccess: changed }));
};

export const useSendPrecontract = (sector: TSectorSlug, id: string) => {
  const trpc = useTRPC();
  const changed = usePackChanged(sector, id);
  return useMutation(trpc.practices.precontract.send.mutationOptions({ onSuccess: (answer) => changed(answer.precontract) }));
};

export const usePaperPrecontract = (sector: TSectorSlug, id: string) => {
  const trpc = useTRPC();
  const changed = usePackChanged(sector, id);
  return useMutation(trpc.practices.precontract.paper.mutationOptions({ onSuccess: changed }));
};
