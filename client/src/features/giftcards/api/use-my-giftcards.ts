import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

/** The gift cards received so far travel with payments.get (spec section 3: payments hold giftcards). */
export const useMyGiftcards = () => {
  const trpc = useTRPC();
  return useQuery(trpc.payments.get.queryOptions(undefined, { select: (payments) => payments.giftcards }));
};
