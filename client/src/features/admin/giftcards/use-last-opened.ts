import { useRef } from 'react';

/**
 * The record a dialog was last opened with: while it fades out (its record already null), its title keeps saying
 * «Nuova…» or «Modifica…» as it did, instead of flipping.
 */
export const useLastOpened = <T,>(item: T | null): T | null => {
  const last = useRef<T | null>(item);
  if (item !== null) last.current = item;
  return last.current;
};
