import { Skeleton, SimpleGrid, Stack, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { PageHeader } from '../../../components/page-header';
import { StuckBoard } from '../../../components/practices/stuck-board';
import { SetupChecklist } from '../components/setup-checklist';
import { UserStat } from '../components/user-stat';

/** The practices and money figures with their charts: @mantine/charts and recharts load with this part only. */
const DashboardView = lazy(() => import('../dashboard/dashboard-view'));

const AdminDashboardPage = () => (
  <Stack gap="lg">
    <PageHeader title="Dashboard" description="Utenti della piattaforma, pratiche per settore e stato, premi e provvigioni, pagamenti da confermare, lavoro fermo." />
    <SetupChecklist />
    <section aria-labelledby="dashboard-utenti">
      <Title id="dashboard-utenti" order={2} fz="lg" mb="sm">
        Utenti
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <UserStat label="Corner attivi" role="corner" state="active" />
        <UserStat label="Broker" role="broker" />
        <UserStat label="In attesa di conferma" state="pending" />
        <UserStat label="Disattivati" state="inactive" />
      </SimpleGrid>
    </section>
    <Suspense fallback={<Skeleton height={320} radius="lg" aria-label="Caricamento" />}>
      <DashboardView />
    </Suspense>
    <StuckBoard canAssign />
  </Stack>
);

export default AdminDashboardPage;
