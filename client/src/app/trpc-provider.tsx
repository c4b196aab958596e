import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createTrpcClient, TRPCProvider } from '../lib/trpc';

/**
 * tRPC over the app's one QueryClient. Mounted by the signed-in shell, not at the root: the public pages use no
 * tRPC, and keeping @trpc/client and superjson out of their bundle keeps /accedi within its weight budget.
 */
export const TrpcProvider = ({ children }: { children: ReactNode }) => {
  const queryClient = useQueryClient();
  const [trpcClient] = useState(createTrpcClient);
  return (
    <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
      {children}
    </TRPCProvider>
  );
};
