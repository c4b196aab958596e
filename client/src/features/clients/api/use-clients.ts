import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

/** clients.find with limit 0 (spec sections 7 and 9: all of them); search, sort and paging run here. */
export const useClients = () => {
  const trpc = useTRPC();
  return useQuery(trpc.clients.find.queryOptions({ page: 1, limit: 0 }, { select: (answer) => answer.list }));
};
