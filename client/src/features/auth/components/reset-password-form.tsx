import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ZResetPasswordRequest, type TResetPasswordRequest } from '../../../../../shared/schemas/auth';
import { FormAlert } from '../../../components/form-alert';
import type { TErrorDisplay } from '../../../lib/api-error-display';
import { applyServerError } from '../../../lib/form-errors';
import { resetPassword } from '../api/auth-api';
import type { TNoticeState } from '../notice-state';
import { NewPasswordFields } from '../../../components/password/new-password-fields';

/** Sets the password from a reset link, or the first password of a user an admin created. */
export const ResetPasswordForm = ({ token }: { token: string }) => {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const form = useForm<TResetPasswordRequest>({
    mode: 'uncontrolled',
    initialValues: { token, password: '', confirmPassword: '' },
    validate: zod4Resolver(ZResetPasswordRequest, { errorPriority: 'first' }),
    validateInputOnBlur: ['password'],
  });
  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: ({ message }) => {
      const state: TNoticeState = { notice: message };
      void navigate('/accedi', { replace: true, state });
    },
    onError: (error) => setFailure(applyServerError(form, error)),
  });
  const handleSubmit = form.onSubmit((values) => {
    setFailure(null);
    mutation.mutate(values);
  });
  // The token is no input of its own: a bad one, found here or by the server, is reported above the form.
  const tokenError = form.errors.token;
  const tokenFailure: TErrorDisplay | null = typeof tokenError === 'string' ? { kind: 'error', messages: [tokenError] } : null;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormAlert error={failure ?? tokenFailure} />
        <NewPasswordFields form={form} />
        <Button type="submit" fullWidth loading={mutation.isPending}>
          Salva la password
        </Button>
      </Stack>
    </form>
  );
};
