import { Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

const AgenciesPage = () => (
  <Stack gap="lg">
    <PageHeader
      title="Gestione agenzie"
      description="Le agenzie e gli intermediari che emettono le polizze per conto della piattaforma."
    />
    <EmptyState title="Nessuna agenzia" icon="building">
      Non ci sono ancora agenzie. Quando verranno inserite, le troverai qui con le compagnie rappresentate e i contatti.
    </EmptyState>
  </Stack>
);

export default AgenciesPage;
