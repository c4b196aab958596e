import { Badge, Button, Chip, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { TComune } from '../../../../../shared/schemas/geo';
import type { TChoosableCard } from '../../../../../shared/schemas/giftcards';
import { EmptyState } from '../../../components/empty-state';
import { ComuneSelect, comuneLabel } from '../../../components/inputs/comune-select';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { showApiError } from '../../../lib/api-error-display';
import { formatCents } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useGiftcardCatalogue } from '../api/use-giftcard-catalogue';

const ALL = 'all';

const CardFacts = ({ card }: { card: TChoosableCard }) => (
  <>
    <Text size="xs" c="dimmed">
      {card.kind === 'national' ? `Nazionale · ${card.categoryName}` : `${card.address} · ${card.categoryName}`}
    </Text>
    <Text size="sm">Tagli: {card.denominations.map(formatCents).join(' · ')}</Text>
  </>
);

/** The comune whose shops' cards the user sees: shown, and changed with the comune picker. */
const ComuneChoice = ({ current, onSave, isSaving }: { current: { name: string; sigla: string } | null; onSave: (comune: TComune) => Promise<void>; isSaving: boolean }) => {
  const [comune, setComune] = useState<TComune | null>(null);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <ComuneSelect
        label="Il tuo comune"
        description={current ? `Ora: ${comuneLabel(current)}. Vedi le gift card dei suoi negozi oltre a quelle nazionali.` : 'Indicalo per vedere anche le gift card dei negozi del tuo comune.'}
        value={comune}
        onChange={setComune}
        style={{ flex: '1 1 260px' }}
      />
      <Button variant="light" disabled={!comune} loading={isSaving} onClick={() => comune && void onSave(comune).then(() => setComune(null))}>
        Salva il comune
      </Button>
    </Group>
  );
};

/** The catalogue on /profilo/la-mia-giftcard: the current choice, the comune, the cards to choose by category. */
export const GiftcardCatalogue = () => {
  const [category, setCategory] = useState<string>(ALL);
  const { catalogue, choose, setComune } = useGiftcardCatalogue(category === ALL ? null : category);
  const data = catalogue.data;

  const pick = async (card: TChoosableCard) => {
    try {
      toast('success', (await choose.mutateAsync({ giftcardId: card.id })).message);
    } catch (error) {
      showApiError(error);
    }
  };
  const saveComune = async (comune: TComune) => {
    try {
      await setComune.mutateAsync({ comuneIstat: comune.istat });
      toast('success', `Comune salvato: ${comuneLabel(comune)}.`);
    } catch (error) {
      showApiError(error);
    }
  };

  if (catalogue.isPending) return <PageLoader />;
  if (catalogue.isError || !data) return <QueryError title="Impossibile caricare le gift card da scegliere" error={catalogue.error} onRetry={() => void catalogue.refetch()} isRetrying={catalogue.isFetching} />;
  return (
    <Stack gap="md">
      <Paper component="section" withBorder radius="lg" p="md" aria-label="La tua scelta">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          La tua scelta
        </Text>
        {data.choice ? (
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={3} fz="lg">
                {data.choice.name}
              </Title>
              {!data.choice.available && <Badge color="orange">Non più disponibile: scegline un’altra</Badge>}
            </Group>
            <CardFacts card={data.choice} />
          </Stack>
        ) : (
          <Text size="sm">Non hai ancora scelto la gift card con cui ricevere le provvigioni: scegline una qui sotto.</Text>
        )}
      </Paper>
      <ComuneChoice current={data.comune} onSave={saveComune} isSaving={setComune.isPending} />
      <Title order={2} fz="lg">
        Gift card disponibili
      </Title>
      {data.categories.length > 0 && (
        <Chip.Group multiple={false} value={category} onChange={setCategory}>
          <Group gap="xs" role="group" aria-label="Filtra per categoria">
            <Chip value={ALL}>Tutte</Chip>
            {data.categories.map((item) => (
              <Chip key={item.id} value={item.id}>
                {item.name}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      {data.cards.length === 0 ? (
        <EmptyState title="Nessuna gift card da scegliere" icon="gift">
          {category === ALL ? 'Non ci sono ancora gift card disponibili: torna a trovarci presto.' : 'Nessuna gift card in questa categoria: prova un’altra categoria.'}
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" aria-busy={catalogue.isFetching}>
          {data.cards.map((card) => {
            const isChosen = data.choice?.id === card.id;
            return (
              <Paper key={card.id} withBorder radius="lg" p="md">
                <Stack gap={4} h="100%">
                  <Text fw={600}>{card.name}</Text>
                  <CardFacts card={card} />
                  <Group mt="auto" pt="xs">
                    {isChosen ? (
                      <Badge color="teal" variant="light">
                        La tua scelta
                      </Badge>
                    ) : (
                      <Button size="xs" variant="light" onClick={() => void pick(card)} loading={choose.isPending && choose.variables?.giftcardId === card.id} aria-label={`Scegli ${card.name}`}>
                        Scegli
                      </Button>
                    )}
                  </Group>
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
};
