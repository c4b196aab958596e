import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect, useRef } from 'react';
import type { TSectorSlug } from '../../../../shared/sectors';
import { useTRPC } from '../../lib/trpc';

/** Collapses a burst of changes (a bulk import, a run of transitions) into one call. */
const SETTLE_MS = 800;

const SectorChanges = ({ sector, onChange }: { sector: TSectorSlug; onChange: () => void }) => {
  const trpc = useTRPC();
  useSubscription(trpc.practices.onChange.subscriptionOptions({ sector }, { onStarted: onChange, onData: onChange }));
  return null;
};

/**
 * Calls `onChange` (at most once per SETTLE_MS) whenever a practice of one of `sectors` the user can see changes
 * (`practices.onChange`), and each time its subscriptions start (on opening and after every drop), as the subscription does not replay what was
 * missed. For reports over many practices (the dashboard, the stuck-work board) that refetch rather than patch.
 */
export const PracticeChanges = ({ sectors, onChange }: { sectors: readonly TSectorSlug[]; onChange: () => void }) => {
  const latest = useRef(onChange);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const settle = useRef(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, SETTLE_MS);
  }).current;
  return (
    <>
      {sectors.map((sector) => (
        <SectorChanges key={sector} sector={sector} onChange={settle} />
      ))}
    </>
  );
};
