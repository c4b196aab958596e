import { createContext } from 'react';
import type { TSessionUser } from '../../../../shared/schemas/auth';

/** The session user of spec section 3. */
export type TSession = {
  user: TSessionUser | null;
  isAdmin: boolean;
  isAuthenticated: boolean;
  isLoading: boolean;
  isImpersonating: boolean;
  /** Where to go back to when an impersonation ends. */
  redirectUrl: string | null;
  /** Records the user a login just returned. */
  signIn: (user: TSessionUser) => void;
  /** Logs out, then goes to /login with a full reload (spec section 2). */
  signOut: () => Promise<void>;
};

export const SessionContext = createContext<TSession | null>(null);
