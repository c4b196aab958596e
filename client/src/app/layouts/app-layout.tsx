import { AppShell, Button, Container, Group } from '@mantine/core';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { PageLoader } from '../../components/page-loader';
import { useSession } from '../../lib/session/use-session';

/** Frame of /privacy, readable with or without a session: header bar and page area. The signed-in shell is ./shell-layout. */
export const AppLayout = () => {
  const { isAuthenticated, isLoading } = useSession();
  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <BrandLogo />
            {!isLoading && !isAuthenticated && (
              <Button component={Link} to="/accedi" variant="light" size="sm">
                Accedi
              </Button>
            )}
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main bg="gray.0" mih="100dvh">
        <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
};
