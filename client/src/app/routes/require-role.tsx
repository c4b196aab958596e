import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { toast } from '../../lib/toast';
import type { TSession } from '../../lib/session/session-context';
import { useSession } from '../../lib/session/use-session';

type TRequireRoleProps = { allow: (session: TSession) => boolean; message: string };

/**
 * Routes for some roles only: anyone else goes to '/' with a warning (the server refuses their data anyway).
 * The admin who has just started an impersonation from this very page is sent home without the warning.
 */
export const RequireRole = ({ allow, message }: TRequireRoleProps) => {
  const session = useSession();
  const location = useLocation();
  const isAllowed = allow(session);
  const isLeavingForImpersonation = session.isImpersonating && session.redirectUrl === `${location.pathname}${location.search}`;
  const shouldWarn = !isAllowed && !isLeavingForImpersonation;

  useEffect(() => {
    // A fixed id: one warning even if the effect runs twice (StrictMode) or the refusal repeats.
    if (shouldWarn) toast('warn', message, { id: 'route-refused' });
  }, [shouldWarn, message]);

  if (!isAllowed) return <Navigate to="/" replace />;
  return <Outlet />;
};

export const ADMIN_ONLY_MESSAGE = 'Questa sezione è riservata agli amministratori.';
export const ACCOUNT_ONLY_MESSAGE = 'Questa sezione non è disponibile per il tuo profilo.';
