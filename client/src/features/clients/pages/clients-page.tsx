import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { ClientsListView } from '../components/clients-list-view';

const ClientsPage = () => (
  <Stack gap="lg">
    <PageHeader title="Clienti" description="I tuoi clienti, persone e aziende, per cui apri le pratiche." />
    <ClientsListView emptyText="Non hai ancora clienti. Quando aprirai una pratica per un nuovo cliente, lo troverai qui con i suoi contatti e i dati fiscali." />
  </Stack>
);

export default ClientsPage;
