import { Group, Paper, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { PageLoader } from '../../components/page-loader';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { useProfile } from '../../lib/use-profile';
import { ProfileSummary } from '../../features/profile/components/profile-summary';
import { SectorWorklistHeader } from '../../features/practices/components/sector-worklist';
import { sectorOfBrokerType, type TSectorBrokerType } from '../../../../shared/sectors';
import { isBroker } from '../../lib/session/role-rules';
import { useSession } from '../../lib/session/use-session';
import { StuckBoard } from '../../components/practices/stuck-board';
import { HomeAreas } from './home-areas';

const ProfileSkeleton = () => (
  <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} aria-busy="true" aria-label="Caricamento del profilo">
    <Group gap="md" wrap="nowrap">
      <Skeleton circle height={56} />
      <Stack gap={8} style={{ flex: 1 }}>
        <Skeleton height={20} width="50%" />
        <Skeleton height={14} width="35%" />
      </Stack>
    </Group>
  </Paper>
);

// Only brokers see the worklist: its code loads with it, not with every role's home.
const BrokerWorklist = lazy(() => import('../../features/practices/components/broker-worklist').then((module) => ({ default: module.BrokerWorklist })));

/** A broker's home: its sector's worklist, live. */
const BrokerHome = ({ brokerType }: { brokerType: TSectorBrokerType }) => {
  const sector = sectorOfBrokerType(brokerType).slug;
  return (
    <Stack gap="lg">
      <SectorWorklistHeader brokerType={brokerType} />
      <Suspense fallback={<PageLoader />}>
        <BrokerWorklist sector={sector} />
      </Suspense>
      <StuckBoard sector={sector} />
    </Stack>
  );
};

/** '/': the broker's sector worklist (product.md); for everyone else the account and the areas of work. */
const HomePage = () => {
  const { user } = useSession();
  const profile = useProfile();
  const error = profile.isError && (
    <QueryError title="Impossibile caricare il profilo" error={profile.error} onRetry={() => void profile.refetch()} isRetrying={profile.isFetching} />
  );
  if (isBroker(user?.role)) {
    return (
      <Stack gap="lg">
        {profile.isPending && <ProfileSkeleton />}
        {error}
        {profile.data?.broker && <BrokerHome brokerType={profile.data.broker.type} />}
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PageHeader title="Home" description="Il tuo account sulla Piattaforma Intermediari." />
      {profile.isPending && <ProfileSkeleton />}
      {error}
      {profile.data && user && <ProfileSummary profile={profile.data} role={user.role} state={user.state} />}
      <HomeAreas />
    </Stack>
  );
};

export default HomePage;
