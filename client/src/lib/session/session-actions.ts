import type { QueryClient } from '@tanstack/react-query';
import type { TSessionUser } from '../../../../shared/schemas/auth';
import { clearImpersonation, getImpersonationRedirectUrl, getImpersonationToken, saveImpersonation } from '../impersonation-storage';
import { fetchSessionUser, loginAs, logout, SESSION_QUERY_KEY } from './session-api';

/** Where logout lands; not a public route, so the guard forwards it to /accedi (spec section 2). */
const AFTER_LOGOUT_URL = '/login';

const isOtherThanSession = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== SESSION_QUERY_KEY[0];

export type TSessionActions = ReturnType<typeof createSessionActions>;

export const createSessionActions = (queryClient: QueryClient) => {
  /**
   * The session now belongs to `user` (or to no one): nothing cached for the previous user may show. Queries on
   * screen start again (they refetch with the new credentials), the others are dropped.
   */
  const switchUser = (user: TSessionUser | null): void => {
    queryClient.setQueryData(SESSION_QUERY_KEY, user);
    queryClient.removeQueries({ predicate: isOtherThanSession, type: 'inactive' });
    void queryClient.resetQueries({ predicate: isOtherThanSession, type: 'active' });
  };

  /** Ends the login-as session on the server (the bearer logout spares the admin's cookie), then locally. */
  const endImpersonation = async (): Promise<void> => {
    await logout();
    clearImpersonation();
  };

  /** The admin's own session, asked with the cookie alone; `null` when it is gone too. */
  const recheckSession = async (): Promise<TSessionUser | null> => {
    const user = await fetchSessionUser().catch(() => null);
    switchUser(user);
    return user;
  };

  return {
    /** Records the user a login just returned. */
    signIn: (user: TSessionUser) => switchUser(user),

    /**
     * Logs out, then goes to /login with a full reload (spec section 2). While impersonating, the login-as
     * session ends first and then the admin's own: the admin never stays half signed-in as someone else. If
     * the second call fails, the app shows the admin's session as it really is and rethrows for display.
     */
    signOut: async (): Promise<void> => {
      if (getImpersonationToken()) {
        await endImpersonation();
        try {
          await logout();
        } catch (error) {
          await recheckSession();
          throw error;
        }
      } else {
        await logout();
      }
      window.location.assign(AFTER_LOGOUT_URL);
    },

    /** Spec section 4: acts as `userId` with a bearer token from now on; `returnTo` is where the admin comes back. */
    startImpersonation: async (userId: string, returnTo: string): Promise<void> => {
      const { token, id, role, state } = await loginAs(userId);
      saveImpersonation(token, returnTo);
      switchUser({ id, role, state });
    },

    /** 'Torna al tuo account': resolves with the address to go to, the saved one or '/' if the check fails. */
    stopImpersonation: async (): Promise<string> => {
      const returnTo = getImpersonationRedirectUrl();
      await endImpersonation();
      const admin = await recheckSession();
      return admin && returnTo ? returnTo : '/';
    },
  };
};
