import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoadingOverlay } from '../../features/shell/components/page-loading-overlay';
import { useHoldPageLoading, useIsPageLoadingHeld } from '../../lib/page-loading';
import { useSession } from '../../lib/session/use-session';
import { toReturnToState } from './return-to';

/** Suspense fallback that keeps the overlay up while the shell's code is on its way. */
const HoldOverlay = () => {
  useHoldPageLoading();
  return null;
};

/**
 * Every route that is not public: without a session the user goes to /accedi and comes back after login.
 * The page-loading overlay covers the session check and the shell's first load, then fades out.
 */
export const RequireSession = () => {
  const { isAuthenticated, isLoading } = useSession();
  const isHeld = useIsPageLoadingHeld();
  const location = useLocation();
  if (!isLoading && !isAuthenticated) return <Navigate to="/accedi" replace state={toReturnToState(location)} />;
  return (
    <>
      {!isLoading && (
        <Suspense fallback={<HoldOverlay />}>
          <Outlet />
        </Suspense>
      )}
      <PageLoadingOverlay isLoading={isLoading || isHeld} />
    </>
  );
};
