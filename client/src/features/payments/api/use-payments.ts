import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { TPaymentsResponse } from '../payment-types';

/** GET /api/payments (spec section 7): totals, how to pay and the three groups. */
export const usePayments = () =>
  useQuery({
    queryKey: ['payments'],
    queryFn: ({ signal }) => http.get<TPaymentsResponse>('/api/payments', { signal }),
  });
