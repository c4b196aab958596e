import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useSession } from '../../lib/session/use-session';
import { toReturnToState } from './return-to';

/** Every route that is not public: without a session the user goes to /accedi and comes back after login. */
export const RequireSession = () => {
  const { isAuthenticated, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <PageLoader />;
  if (!isAuthenticated) return <Navigate to="/accedi" replace state={toReturnToState(location)} />;
  return <Outlet />;
};
