import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { isEmail, isNotEmpty, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { MSG } from '../../../../../shared/messages';
import type { TLoginRequest } from '../../../../../shared/schemas/auth';
import { FormAlert } from '../../../components/form-alert';
import type { TErrorDisplay } from '../../../lib/api-error-display';
import { applyServerError } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session/use-session';
import { login } from '../api/auth-api';
import { EmailField } from './email-field';

/** Email and password; on success the session takes over and the guard moves the user on. */
export const LoginForm = () => {
  const { signIn } = useSession();
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const form = useForm<TLoginRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    // Two checks only, with the server's own messages: the login page stays light (no zod in its bundle, see
    // the /accedi weight budget) and the server validates with the shared schema anyway.
    validate: { email: isEmail(MSG.emailInvalid), password: isNotEmpty(MSG.required) },
    transformValues: (values) => ({ email: values.email.trim().toLowerCase(), password: values.password }),
  });
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: signIn,
    onError: (error) => setFailure(applyServerError(form, error)),
  });
  const handleSubmit = form.onSubmit((values) => {
    setFailure(null);
    mutation.mutate(values);
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormAlert error={failure} />
        <EmailField autoComplete="username" key={form.key('email')} {...form.getInputProps('email')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to="/recupero-password" size="sm">
            Password dimenticata?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={mutation.isPending}>
          Accedi
        </Button>
      </Stack>
    </form>
  );
};
