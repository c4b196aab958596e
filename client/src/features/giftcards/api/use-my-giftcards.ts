import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export type TGiftcardRow = { id: string; name: string; amount: number; code: string; createdAt: string };

/** The gift cards received so far travel with GET /api/payments (spec section 3: payments hold giftcards). */
export const useMyGiftcards = () =>
  useQuery({
    queryKey: ['payments', 'giftcards'],
    queryFn: ({ signal }) => http.get<{ giftcards: TGiftcardRow[] }>('/api/payments', { signal }),
    select: (payments) => payments.giftcards,
  });
