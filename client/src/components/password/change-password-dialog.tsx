import { PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { ZChangePasswordForm, type TChangePasswordForm } from '../../../../shared/schemas/auth';
import { Dialog } from '../dialog/dialog';
import { FormAlert } from '../form-alert';
import type { TErrorDisplay } from '../../lib/api-error-display';
import { applyServerError } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { NewPasswordFields } from './new-password-fields';

export type TChangePasswordDialogProps = { opened: boolean; onClose: () => void };

const EMPTY: TChangePasswordForm = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * The change-password dialog of the profile menu: the current password and the new one twice, checked with the
 * shared schema when a field the user typed in loses focus, and all on submit; never on opening, empty.
 */
export const ChangePasswordDialog = ({ opened, onClose }: TChangePasswordDialogProps) => {
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const form = useForm<TChangePasswordForm>({
    mode: 'uncontrolled',
    initialValues: EMPTY,
    validate: zod4Resolver(ZChangePasswordForm, { errorPriority: 'first' }),
    // Opening the dialog moves the focus around: a blur of a field the user has not typed in says nothing.
    enhanceGetInputProps: ({ field, form: current }) => ({
      onBlur: () => {
        if (current.isDirty(field)) current.validateField(field);
      },
    }),
  });
  // auth.updatePassword answers 'La tua password è stata aggiornata.'. The current password is always sent: the
  // server requires it once the sign-in is a few minutes old.
  const trpc = useTRPC();
  const mutation = useMutation(trpc.auth.updatePassword.mutationOptions());

  /** The dialog closes only when the server took the new password. */
  const confirm = async (): Promise<boolean> => {
    setFailure(null);
    if (form.validate().hasErrors) return false;
    try {
      const { message } = await mutation.mutateAsync(form.getValues());
      toast('success', message);
      return true;
    } catch (error) {
      setFailure(applyServerError(form, error));
      return false;
    }
  };

  // Passwords do not linger: the next opening starts empty.
  const clear = () => {
    form.reset();
    setFailure(null);
  };

  return (
    <Dialog opened={opened} onClose={onClose} onExited={clear} title="Cambia password" size="md" onConfirm={confirm}>
      <Stack gap="md">
        <FormAlert error={failure} />
        <PasswordInput
          label="Password attuale"
          autoComplete="current-password"
          data-autofocus
          aria-invalid={Boolean(form.errors.currentPassword) || undefined}
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <NewPasswordFields form={form} />
      </Stack>
    </Dialog>
  );
};
