import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { ClientsListView } from '../components/clients-list-view';

/** The same list as /clienti: for an admin the server returns the clients of every corner. */
const AdminClientsPage = () => (
  <Stack gap="lg">
    <PageHeader title="Clienti" description="I clienti di tutti i corner della piattaforma." />
    <ClientsListView emptyText="Nessun corner ha ancora inserito clienti. Compariranno qui, con i contatti e i dati fiscali, man mano che vengono aperte le pratiche." />
  </Stack>
);

export default AdminClientsPage;
