import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

/** news.list (GET /api/admin/news): every news item with its schedule, pinned first (admins). */
export const useAdminNews = () => {
  const trpc = useTRPC();
  return useQuery(trpc.news.list.queryOptions());
};
