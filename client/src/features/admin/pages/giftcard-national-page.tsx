import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TNationalCard } from '../../../../../shared/schemas/giftcards';
import { SearchInput } from '../../../components/inputs/search-input';
import { PageHeader } from '../../../components/page-header';
import { useTRPC } from '../../../lib/trpc';
import { CardState, Denominations } from '../giftcards/card-cells';
import { byText, CatalogueTable } from '../giftcards/catalogue-table';
import { NationalCardDialog } from '../giftcards/national-card-dialog';
import { matches } from '../giftcards/search';
import { useCatalogueDelete } from '../giftcards/use-catalogue-delete';

/** /admin/gift-card/nazionali: the cards valid everywhere that corners may choose to be paid with. */
const GiftcardNationalPage = () => {
  const trpc = useTRPC();
  const [q, setQ] = useState('');
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [editing, setEditing] = useState<TNationalCard | 'new' | null>(null);
  const cards = useQuery(trpc.giftcards.admin.national.list.queryOptions());
  const categories = useQuery(trpc.giftcards.admin.categories.list.queryOptions());
  const remove = useMutation(trpc.giftcards.admin.national.remove.mutationOptions());
  const rows = (cards.data ?? []).filter((card) => (!categoryId || card.categoryId === categoryId) && matches(q, card.brand, card.categoryName));
  const { ask, dialog } = useCatalogueDelete<TNationalCard>(
    { title: 'Eliminare la gift card?', message: (card) => `«${card.brand}» sarà eliminata. Se un corner l’ha scelta non si può eliminare: disattivala.` },
    (card) => remove.mutateAsync({ id: card.id }),
    () => cards.refetch(),
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Gift Card · Nazionali"
        description="Le gift card valide in tutta Italia che i corner possono scegliere per incassare le provvigioni."
        actions={<Button onClick={() => setEditing('new')}>Nuova gift card</Button>}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchInput placeholder="Marchio o categoria" onSearch={setQ} style={{ flex: '1 1 260px' }} />
        <Select label="Categoria" placeholder="Tutte" clearable data={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name }))} value={categoryId} onChange={setCategoryId} w={220} />
      </Group>
      <CatalogueTable
        query={cards}
        rows={rows}
        label="Gift card nazionali"
        errorTitle="Impossibile caricare le gift card nazionali"
        empty={
          q || categoryId
            ? { title: 'Nessuna gift card corrisponde alla ricerca', text: 'Prova un altro marchio o un’altra categoria.' }
            : { title: 'Nessuna gift card nazionale', text: 'Aggiungi le gift card valide in tutta Italia: Amazon, Esselunga, IKEA…' }
        }
        count={(count) => (count === 1 ? '1 gift card' : `${count} gift card`)}
        columns={[
          {
            key: 'brand',
            label: 'Marchio',
            sort: byText((row) => row.brand),
            cell: (row) => (
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {row.brand}
                </Text>
                {row.imageUrl && (
                  <Anchor href={row.imageUrl} target="_blank" rel="noreferrer" size="xs">
                    Immagine
                  </Anchor>
                )}
              </Stack>
            ),
          },
          { key: 'category', label: 'Categoria', sort: byText((row) => row.categoryName), cell: (row) => <Text size="sm">{row.categoryName}</Text> },
          { key: 'denominations', label: 'Tagli', sort: (a, b) => a.denominations[0]! - b.denominations[0]!, cell: (row) => <Denominations cents={row.denominations} /> },
          { key: 'state', label: 'Stato', sort: (a, b) => Number(b.active) - Number(a.active), cell: (row) => <CardState active={row.active} chosenCount={row.chosenCount} /> },
        ]}
        nameOf={(row) => row.brand}
        onEdit={setEditing}
        onDelete={ask}
      />
      <NationalCardDialog card={editing} onClose={() => setEditing(null)} onSaved={() => void cards.refetch()} />
      {dialog}
    </Stack>
  );
};

export default GiftcardNationalPage;
