import { Stack, Switch, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { TComune } from '../../../../../shared/schemas/geo';
import { ZMunicipalCardInput, type TMunicipalCard } from '../../../../../shared/schemas/giftcards';
import { Dialog } from '../../../components/dialog/dialog';
import { ComuneSelect } from '../../../components/inputs/comune-select';
import { useTRPC } from '../../../lib/trpc';
import { schemaErrors } from '../insurers/form-errors';
import { useEditDraft } from '../insurers/use-edit-draft';
import { CategorySelect } from './category-select';
import { DenominationsInput } from './denominations-input';
import { useLastOpened } from './use-last-opened';

type TDraft = { comune: TComune | null; shopName: string; address: string; categoryId: string; denominations: number[]; active: boolean };

const toInput = ({ comune, ...rest }: TDraft) => ({ ...rest, comuneIstat: comune?.istat ?? '' });
/** The comune as the picker holds it (the list names only what it shows). */
const pickerComune = (card: TMunicipalCard): TComune => ({ istat: card.comune.istat, name: card.comune.name, sigla: card.comune.sigla, provinceName: '', cadastralCode: '', caps: [], active: true, mergedInto: null });

/** Creates or edits a municipal card: the comune, the shop and its address, category, denominations, active. */
export const MunicipalCardDialog = ({ card, onClose, onSaved }: { card: TMunicipalCard | 'new' | null; onClose: () => void; onSaved: () => void }) => {
  const trpc = useTRPC();
  const create = useMutation(trpc.giftcards.admin.municipal.create.mutationOptions());
  const update = useMutation(trpc.giftcards.admin.municipal.update.mutationOptions());
  const isNew = useLastOpened(card) === 'new';
  const { draft, setDraft, errors, save } = useEditDraft<TMunicipalCard, TDraft>({
    item: card,
    initial: (item) =>
      item === 'new'
        ? { comune: null, shopName: '', address: '', categoryId: '', denominations: [], active: true }
        : { comune: pickerComune(item), shopName: item.shopName, address: item.address, categoryId: item.categoryId, denominations: item.denominations, active: item.active },
    validate: (values) => {
      const { comuneIstat, ...rest } = schemaErrors<keyof ReturnType<typeof toInput>>(ZMunicipalCardInput, toInput(values));
      return { ...rest, ...(comuneIstat && { comune: comuneIstat }) };
    },
    persist: async (values, item) => {
      if (item === 'new') await create.mutateAsync(toInput(values));
      else await update.mutateAsync({ id: item.id, card: toInput(values) });
    },
    saved: { created: 'Gift card aggiunta.', updated: 'Gift card aggiornata.' },
    onSaved,
  });
  return (
    <Dialog opened={card !== null} onClose={onClose} title={isNew ? 'Nuova gift card comunale' : 'Modifica gift card comunale'} onConfirm={save} labels={{ confirm: 'Salva' }}>
      <Stack gap="sm">
        <ComuneSelect value={draft.comune} onChange={(comune) => setDraft({ ...draft, comune })} error={errors.comune ?? (errors as Partial<Record<string, string>>).comuneIstat} required data-autofocus />
        <TextInput label="Negozio" placeholder="Es. Libreria Rossi" value={draft.shopName} onChange={(event) => setDraft({ ...draft, shopName: event.currentTarget.value })} error={errors.shopName} required />
        <TextInput label="Indirizzo" placeholder="Es. Via Zamboni 12" value={draft.address} onChange={(event) => setDraft({ ...draft, address: event.currentTarget.value })} error={errors.address} required />
        <CategorySelect value={draft.categoryId} onChange={(categoryId) => setDraft({ ...draft, categoryId })} error={errors.categoryId} />
        <DenominationsInput value={draft.denominations} onChange={(denominations) => setDraft({ ...draft, denominations })} error={errors.denominations} />
        <Switch label="Attiva (i corner del comune possono sceglierla)" checked={draft.active} onChange={(event) => setDraft({ ...draft, active: event.currentTarget.checked })} />
      </Stack>
    </Dialog>
  );
};
