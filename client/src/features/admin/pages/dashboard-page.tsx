import { SimpleGrid, Stack, Title } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { SetupChecklist } from '../components/setup-checklist';
import { UserStat } from '../components/user-stat';

/** Users are counted already; practices, premiums and payments join the dashboard with their issues. */
const AdminDashboardPage = () => (
  <Stack gap="lg">
    <PageHeader title="Dashboard" description="Utenti della piattaforma, pratiche per settore e stato, premi e provvigioni, pagamenti da confermare." />
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
    <EmptyState title="Nessuna pratica da riepilogare" icon="chart">
      I grafici si riempiranno con le prime pratiche: per ogni settore vedrai quante sono in quotazione, emesse o attivate, i premi e le
      provvigioni mese per mese e i pagamenti in attesa di conferma.
    </EmptyState>
  </Stack>
);

export default AdminDashboardPage;
