import { List, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TAdminUser } from '../../../../../shared/schemas/auth';
import { getDisplayName } from '../../../../../shared/rules/display-name';
import { Dialog } from '../../../components/dialog/dialog';
import { FormAlert } from '../../../components/form-alert';
import { describeError, type TErrorDisplay } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';
import { fromTrpcError } from '../../../lib/trpc-error';
import { useTRPC } from '../../../lib/trpc';

type TDeleteUserDialogProps = { user: TAdminUser | null; onClose: () => void };

/**
 * Asks again before deleting an account (issue 28), naming it and saying what is erased and what the law keeps; an
 * optional reason goes to the audit log. A refusal (open practices, a balance, the last admin) shows in the dialog.
 */
export const DeleteUserDialog = ({ user: asked, onClose }: TDeleteUserDialogProps) => {
  // The last account asked about stays shown while the dialog fades out.
  const [shown, setShown] = useState<TAdminUser | null>(asked);
  if (asked && asked !== shown) setShown(asked);
  const user = asked ?? shown;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.admin.users.delete.mutationOptions());
  const [reason, setReason] = useState('');
  const [error, setError] = useState<TErrorDisplay | null>(null);
  const name = user ? getDisplayName(user) || user.email : '';

  const confirm = async (): Promise<boolean> => {
    if (!asked) return false;
    try {
      const answer = await remove.mutateAsync({ userId: asked.id, reason: reason.trim() || undefined });
      toast('success', answer.message);
      await queryClient.invalidateQueries({ queryKey: trpc.admin.users.pathKey() });
      return true;
    } catch (caught) {
      setError(describeError(fromTrpcError(caught)));
      return false;
    }
  };

  return (
    <Dialog
      opened={asked !== null}
      onClose={onClose}
      title={`Eliminare l'account di ${name}?`}
      size="md"
      onConfirm={confirm}
      labels={{ confirm: 'Elimina account' }}
      confirmColor="red"
      onExited={() => {
        setReason('');
        setError(null);
      }}
    >
      {user && (
        <Stack gap="sm">
          <FormAlert error={error} />
          <Text size="sm">
            {name} ({user.email}) non potrà più accedere e le sue sessioni aperte saranno chiuse subito. L'operazione non si può annullare.
          </Text>
          <div>
            <Text size="sm" fw={600}>
              Cosa viene cancellato
            </Text>
            <List size="sm" spacing={2}>
              <List.Item>nome, email, telefono, codice fiscale, partita IVA e password (l'indirizzo email torna libero);</List.Item>
              <List.Item>indirizzo e IBAN per i pagamenti, codice di segnalazione e notifiche push.</List.Item>
            </List>
          </div>
          <div>
            <Text size="sm" fw={600}>
              Cosa resta conservato
            </Text>
            <List size="sm" spacing={2}>
              <List.Item>pratiche con storico e documenti, movimenti, pagamenti e registro attività, a nome «Utente eliminato», per i periodi previsti dalla legge (10 anni per le scritture contabili, registri IVASS).</List.Item>
            </List>
          </div>
          <Textarea label="Motivo (facoltativo)" description="Resta nel registro attività." value={reason} onChange={(event) => setReason(event.currentTarget.value)} maxLength={500} autosize minRows={2} />
        </Stack>
      )}
    </Dialog>
  );
};
