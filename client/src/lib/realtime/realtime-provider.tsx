import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { PROFILE_QUERY_KEY } from '../../lib/use-profile';
import { getImpersonationToken } from '../impersonation-storage';
import { useSession } from '../session/use-session';
import { toast } from '../toast';
import { useTRPC } from '../trpc';
import { toOneTimeToast } from './onetime-message';
import { createRealtimeClient } from './realtime-client';
import { RealtimeContext, useRealtimeEvent } from './realtime-context';

/** The events every signed-in page answers: one-time messages as toasts, and the settings-sync signal. */
const RealtimeEffects = () => {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  useRealtimeEvent('onetimemessage', (message) => {
    const { type, text, autoClose } = toOneTimeToast(message);
    toast(type, text, autoClose);
  });
  useRealtimeEvent('syncSettings', () => {
    void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: trpc.config.pathKey() });
  });
  return null;
};

/**
 * Opens the realtime connection once signed in (spec section 2), and again with the new bearer token when an
 * impersonation starts or ends (spec section 3): the session's user and token are what it follows.
 */
export const RealtimeProvider = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  const [client] = useState(() => createRealtimeClient());
  const userId = session.user?.id ?? null;
  const token = session.isImpersonating ? getImpersonationToken() : null;

  useEffect(() => {
    if (userId === null) return;
    client.start(token);
    return () => client.stop();
  }, [client, userId, token]);

  return (
    <RealtimeContext.Provider value={client}>
      <RealtimeEffects />
      {children}
    </RealtimeContext.Provider>
  );
};
