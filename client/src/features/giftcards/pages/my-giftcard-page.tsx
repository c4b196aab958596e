import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { formatCents, formatDate } from '../../../lib/format';
import { useMyGiftcards } from '../api/use-my-giftcards';
import { GiftcardCatalogue } from './giftcard-catalogue';

const MyGiftcardPage = () => {
  const giftcards = useMyGiftcards();
  return (
    <Stack gap="lg">
      <PageHeader title="La mia Gift Card" description="Scegli la gift card con cui incassare le provvigioni; sotto trovi quelle ricevute, con il codice da usare." />
      <GiftcardCatalogue />
      <Title order={2} fz="lg">
        Gift card ricevute
      </Title>
      {giftcards.isPending && <PageLoader />}
      {giftcards.isError && <QueryError title="Impossibile caricare le gift card" error={giftcards.error} onRetry={() => void giftcards.refetch()} isRetrying={giftcards.isFetching} />}
      {giftcards.data?.length === 0 && (
        <EmptyState title="Nessuna gift card ricevuta" icon="gift">
          Quando le tue provvigioni verranno liquidate in gift card, le troverai qui con l’importo e il codice da usare.
        </EmptyState>
      )}
      {giftcards.data && giftcards.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {giftcards.data.map((card) => (
            <Paper key={card.id} withBorder radius="lg" p="md">
              <Text fw={600}>{card.name}</Text>
              <Text fz={24} fw={700} c="indigo.7">
                {formatCents(card.amount)}
              </Text>
              <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {card.code}
              </Text>
              <Text size="xs" c="dimmed">
                Ricevuta il {formatDate(card.createdAt)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
};

export default MyGiftcardPage;
