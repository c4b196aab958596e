import { Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

const ProvincesPage = () => (
  <Stack gap="lg">
    <PageHeader
      title="Province e città"
      description="Le province e i comuni italiani usati negli indirizzi, nella residenza dei contraenti e nelle gift card comunali."
    />
    <EmptyState title="Nessuna provincia caricata" icon="mapPin">
      L’elenco delle province e dei comuni è vuoto. Una volta caricato, lo troverai qui con la ricerca per nome e sigla.
    </EmptyState>
  </Stack>
);

export default ProvincesPage;
