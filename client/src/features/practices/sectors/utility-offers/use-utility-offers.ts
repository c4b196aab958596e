import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../../lib/trpc';

/** The offers of a utility sector's catalogue that a request can choose today (practices.offers). */
export const useUtilityOffers = (sector: 'luce-e-gas' | 'gpl') => {
  const trpc = useTRPC();
  return useQuery(trpc.practices.offers.queryOptions({ sector }));
};
