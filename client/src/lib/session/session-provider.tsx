import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import type { TSessionUser } from '../../../../shared/schemas/auth';
import { clearImpersonation, getImpersonationRedirectUrl, getImpersonationToken } from '../impersonation-storage';
import { fetchSessionUser, logout, SESSION_QUERY_KEY } from './session-api';
import { SessionContext, type TSession } from './session-context';

/** Where logout lands; not a public route, so the guard forwards it to /accedi (spec section 2). */
const AFTER_LOGOUT_URL = '/login';

export const SessionProvider = ({ children }: { children: ReactNode }) => {
  const queryClient = useQueryClient();
  const { data: user = null, isPending } = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSessionUser,
    retry: false,
    staleTime: 60_000,
  });

  const signIn = useCallback(
    (nextUser: TSessionUser) => {
      // After an expired session someone else may sign in here: nothing cached for the last user may show.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, nextUser);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    await logout();
    clearImpersonation();
    window.location.assign(AFTER_LOGOUT_URL);
  }, []);

  const session = useMemo<TSession>(() => {
    const isImpersonating = user !== null && getImpersonationToken() !== null;
    return {
      user,
      isAdmin: user?.role === 'admin' && !isImpersonating,
      isAuthenticated: user !== null,
      isLoading: isPending,
      isImpersonating,
      redirectUrl: isImpersonating ? getImpersonationRedirectUrl() : null,
      signIn,
      signOut,
    };
  }, [user, isPending, signIn, signOut]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
};
