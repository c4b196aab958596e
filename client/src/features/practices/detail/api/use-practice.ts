import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useCallback } from 'react';
import type { TPractice } from '../../../../../../shared/schemas/practices';
import type { TSectorSlug } from '../../../../../../shared/sectors';
import { useOnRealtimeOpen } from '../../../../lib/realtime/realtime-context';
import { useTRPC } from '../../../../lib/trpc';

/** One practice, as the caller reaches it (another corner's answers like a missing one). */
export const usePractice = (sector: TSectorSlug, id: string) => {
  const trpc = useTRPC();
  return useQuery(trpc.practices.get.queryOptions({ sector, id }, { retry: false }));
};

export const usePracticeHistory = (sector: TSectorSlug, id: string) => {
  const trpc = useTRPC();
  return useQuery(trpc.practices.history.queryOptions({ sector, id }));
};

/** After a change of this tab: the answer replaces the practice, and what the change touched is fetched again. */
const usePracticeChanged = (sector: TSectorSlug, id: string) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (practice: TPractice) => {
    queryClient.setQueryData(trpc.practices.get.queryKey({ sector, id }), practice);
    void queryClient.invalidateQueries({ queryKey: trpc.practices.pathKey() });
  };
};

export const useTakePractice = (sector: TSectorSlug, id: string) => {
  const trpc = useTRPC();
  const changed = usePracticeChanged(sector, id);
  return useMutation(trpc.practices.take.mutationOptions({ onSuccess: changed }));
};

export const useTransitionPractice = (sector: TSectorSlug, id: string) => {
  const trpc = useTRPC();
  const changed = usePracticeChanged(sector, id);
  return useMutation(trpc.practices.transition.mutationOptions({ onSuccess: changed }));
};

/**
 * Keeps the open practice in step with what others do (`practices.onChange` for this id): each committed change
 * (a transition, a quotation, a document, a message) refetches everything the page shows of it. When the
 * connection (re)opens it is all fetched again, as the subscription does not replay what it missed.
 */
export const usePracticeLive = (sector: TSectorSlug, id: string) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: trpc.practices.pathKey() }), [queryClient, trpc]);
  useOnRealtimeOpen(refresh);
  useSubscription(trpc.practices.onChange.subscriptionOptions({ sector, id }, { onData: refresh }));
};

/** New data for the practice (its corner or an admin, while the state allows changes). */
export const useUpdatePractice = (sector: TSectorSlug, id: string) => {
  const trpc = useTRPC();
  const changed = usePracticeChanged(sector, id);
  return useMutation(trpc.practices.update.mutationOptions({ onSuccess: changed }));
};
