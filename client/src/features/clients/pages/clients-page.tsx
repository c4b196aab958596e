import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { useClientsLive } from '../api/use-clients-live';
import { ClientsListView } from '../components/clients-list-view';

const ClientsPage = () => {
  // What others do to this book (an admin's edit or move, another tab) shows here without a reload.
  useClientsLive();
  return (
    <Stack gap="lg">
      <PageHeader title="Clienti" description="I tuoi clienti, persone e aziende, per cui apri le pratiche." />
      <ClientsListView canCreate emptyText="Non hai ancora clienti. Aggiungili con «Nuovo cliente», oppure quando aprirai una pratica per un nuovo cliente: li troverai qui con i loro contatti e i dati fiscali." />
    </Stack>
  );
};

export default ClientsPage;
