import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useCallback, useEffect, type ReactNode } from 'react';
import { PROFILE_QUERY_KEY } from '../use-profile';
import { getImpersonationToken } from '../impersonation-storage';
import { SESSION_QUERY_KEY } from '../session/session-api';
import { useSession } from '../session/use-session';
import { toast } from '../toast';
import { useTRPC } from '../trpc';
import { toOneTimeToast } from './onetime-message';
import { RealtimeContext, useRealtime } from './realtime-context';
import { realtimeConnection } from './trpc-ws';

/**
 * What every signed-in page answers over the realtime connection: one-time messages as toasts and the end of the
 * session (`notification.onSession`, whose start is the `online` flag), and the settings-sync signal
 * (`settings.onSync`). A session ended elsewhere sends the browser through the session check: to the sign-in
 * page, or back to the admin's own account when it was an impersonation that ended.
 */
const RealtimeEffects = () => {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const connection = useRealtime();

  // A session that ends while an action of this tab is under way ends by that action (logging out, returning to
  // one's own account), which goes where it should by itself: only an end from elsewhere sends the tab through
  // the session check.
  const recheckSession = useCallback(() => {
    if (queryClient.isMutating() === 0) void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  }, [queryClient]);
  useEffect(() => connection.onSessionEnd(recheckSession), [connection, recheckSession]);

  useSubscription(
    trpc.notification.onSession.subscriptionOptions(undefined, {
      onStarted: () => connection.setOnline(true),
      onData: (event) => {
        if (event.type === 'ended') return recheckSession();
        const { type, text, autoClose } = toOneTimeToast(event.message);
        toast(type, text, autoClose);
      },
      onError: recheckSession,
    }),
  );
  useSubscription(
    trpc.settings.onSync.subscriptionOptions(undefined, {
      onData: () => {
        void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: trpc.config.pathKey() });
      },
    }),
  );
  return null;
};

/**
 * Opens the realtime connection once signed in (spec section 2), and again with the new bearer token when an
 * impersonation starts or ends (spec section 3): the session's user and token are what it follows.
 */
export const RealtimeProvider = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  const userId = session.user?.id ?? null;
  const token = session.isImpersonating ? getImpersonationToken() : null;

  useEffect(() => {
    if (userId === null) return;
    realtimeConnection.start(token, userId);
    return () => realtimeConnection.stop();
  }, [userId, token]);

  return (
    <RealtimeContext.Provider value={realtimeConnection}>
      <RealtimeEffects />
      {children}
    </RealtimeContext.Provider>
  );
};
