import { Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

const FideiussioniConfigPage = () => (
  <Stack gap="lg">
    <PageHeader
      title="Fideiussioni"
      description="I tipi di fideiussione offerti e i dati e documenti richiesti per ciascuno."
    />
    <EmptyState title="Nessun tipo di fideiussione configurato" icon="file">
      Non ci sono ancora tipi di fideiussione. Per ciascuno (affitti, contratti, appalti…) potrai definire i dati da raccogliere e i documenti richiesti.
    </EmptyState>
  </Stack>
);

export default FideiussioniConfigPage;
