import { useCallback, useState } from 'react';
import { setAllSelected, toggleSelected } from './utility-bulk';

const NONE: ReadonlySet<string> = new Set();

/**
 * The activations chosen in a worklist, by id: they stay chosen while the broker pages, filters and sorts, and a
 * change of `scope` (the sector) starts again from none.
 */
export const useActivationSelection = (scope: string) => {
  const [state, setState] = useState<{ scope: string; ids: ReadonlySet<string> }>({ scope, ids: NONE });
  const selected = state.scope === scope ? state.ids : NONE;

  const update = useCallback(
    (change: (current: ReadonlySet<string>) => ReadonlySet<string>) => setState((previous) => ({ scope, ids: change(previous.scope === scope ? previous.ids : NONE) })),
    [scope],
  );
  const onToggle = useCallback((id: string) => update((current) => toggleSelected(current, id)), [update]);
  const onToggleAll = useCallback((ids: string[], checked: boolean) => update((current) => setAllSelected(current, ids, checked)), [update]);
  const clear = useCallback(() => update(() => NONE), [update]);

  return { selected, onToggle, onToggleAll, clear };
};
