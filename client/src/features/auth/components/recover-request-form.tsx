import { Alert, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { ZRecoverPasswordRequest, type TRecoverPasswordRequest } from '../../../../../shared/schemas/auth';
import { FormAlert } from '../../../components/form-alert';
import type { TErrorDisplay } from '../../../lib/api-error-display';
import { applyServerError } from '../../../lib/form-errors';
import { recoverPassword } from '../api/auth-api';
import { EmailField } from './email-field';

/** Asks for the reset link; the answer is the same whether or not the address is registered. */
export const RecoverRequestForm = () => {
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const form = useForm<TRecoverPasswordRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: zod4Resolver(ZRecoverPasswordRequest),
  });
  const mutation = useMutation({
    mutationFn: recoverPassword,
    onError: (error) => setFailure(applyServerError(form, error)),
  });
  const handleSubmit = form.onSubmit((values) => {
    setFailure(null);
    mutation.mutate(values);
  });

  if (mutation.isSuccess) {
    return (
      <Alert color="teal" variant="light" role="status" title="Richiesta inviata">
        {mutation.data.message}
      </Alert>
    );
  }
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormAlert error={failure} />
        <EmailField key={form.key('email')} {...form.getInputProps('email')} />
        <Button type="submit" fullWidth loading={mutation.isPending}>
          Invia il link
        </Button>
      </Stack>
    </form>
  );
};
