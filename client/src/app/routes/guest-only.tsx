import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useSession } from '../../lib/session/use-session';
import { readReturnTo } from './return-to';

/** /accedi and /registrati: a signed-in user (also one who just logged in) goes on to where they were headed. */
export const GuestOnly = () => {
  const { isAuthenticated, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <PageLoader />;
  if (isAuthenticated) return <Navigate to={readReturnTo(location.state)} replace />;
  return <Outlet />;
};
