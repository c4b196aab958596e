import { Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

const DocumentsPage = () => (
  <Stack gap="lg">
    <PageHeader title="Documenti" description="Il contratto da firmare, i documenti del tuo profilo e quelli messi a disposizione dalla piattaforma." />
    <EmptyState title="Nessun documento" icon="folder">
      Non ci sono ancora documenti. Qui troverai il contratto da firmare con la password temporanea (OTP), che abilita profilo e settori,
      i documenti d’identità e di iscrizione al registro che carichi tu, e gli altri documenti della piattaforma.
    </EmptyState>
  </Stack>
);

export default DocumentsPage;
