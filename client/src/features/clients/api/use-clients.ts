import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { TClientRow } from '../clients-list';

/** GET /api/clients?page=1&limit=0 (spec sections 7 and 9: all of them); search, sort and paging run here. */
export const useClients = () =>
  useQuery({
    queryKey: ['clients', 'all'],
    queryFn: ({ signal }) => http.get<TClientRow[]>('/api/clients', { query: { page: 1, limit: 0 }, signal }),
  });
