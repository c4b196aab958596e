import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import { toClientsQuery, type TClientsListState } from '../clients-list';

/**
 * One page of clients.find (issue 14: filtered, sorted and paged on the server, so a book of 100,000 clients
 * loads 25 of them); while the next page or search loads, the previous answer stays on screen.
 */
export const useClients = (state: TClientsListState, { byCorner }: { byCorner: boolean }) => {
  const trpc = useTRPC();
  return useQuery({ ...trpc.clients.find.queryOptions(toClientsQuery(state, { byCorner })), placeholderData: keepPreviousData });
};
