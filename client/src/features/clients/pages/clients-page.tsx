import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { ClientsListView } from '../components/clients-list-view';

const ClientsPage = () => (
  <Stack gap="lg">
    <PageHeader title="Clienti" description="I tuoi clienti, persone e aziende, per cui apri le pratiche." />
    <ClientsListView canCreate emptyText="Non hai ancora clienti. Aggiungili con «Nuovo cliente», oppure quando aprirai una pratica per un nuovo cliente: li troverai qui con i loro contatti e i dati fiscali." />
  </Stack>
);

export default ClientsPage;
