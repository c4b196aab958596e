import { Stack, Switch, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ZNationalCardInput, type TNationalCard } from '../../../../../shared/schemas/giftcards';
import { Dialog } from '../../../components/dialog/dialog';
import { useTRPC } from '../../../lib/trpc';
import { schemaErrors } from '../insurers/form-errors';
import { useEditDraft } from '../insurers/use-edit-draft';
import { CategorySelect } from './category-select';
import { DenominationsInput } from './denominations-input';
import { useLastOpened } from './use-last-opened';

type TDraft = { brand: string; categoryId: string; denominations: number[]; imageUrl: string; active: boolean };

/** Creates or edits a national card: brand, category, denominations, image address, active. */
export const NationalCardDialog = ({ card, onClose, onSaved }: { card: TNationalCard | 'new' | null; onClose: () => void; onSaved: () => void }) => {
  const trpc = useTRPC();
  const create = useMutation(trpc.giftcards.admin.national.create.mutationOptions());
  const update = useMutation(trpc.giftcards.admin.national.update.mutationOptions());
  const isNew = useLastOpened(card) === 'new';
  const { draft, setDraft, errors, save } = useEditDraft<TNationalCard, TDraft>({
    item: card,
    initial: (item) =>
      item === 'new'
        ? { brand: '', categoryId: '', denominations: [], imageUrl: '', active: true }
        : { brand: item.brand, categoryId: item.categoryId, denominations: item.denominations, imageUrl: item.imageUrl ?? '', active: item.active },
    validate: (values) => schemaErrors<keyof TDraft>(ZNationalCardInput, values),
    persist: async (values, item) => {
      if (item === 'new') await create.mutateAsync(values);
      else await update.mutateAsync({ id: item.id, card: values });
    },
    saved: { created: 'Gift card aggiunta.', updated: 'Gift card aggiornata.' },
    onSaved,
  });
  return (
    <Dialog opened={card !== null} onClose={onClose} title={isNew ? 'Nuova gift card nazionale' : 'Modifica gift card nazionale'} onConfirm={save} labels={{ confirm: 'Salva' }}>
      <Stack gap="sm">
        <TextInput label="Marchio" placeholder="Es. Amazon" value={draft.brand} onChange={(event) => setDraft({ ...draft, brand: event.currentTarget.value })} error={errors.brand} required data-autofocus />
        <CategorySelect value={draft.categoryId} onChange={(categoryId) => setDraft({ ...draft, categoryId })} error={errors.categoryId} />
        <DenominationsInput value={draft.denominations} onChange={(denominations) => setDraft({ ...draft, denominations })} error={errors.denominations} />
        <TextInput
          label="Immagine (indirizzo https)"
          description="Il logo del marchio, facoltativo."
          placeholder="https://…"
          value={draft.imageUrl}
          onChange={(event) => setDraft({ ...draft, imageUrl: event.currentTarget.value })}
          error={errors.imageUrl}
        />
        <Switch label="Attiva (i corner possono sceglierla)" checked={draft.active} onChange={(event) => setDraft({ ...draft, active: event.currentTarget.checked })} />
      </Stack>
    </Dialog>
  );
};
