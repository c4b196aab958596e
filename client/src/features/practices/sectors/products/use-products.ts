import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../../lib/trpc';
import type { TChosenProduct } from './product-form-values';
import type { TProductSector } from './product-labels';

export type { TProductSector } from './product-labels';

/** The products a request can choose now (active, each at its latest version), in the admin's order. */
export const useOfferedProducts = (sector: TProductSector, { enabled = true }: { enabled?: boolean } = {}) => {
  const trpc = useTRPC();
  return useQuery({ ...trpc.products.offered.queryOptions({ sector }), enabled });
};

/**
 * One frozen version of a product (what a practice was filled with): never changes once published, so it is kept
 * for the session. Idle when no product is named.
 */
export const useProductVersion = (sector: TProductSector, product: TChosenProduct | null) => {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.products.version.queryOptions({ sector, id: product?.id ?? '', version: product?.version ?? 1 }),
    enabled: product !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60 * 60 * 1000,
  });
};
