import { Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

const AltriRamiConfigPage = () => (
  <Stack gap="lg">
    <PageHeader
      title="Altri rami"
      description="Le categorie degli altri rami, con il questionario e i documenti richiesti per ciascuna."
    />
    <EmptyState title="Nessuna categoria configurata" icon="umbrella">
      Non ci sono ancora categorie degli altri rami. Per ciascuna potrai definire le domande del questionario, i documenti richiesti e le provvigioni.
    </EmptyState>
  </Stack>
);

export default AltriRamiConfigPage;
