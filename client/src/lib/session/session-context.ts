import { createContext } from 'react';
import type { TSessionUser } from '../../../../shared/schemas/auth';
import type { TSessionActions } from './session-actions';

/** The session user of spec section 3, with what can be done to it. */
export type TSession = TSessionActions & {
  user: TSessionUser | null;
  isAdmin: boolean;
  isAuthenticated: boolean;
  isLoading: boolean;
  isImpersonating: boolean;
  /** Where to go back to when an impersonation ends. */
  redirectUrl: string | null;
};

export const SessionContext = createContext<TSession | null>(null);
