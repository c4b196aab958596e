import { Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

const AdminDocumentsPage = () => (
  <Stack gap="lg">
    <PageHeader
      title="Documenti"
      description="I documenti della piattaforma: il contratto da firmare con OTP, i modelli e gli altri documenti per i corner."
    />
    <EmptyState title="Nessun documento" icon="folder">
      Non ci sono ancora documenti caricati. Qui troverai il contratto che i corner firmano con la password temporanea, i modelli e gli altri documenti messi a loro disposizione.
    </EmptyState>
  </Stack>
);

export default AdminDocumentsPage;
