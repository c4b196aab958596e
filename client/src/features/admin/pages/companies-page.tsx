import { Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

const CompaniesPage = () => (
  <Stack gap="lg">
    <PageHeader
      title="Gestione compagnie"
      description="Le compagnie assicurative con cui lavorano i broker, con i rami che offrono."
    />
    <EmptyState title="Nessuna compagnia" icon="building">
      Non ci sono ancora compagnie. Quando verranno inserite, le troverai qui con i rami offerti e i riferimenti, pronte per essere scelte nelle quotazioni.
    </EmptyState>
  </Stack>
);

export default CompaniesPage;
