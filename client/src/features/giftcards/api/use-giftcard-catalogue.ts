import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

/** The cards the user may choose (of a category, or all), its comune and its current choice; and the two changes. */
export const useGiftcardCatalogue = (categoryId: string | null) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const catalogue = useQuery({ ...trpc.giftcards.catalogue.queryOptions(categoryId ? { categoryId } : {}), placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.giftcards.catalogue.queryKey() });
  const choose = useMutation(trpc.giftcards.choose.mutationOptions({ onSuccess: refresh }));
  const setComune = useMutation(trpc.giftcards.setComune.mutationOptions({ onSuccess: refresh }));
  return { catalogue, choose, setComune };
};
