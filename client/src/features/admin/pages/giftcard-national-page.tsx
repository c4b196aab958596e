import { Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

const GiftcardNationalPage = () => (
  <Stack gap="lg">
    <PageHeader
      title="Gift Card · Nazionali"
      description="Le gift card valide in tutta Italia che i corner possono scegliere per incassare le provvigioni."
    />
    <EmptyState title="Nessuna gift card nazionale" icon="gift">
      Non ci sono ancora gift card nazionali. Quando verranno inserite, le troverai qui con categoria, tagli disponibili e marchio.
    </EmptyState>
  </Stack>
);

export default GiftcardNationalPage;
