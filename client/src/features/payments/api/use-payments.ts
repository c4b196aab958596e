import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

/** payments.get (GET /api/payments of spec section 7): totals, how to pay and the three groups. */
export const usePayments = () => {
  const trpc = useTRPC();
  return useQuery(trpc.payments.get.queryOptions());
};
