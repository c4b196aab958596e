import { useEffect, useState } from 'react';

/** Whole seconds from now until `at` (0 once passed), updated every second; null without a time. */
export const useSecondsUntil = (at: Date | null | undefined): number | null => {
  const target = at ? at.getTime() : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (target === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [target]);
  if (target === null || Number.isNaN(target)) return null;
  return Math.max(0, Math.ceil((target - now) / 1000));
};

/** 125 -> "2:05". */
export const formatCountdown = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
