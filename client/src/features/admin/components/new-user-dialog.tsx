import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BROKER_TYPE_LABELS, BROKER_TYPES, REGISTRATION_TYPES, ROLES, type TBrokerType, type TRole } from '../../../../../shared/constants';
import { Dialog } from '../../../components/dialog/dialog';
import { FormAlert } from '../../../components/form-alert';
import { ApiError } from '../../../lib/api-error';
import { describeError, type TErrorDisplay } from '../../../lib/api-error-display';
import { ROLE_LABELS } from '../../../lib/labels';
import { toast } from '../../../lib/toast';
import { fromTrpcError } from '../../../lib/trpc-error';
import { useTRPC } from '../../../lib/trpc';

type TDraft = { email: string; role: TRole; type: 'persona' | 'azienda'; name: string; surname: string; business: string; brokerType: TBrokerType | null };
const EMPTY: TDraft = { email: '', role: 'corner', type: 'persona', name: '', surname: '', business: '', brokerType: null };
const TYPE_LABELS: Record<TDraft['type'], string> = { persona: 'Persona', azienda: 'Azienda' };

/** «Nuovo utente»: an admin creates an active account; the new user gets by e-mail the link to choose a password. */
export const NewUserDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.admin.users.create.mutationOptions());
  const [draft, setDraft] = useState<TDraft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof TDraft, string>>>({});
  const [formError, setFormError] = useState<TErrorDisplay | null>(null);
  const set = <K extends keyof TDraft>(key: K, value: TDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const close = () => {
    setDraft(EMPTY);
    setErrors({});
    setFormError(null);
    onClose();
  };

  const save = async (): Promise<boolean> => {
    try {
      await create.mutateAsync({
        email: draft.email,
        role: draft.role,
        type: draft.type,
        name: draft.name,
        surname: draft.surname,
        business: draft.business,
        ...(draft.role === 'broker' && draft.brokerType ? { brokerType: draft.brokerType } : {}),
      });
      toast('success', `Utente creato: ${draft.email} riceverà il link per scegliere la password.`);
      await queryClient.invalidateQueries({ queryKey: trpc.admin.users.pathKey() });
      setDraft(EMPTY);
      setErrors({});
      setFormError(null);
      return true;
    } catch (caught) {
      const error = fromTrpcError(caught);
      if (error instanceof ApiError && error.hasFields) {
        const inline: Partial<Record<keyof TDraft, string>> = {};
        const rest: string[] = [];
        for (const [path, messages] of Object.entries(error.fields)) {
          if (path in draft) inline[path as keyof TDraft] = messages.join('\n');
          else rest.push(messages.join('\n'));
        }
        setErrors(inline);
        setFormError(rest.length > 0 ? { kind: 'error', messages: rest } : null);
      } else {
        setErrors({});
        setFormError(describeError(error));
      }
      return false;
    }
  };

  return (
    <Dialog opened={opened} onClose={close} title="Nuovo utente" size="lg" onConfirm={save} labels={{ confirm: 'Crea utente' }}>
      <Stack gap="sm">
        <FormAlert error={formError} />
        <Text size="sm" c="dimmed">
          L'account è attivo da subito: l'utente riceve per email il link per scegliere la password. I nuovi corner hanno il livello Gold; puoi cambiarlo dopo da «Modifica».
        </Text>
        <TextInput label="Email" type="email" value={draft.email} onChange={(event) => set('email', event.currentTarget.value)} error={errors.email} required />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select label="Ruolo" data={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))} value={draft.role} onChange={(value) => value && set('role', value as TRole)} allowDeselect={false} error={errors.role} />
          <Select label="Tipo" data={REGISTRATION_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))} value={draft.type} onChange={(value) => value && set('type', value as TDraft['type'])} allowDeselect={false} error={errors.type} />
          <TextInput label="Nome" value={draft.name} onChange={(event) => set('name', event.currentTarget.value)} error={errors.name} required />
          <TextInput label="Cognome" value={draft.surname} onChange={(event) => set('surname', event.currentTarget.value)} error={errors.surname} required />
        </SimpleGrid>
        {draft.type === 'azienda' && <TextInput label="Ragione sociale" value={draft.business} onChange={(event) => set('business', event.currentTarget.value)} error={errors.business} required />}
        {draft.role === 'broker' && (
          <Select
            label="Settore del broker"
            data={BROKER_TYPES.map((type) => ({ value: type, label: BROKER_TYPE_LABELS[type] }))}
            value={draft.brokerType}
            onChange={(value) => set('brokerType', value as TBrokerType | null)}
            error={errors.brokerType}
            required
          />
        )}
      </Stack>
    </Dialog>
  );
};
