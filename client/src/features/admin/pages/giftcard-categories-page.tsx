import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ZGiftcardCategoryInput, type TGiftcardCategory } from '../../../../../shared/schemas/giftcards';
import { Dialog } from '../../../components/dialog/dialog';
import { SearchInput } from '../../../components/inputs/search-input';
import { PageHeader } from '../../../components/page-header';
import { useTRPC } from '../../../lib/trpc';
import { byText, CatalogueTable } from '../giftcards/catalogue-table';
import { matches } from '../giftcards/search';
import { useCatalogueDelete } from '../giftcards/use-catalogue-delete';
import { schemaErrors } from '../insurers/form-errors';
import { useEditDraft } from '../insurers/use-edit-draft';
import { useLastOpened } from '../giftcards/use-last-opened';

type TDraft = { name: string };

const CategoryDialog = ({ category, onClose, onSaved }: { category: TGiftcardCategory | 'new' | null; onClose: () => void; onSaved: () => void }) => {
  const trpc = useTRPC();
  const create = useMutation(trpc.giftcards.admin.categories.create.mutationOptions());
  const update = useMutation(trpc.giftcards.admin.categories.update.mutationOptions());
  const isNew = useLastOpened(category) === 'new';
  const { draft, setDraft, errors, save } = useEditDraft<TGiftcardCategory, TDraft>({
    item: category,
    initial: (item) => ({ name: item === 'new' ? '' : item.name }),
    validate: (values) => schemaErrors<keyof TDraft>(ZGiftcardCategoryInput, values),
    persist: async (values, item) => {
      if (item === 'new') await create.mutateAsync(values);
      else await update.mutateAsync({ id: item.id, category: values });
    },
    saved: { created: 'Categoria aggiunta.', updated: 'Categoria aggiornata.' },
    onSaved,
  });
  return (
    <Dialog opened={category !== null} onClose={onClose} title={isNew ? 'Nuova categoria' : 'Modifica categoria'} onConfirm={save} labels={{ confirm: 'Salva' }}>
      <TextInput label="Nome" placeholder="Es. Spesa" value={draft.name} onChange={(event) => setDraft({ name: event.currentTarget.value })} error={errors.name} required data-autofocus />
    </Dialog>
  );
};

/** /admin/gift-card/categorie: the categories the gift cards are grouped in (names unique whatever their case). */
const GiftcardCategoriesPage = () => {
  const trpc = useTRPC();
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<TGiftcardCategory | 'new' | null>(null);
  const categories = useQuery(trpc.giftcards.admin.categories.list.queryOptions());
  const remove = useMutation(trpc.giftcards.admin.categories.remove.mutationOptions());
  const rows = (categories.data ?? []).filter((category) => matches(q, category.name));
  const { ask, dialog } = useCatalogueDelete<TGiftcardCategory>(
    { title: 'Eliminare la categoria?', message: (category) => `La categoria «${category.name}» sarà eliminata. Si può eliminare solo se nessuna gift card la usa.` },
    (category) => remove.mutateAsync({ id: category.id }),
    () => categories.refetch(),
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Gift Card · Categorie"
        description="Le categorie in cui sono raggruppate le gift card offerte ai corner."
        actions={<Button onClick={() => setEditing('new')}>Nuova categoria</Button>}
      />
      <Group>
        <SearchInput placeholder="Nome della categoria" onSearch={setQ} style={{ flex: '1 1 260px' }} />
      </Group>
      <CatalogueTable
        query={categories}
        rows={rows}
        label="Categorie di gift card"
        errorTitle="Impossibile caricare le categorie"
        empty={q ? { title: 'Nessuna categoria corrisponde alla ricerca', text: 'Prova a cercare un altro nome.' } : { title: 'Nessuna categoria', text: 'Aggiungi la prima categoria: Spesa, Carburante, Libri…' }}
        count={(count) => (count === 1 ? '1 categoria' : `${count} categorie`)}
        columns={[
          { key: 'name', label: 'Nome', sort: byText((row) => row.name), cell: (row) => <Text size="sm" fw={600}>{row.name}</Text> },
          {
            key: 'cards',
            label: 'Gift card',
            sort: (a, b) => a.cardCount - b.cardCount,
            cell: (row) => (
              <Badge variant="light" color={row.cardCount ? 'indigo' : 'gray'}>
                {row.cardCount === 1 ? '1 carta' : `${row.cardCount} carte`}
              </Badge>
            ),
          },
        ]}
        nameOf={(row) => row.name}
        onEdit={setEditing}
        onDelete={ask}
      />
      <CategoryDialog category={editing} onClose={() => setEditing(null)} onSaved={() => void categories.refetch()} />
      {dialog}
    </Stack>
  );
};

export default GiftcardCategoriesPage;
