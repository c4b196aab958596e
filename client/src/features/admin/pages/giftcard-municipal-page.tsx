import { Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

const GiftcardMunicipalPage = () => (
  <Stack gap="lg">
    <PageHeader
      title="Gift Card · Comunali"
      description="Le gift card dei negozi di un singolo comune."
    />
    <EmptyState title="Nessuna gift card comunale" icon="gift">
      Non ci sono ancora gift card comunali. Quando verranno inserite, le troverai qui con il comune, i negozi aderenti e i tagli disponibili.
    </EmptyState>
  </Stack>
);

export default GiftcardMunicipalPage;
