import { Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { ZAgencyInput, type TAgency } from '../../../../../shared/schemas/insurers';
import { Dialog } from '../../../components/dialog/dialog';
import { useTRPC } from '../../../lib/trpc';
import { schemaErrors } from './form-errors';
import { useEditDraft } from './use-edit-draft';

type TDraft = { companyId: string; name: string; code: string; city: string; email: string; phone: string; active: boolean };

const EMPTY: TDraft = { companyId: '', name: '', code: '', city: '', email: '', phone: '', active: true };

type TAgencyDialogProps = {
  /** The agency to edit, `'new'` to create one, null when closed. */
  agency: TAgency | 'new' | null;
  /** The company a new agency starts with (the page's filter). */
  companyId?: string | null;
  onClose: () => void;
  onSaved: () => void;
};

/** Creates or edits an agency: its company, name, code, city and contacts, active. */
export const AgencyDialog = ({ agency, companyId, onClose, onSaved }: TAgencyDialogProps) => {
  const trpc = useTRPC();
  const companies = useQuery({ ...trpc.insurers.companies.list.queryOptions({ includeInactive: true }), enabled: agency !== null });
  const create = useMutation(trpc.insurers.agencies.create.mutationOptions());
  const update = useMutation(trpc.insurers.agencies.update.mutationOptions());
  const { draft, setDraft, errors, isNew, save } = useEditDraft<TAgency, TDraft>({
    item: agency,
    initial: (item) => (item === 'new' ? { ...EMPTY, companyId: companyId ?? '' } : { ...item }),
    resetKey: companyId,
    validate: (values) => {
      const found = schemaErrors<keyof TDraft>(ZAgencyInput, values);
      if (!values.companyId) found.companyId = 'Seleziona la compagnia.';
      return found;
    },
    persist: async ({ companyId: company, name, code, city, email, phone, active }, item) => {
      const values = { companyId: company, name, code, city, email, phone, active };
      if (item === 'new') await create.mutateAsync(values);
      else await update.mutateAsync({ id: item.id, agency: values });
    },
    saved: { created: 'Agenzia aggiunta.', updated: 'Agenzia aggiornata.' },
    onSaved,
  });

  const field = (key: Exclude<keyof TDraft, 'active' | 'companyId'>) => ({
    value: draft[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [key]: event.currentTarget.value }),
    error: errors[key],
  });

  const options = (companies.data ?? [])
    .filter((company) => company.active || company.id === draft.companyId)
    .map((company) => ({ value: company.id, label: company.ivassCode ? `${company.name} (${company.ivassCode})` : company.name }));

  return (
    <Dialog opened={agency !== null} onClose={onClose} title={isNew ? 'Nuova agenzia' : 'Modifica agenzia'} onConfirm={save} labels={{ confirm: 'Salva' }} size="lg">
      <Stack gap="sm">
        <Select
          label="Compagnia"
          placeholder={companies.isPending ? 'Caricamento…' : 'Cerca la compagnia'}
          data={options}
          value={draft.companyId || null}
          onChange={(value) => setDraft({ ...draft, companyId: value ?? '' })}
          error={errors.companyId}
          searchable
          required
          nothingFoundMessage="Nessuna compagnia trovata"
        />
        <TextInput label="Nome dell’agenzia" placeholder="Es. Agenzia Milano Centro" required {...field('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Codice agenzia" description="Il codice che la compagnia assegna all’agenzia." {...field('code')} />
          <TextInput label="Città" {...field('city')} />
          <TextInput label="Email" type="email" {...field('email')} />
          <TextInput label="Telefono" type="tel" {...field('phone')} />
        </SimpleGrid>
        <Switch label="Attiva (proposta nelle quotazioni)" checked={draft.active} onChange={(event) => setDraft({ ...draft, active: event.currentTarget.checked })} />
      </Stack>
    </Dialog>
  );
};
