import { createContext, useContext } from 'react';
import type { TNav } from './features';

/** The sidebar assembled by the app from its features (app/nav.ts), for the shell's navigation. */
export const NavContext = createContext<TNav | null>(null);

export const useNav = (): TNav => {
  const nav = useContext(NavContext);
  if (!nav) throw new Error('useNav: no NavContext provider (app/providers.tsx)');
  return nav;
};
