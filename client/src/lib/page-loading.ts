import { useEffect, useSyncExternalStore } from 'react';

/**
 * What keeps the page-loading overlay up: every mounted "hold" (a Suspense fallback waiting for code) counts.
 * A tiny external store, so a fallback deep in the tree can hold the overlay drawn at the top.
 */
let holds = 0;
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((listener) => listener());

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Holds the overlay while the calling component is mounted. */
export const useHoldPageLoading = (): void => {
  useEffect(() => {
    holds += 1;
    emit();
    return () => {
      holds -= 1;
      emit();
    };
  }, []);
};

export const useIsPageLoadingHeld = (): boolean => useSyncExternalStore(subscribe, () => holds > 0, () => false);
