import { Stack, Switch, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ZCompanyInput, type TCompany } from '../../../../../shared/schemas/insurers';
import { Dialog } from '../../../components/dialog/dialog';
import { showApiError } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { schemaErrors, serverFieldErrors } from './form-errors';

type TDraft = { name: string; ivassCode: string; active: boolean };
type TErrors = Partial<Record<keyof TDraft, string>>;

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
  const [draft, setDraft] = useState<TDraft>({ name: '', ivassCode: '', active: true });
  const [errors, setErrors] = useState<TErrors>({});
  const isNew = company === 'new';

  useEffect(() => {
    if (company === null) return;
    setDraft(company === 'new' ? { name: '', ivassCode: '', active: true } : { name: company.name, ivassCode: company.ivassCode, active: company.active });
    setErrors({});
  }, [company]);

  const save = async (): Promise<boolean> => {
    if (company === null) return false;
    const found = schemaErrors<keyof TDraft>(ZCompanyInput, draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    try {
      if (company === 'new') await create.mutateAsync(draft);
      else await update.mutateAsync({ id: company.id, company: draft });
      toast('success', isNew ? 'Compagnia aggiunta.' : 'Compagnia aggiornata.');
      onSaved();
      return true;
    } catch (error) {
      const fields = serverFieldErrors<keyof TDraft>(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else showApiError(error);
      return false;
    }
  };

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
