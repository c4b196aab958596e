import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { getImpersonationRedirectUrl, getImpersonationToken } from '../impersonation-storage';
import { createSessionActions } from './session-actions';
import { fetchSessionUser, SESSION_QUERY_KEY } from './session-api';
import { SessionContext, type TSession } from './session-context';

export const SessionProvider = ({ children }: { children: ReactNode }) => {
  const queryClient = useQueryClient();
  const { data: user = null, isPending } = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSessionUser,
    retry: false,
    staleTime: 60_000,
  });
  const actions = useMemo(() => createSessionActions(queryClient), [queryClient]);

  const session = useMemo<TSession>(() => {
    // The token in sessionStorage is the truth: it survives a reload of the tab (spec section 4).
    const isImpersonating = user !== null && getImpersonationToken() !== null;
    return {
      ...actions,
      user,
      isAdmin: user?.role === 'admin' && !isImpersonating,
      isAuthenticated: user !== null,
      isLoading: isPending,
      isImpersonating,
      redirectUrl: isImpersonating ? getImpersonationRedirectUrl() : null,
    };
  }, [user, isPending, actions]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
};
