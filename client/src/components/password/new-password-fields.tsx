import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PASSWORD_HINT } from '../../lib/password-hint';

type TPasswordValues = { password: string; confirmPassword: string };

/** "Nuova password" and its confirmation, as in the reset page and the change-password dialog. */
export const NewPasswordFields = <T extends TPasswordValues>({
  form: anyForm,
  isAutoFocus = false,
}: {
  form: UseFormReturnType<T>;
  isAutoFocus?: boolean;
}) => {
  // Only the two password fields are touched, whatever else the form holds (the reset form carries the token).
  const form = anyForm as unknown as UseFormReturnType<TPasswordValues>;
  return (
    <>
      <PasswordInput
        label="Nuova password"
        description={PASSWORD_HINT}
        autoComplete="new-password"
        data-autofocus={isAutoFocus || undefined}
        aria-invalid={Boolean(form.errors.password) || undefined}
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label="Conferma password"
        autoComplete="new-password"
        aria-invalid={Boolean(form.errors.confirmPassword) || undefined}
        key={form.key('confirmPassword')}
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
};
