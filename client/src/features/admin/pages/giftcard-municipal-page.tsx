import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TMunicipalCard } from '../../../../../shared/schemas/giftcards';
import { SearchInput } from '../../../components/inputs/search-input';
import { PageHeader } from '../../../components/page-header';
import { useTRPC } from '../../../lib/trpc';
import { CardState, Denominations } from '../giftcards/card-cells';
import { byText, CatalogueTable } from '../giftcards/catalogue-table';
import { MunicipalCardDialog } from '../giftcards/municipal-card-dialog';
import { matches } from '../giftcards/search';
import { useCatalogueDelete } from '../giftcards/use-catalogue-delete';

/** /admin/gift-card/comunali: the cards of the shops of one comune, offered to the corners of that comune. */
const GiftcardMunicipalPage = () => {
  const trpc = useTRPC();
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<TMunicipalCard | 'new' | null>(null);
  const cards = useQuery(trpc.giftcards.admin.municipal.list.queryOptions());
  const remove = useMutation(trpc.giftcards.admin.municipal.remove.mutationOptions());
  const rows = (cards.data ?? []).filter((card) => matches(q, card.shopName, card.comune.name, card.address, card.categoryName));
  const { ask, dialog } = useCatalogueDelete<TMunicipalCard>(
    { title: 'Eliminare la gift card?', message: (card) => `«${card.shopName}» di ${card.comune.name} sarà eliminata. Se un corner l’ha scelta non si può eliminare: disattivala.` },
    (card) => remove.mutateAsync({ id: card.id }),
    () => cards.refetch(),
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Gift Card · Comunali"
        description="Le gift card dei negozi di un singolo comune, proposte ai corner di quel comune."
        actions={<Button onClick={() => setEditing('new')}>Nuova gift card</Button>}
      />
      <Group>
        <SearchInput placeholder="Negozio, comune, indirizzo o categoria" onSearch={setQ} style={{ flex: '1 1 260px' }} />
      </Group>
      <CatalogueTable
        query={cards}
        rows={rows}
        label="Gift card comunali"
        errorTitle="Impossibile caricare le gift card comunali"
        empty={
          q
            ? { title: 'Nessuna gift card corrisponde alla ricerca', text: 'Prova un altro negozio o un altro comune.' }
            : { title: 'Nessuna gift card comunale', text: 'Aggiungi le gift card dei negozi di un comune: i corner di quel comune potranno sceglierle.' }
        }
        count={(count) => (count === 1 ? '1 gift card' : `${count} gift card`)}
        columns={[
          {
            key: 'shop',
            label: 'Negozio',
            sort: byText((row) => row.shopName),
            cell: (row) => (
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {row.shopName}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.address}
                </Text>
              </Stack>
            ),
          },
          { key: 'comune', label: 'Comune', sort: byText((row) => row.comune.name), cell: (row) => <Text size="sm">{`${row.comune.name}${row.comune.sigla ? ` (${row.comune.sigla})` : ''}`}</Text> },
          { key: 'category', label: 'Categoria', sort: byText((row) => row.categoryName), cell: (row) => <Text size="sm">{row.categoryName}</Text> },
          { key: 'denominations', label: 'Tagli', sort: (a, b) => a.denominations[0]! - b.denominations[0]!, cell: (row) => <Denominations cents={row.denominations} /> },
          { key: 'state', label: 'Stato', sort: (a, b) => Number(b.active) - Number(a.active), cell: (row) => <CardState active={row.active} chosenCount={row.chosenCount} /> },
        ]}
        nameOf={(row) => `${row.shopName} di ${row.comune.name}`}
        onEdit={setEditing}
        onDelete={ask}
      />
      <MunicipalCardDialog card={editing} onClose={() => setEditing(null)} onSaved={() => void cards.refetch()} />
      {dialog}
    </Stack>
  );
};

export default GiftcardMunicipalPage;
