import { Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

const AdminSettingsPage = () => (
  <Stack gap="lg">
    <PageHeader
      title="Impostazioni"
      description="La configurazione di ogni settore: documenti richiesti, provvigioni, offerte luce e gas e GPL, categorie degli altri rami."
    />
    <EmptyState title="Nessuna impostazione da modificare qui" icon="settings">
      Da questa pagina potrai modificare i documenti richiesti per profilo e pratiche, le provvigioni RC Auto e altri rami, le offerte luce e gas e GPL e lo stato dell’iscrizione al registro degli intermediari. Per ora valgono le impostazioni predefinite.
    </EmptyState>
  </Stack>
);

export default AdminSettingsPage;
