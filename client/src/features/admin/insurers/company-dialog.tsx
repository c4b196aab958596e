import { Stack, Switch, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ZCompanyInput, type TCompany } from '../../../../../shared/schemas/insurers';
import { Dialog } from '../../../components/dialog/dialog';
import { useTRPC } from '../../../lib/trpc';
import { schemaErrors } from './form-errors';
import { useEditDraft } from './use-edit-draft';

type TDraft = { name: string; ivassCode: string; active: boolean };

type TCompanyDialogProps = {
  /** The company to edit, `'new'` to create one, null when closed. */
  company: TCompany | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
};

/** Creates or edits an insurance company: name, IVASS code, active. */
export const CompanyDialog = ({ company, onClose, onSaved }: TCompanyDialogProps) => {
  const trpc = useTRPC();
  const create = useMutation(trpc.insurers.companies.create.mutationOptions());
  const update = useMutation(trpc.insurers.companies.update.mutationOptions());
  const { draft, setDraft, errors, isNew, save } = useEditDraft<TCompany, TDraft>({
    item: company,
    initial: (item) => (item === 'new' ? { name: '', ivassCode: '', active: true } : { name: item.name, ivassCode: item.ivassCode, active: item.active }),
    validate: (values) => schemaErrors<keyof TDraft>(ZCompanyInput, values),
    persist: async (values, item) => {
      if (item === 'new') await create.mutateAsync(values);
      else await update.mutateAsync({ id: item.id, company: values });
    },
    saved: { created: 'Compagnia aggiunta.', updated: 'Compagnia aggiornata.' },
    onSaved,
  });

  return (
    <Dialog opened={company !== null} onClose={onClose} title={isNew ? 'Nuova compagnia' : 'Modifica compagnia'} onConfirm={save} labels={{ confirm: 'Salva' }}>
      <Stack gap="sm">
        <TextInput label="Denominazione" placeholder="Es. Assicurazioni Esempio S.p.A." value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })} error={errors.name} required data-autofocus />
        <TextInput
          label="Codice IVASS"
          description="Il numero di iscrizione all’Albo delle imprese IVASS (es. 1.00183); lascia vuoto se non lo conosci."
          value={draft.ivassCode}
          onChange={(event) => setDraft({ ...draft, ivassCode: event.currentTarget.value })}
          error={errors.ivassCode}
        />
        <Switch label="Attiva (proposta nelle quotazioni)" checked={draft.active} onChange={(event) => setDraft({ ...draft, active: event.currentTarget.checked })} />
      </Stack>
    </Dialog>
  );
};
