import { Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

const GiftcardCategoriesPage = () => (
  <Stack gap="lg">
    <PageHeader
      title="Gift Card · Categorie"
      description="Le categorie in cui sono raggruppate le gift card offerte ai corner."
    />
    <EmptyState title="Nessuna categoria" icon="gift">
      Non ci sono ancora categorie di gift card. Quando verranno create, le troverai qui con il numero di carte di ciascuna.
    </EmptyState>
  </Stack>
);

export default GiftcardCategoriesPage;
