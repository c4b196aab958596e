import { useQuery } from '@tanstack/react-query';
import type { TFileItem } from '../../../../../shared/schemas/files';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';

/** The server pages files.list by at most 100; the documents page reads them all (a corner has a few dozen). */
const PAGE_LIMIT = 100;
const MAX_PAGES = 10;

/**
 * Every document the caller sees (own and published), newest first, under the key of files.list: invalidating
 * `trpc.files.list.pathKey()` reloads it.
 */
export const useAllDocuments = () => {
  const trpc = useTRPC();
  const client = useTRPCClient();
  return useQuery({
    queryKey: trpc.files.list.queryKey({ page: 1, limit: PAGE_LIMIT }),
    queryFn: async ({ signal }) => {
      const all: TFileItem[] = [];
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const answer = await client.files.list.query({ page, limit: PAGE_LIMIT }, { signal });
        all.push(...answer.list);
        if (all.length >= answer.total || answer.list.length < PAGE_LIMIT) break;
      }
      return { list: all, total: all.length };
    },
    select: (answer) => answer.list,
  });
};

/** GET /api/docs/contract/preview: the unsigned contract to read before asking for a code (PDF, inline). */
export const CONTRACT_PREVIEW_URL = '/api/docs/contract/preview';
/** The same PDF as an attachment. */
export const CONTRACT_PREVIEW_DOWNLOAD_URL = `${CONTRACT_PREVIEW_URL}?download=1`;
