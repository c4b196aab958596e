import { AppShell, Box } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { getDisplayName } from '../../../../shared/rules/display-name';
import { PageLoader } from '../../components/page-loader';
import { NewsTicker } from '../../features/news/components/news-ticker';
import { useProfile } from '../../lib/use-profile';
import { ForcedProfileDialog } from '../../features/profile/components/forced-profile-dialog';
import { ContractReminder } from '../../features/shell/components/contract-reminder';
import { ImpersonationBanner } from '../../features/shell/components/impersonation-banner';
import { SkipLink } from '../../features/shell/components/skip-link';
import { WelcomeDialog } from '../../features/shell/components/welcome-dialog';
import { useAccountActions } from '../../features/shell/hooks/use-account-actions';
import { useHoldPageLoading } from '../../lib/page-loading';
import { RealtimeProvider } from '../../lib/realtime/realtime-provider';
import { registerServiceWorker } from '../../lib/service-worker';
import { isBroker } from '../../lib/session/role-rules';
import { useSession } from '../../lib/session/use-session';
import { useTRPC } from '../../lib/trpc';
import { TrpcProvider } from '../trpc-provider';
import { ShellHeader } from './shell-header';
import { ShellSidebar } from './shell-sidebar';

const CONTENT_ID = 'contenuto';
/** Mantine's `md`: from here the sidebar is docked, below it is a drawer. */
const DESKTOP_QUERY = '(min-width: 62em)';

/** A page's code on its way: a loader in the content area (and the first-load overlay stays up meanwhile). */
const ContentLoader = () => {
  useHoldPageLoading();
  return <PageLoader />;
};

const Shell = () => {
  const session = useSession();
  const trpc = useTRPC();
  const location = useLocation();
  const profile = useProfile();
  const publicConfig = useQuery({ ...trpc.config.get.queryOptions(), staleTime: Infinity, meta: { errorToast: true } });
  const { returnToAccount } = useAccountActions();
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const [isDocked, setIsDocked] = useState(true);
  const [isDrawerOpen, drawer] = useDisclosure(false);
  const hasSidebar = !isBroker(session.user?.role);
  const user = profile.data?.user;
  const displayName = user ? getDisplayName(user) : null;
  const supportEmail = publicConfig.data?.supportEmail ?? null;

  // Spec section 2: the sidebar closes on every route change.
  const closeDrawer = drawer.close;
  useEffect(() => closeDrawer(), [location.pathname, closeDrawer]);
  useEffect(() => void registerServiceWorker(), []);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={hasSidebar ? { width: 272, breakpoint: 'md', collapsed: { mobile: true, desktop: !isDocked } } : undefined}
      padding={0}
    >
      <SkipLink targetId={CONTENT_ID} />
      <AppShell.Header>
        <ShellHeader
          hasMenu={hasSidebar}
          isMenuOpen={isDesktop ? isDocked : isDrawerOpen}
          isDrawerMode={!isDesktop}
          onMenu={() => (isDesktop ? setIsDocked((docked) => !docked) : drawer.toggle())}
          displayName={displayName}
          email={user?.email ?? null}
          supportEmail={supportEmail}
        />
      </AppShell.Header>
      {hasSidebar && <ShellSidebar isDesktop={isDesktop} isDocked={isDocked} isDrawerOpen={isDrawerOpen} onCloseDrawer={closeDrawer} isAdmin={session.isAdmin} />}
      <AppShell.Main id={CONTENT_ID} tabIndex={-1} bg="gray.0" mih="100dvh" style={{ outline: 'none' }}>
        {session.isImpersonating && (
          <ImpersonationBanner name={displayName} onReturn={() => returnToAccount.mutate()} isReturning={returnToAccount.isPending} />
        )}
        {hasSidebar && <NewsTicker />}
        <ContractReminder />
        <Box maw={1240} mx="auto" px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
          <Suspense fallback={<ContentLoader />}>
            <Outlet />
          </Suspense>
        </Box>
      </AppShell.Main>
      {hasSidebar && <WelcomeDialog supportEmail={supportEmail} />}
      <ForcedProfileDialog />
    </AppShell>
  );
};

/** The signed-in frame (spec section 2), lazy-loaded: its code is not part of the public pages' bundle. */
const ShellLayout = () => (
  <TrpcProvider>
    <RealtimeProvider>
      <Shell />
    </RealtimeProvider>
  </TrpcProvider>
);

export default ShellLayout;
