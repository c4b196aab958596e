import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect, useRef } from 'react';
import type { TSectorSlug } from '../../../../shared/sectors';
import { useOnRealtimeOpen } from '../../lib/realtime/realtime-context';
import { useTRPC } from '../../lib/trpc';

/** Collapses a burst of changes (a bulk import, a run of transitions) into one call. */
const SETTLE_MS = 800;

const SectorChanges = ({ sector, onChange }: { sector: TSectorSlug; onChange: () => void }) => {
  const trpc = useTRPC();
  useSubscription(trpc.practices.onChange.subscriptionOptions({ sector }, { onData: onChange }));
  return null;
};

/**
 * Calls `onChange` (at most once per SETTLE_MS) whenever a practice of one of `sectors` the user can see changes
 * (`practices.onChange`), and when the realtime connection (re)opens, as the subscription does not replay what was
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
  useOnRealtimeOpen(settle);
  return (
    <>
      {sectors.map((sector) => (
        <SectorChanges key={sector} sector={sector} onChange={settle} />
      ))}
    </>
  );
};
