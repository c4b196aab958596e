import { Anchor, Button, Checkbox, Input, PasswordInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link } from 'react-router';
import { ZRegisterRequest } from '../../../../../shared/schemas/auth';
import type { TMessageResponse } from '../../../../../shared/schemas/common';
import { FormAlert } from '../../../components/form-alert';
import type { TErrorDisplay } from '../../../lib/api-error-display';
import { applyServerError } from '../../../lib/form-errors';
import { register } from '../api/auth-api';
import { PASSWORD_HINT } from '../../../lib/password-hint';
import { EmailField } from './email-field';

type TRegisterFormValues = {
  type: 'persona' | 'azienda';
  name: string;
  surname: string;
  business: string;
  vat: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  privacy: boolean;
};

const INITIAL_VALUES: TRegisterFormValues = {
  type: 'persona',
  name: '',
  surname: '',
  business: '',
  vat: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  privacy: false,
};

const TYPE_OPTIONS = [
  { value: 'persona', label: 'Persona' },
  { value: 'azienda', label: 'Azienda' },
];

/** Company fields typed before switching to "Persona" are hidden, so they are neither checked nor sent. */
const toRequestInput = (values: TRegisterFormValues): TRegisterFormValues =>
  values.type === 'azienda' ? values : { ...values, business: '', vat: '' };

const validateRegistration = zod4Resolver(ZRegisterRequest, { errorPriority: 'first' });

type TRegisterFormProps = {
  onRegistered: (answer: TMessageResponse) => void;
  /** The referral code of the link the visitor arrived by (`?ref=CODE`), sent with the registration. */
  referralCode?: string;
};

/** The fields of ZRegisterRequest, checked on the client with the schema the server uses. */
export const RegisterForm = ({ onRegistered, referralCode }: TRegisterFormProps) => {
  const [failure, setFailure] = useState<TErrorDisplay | null>(null);
  const [type, setType] = useState<TRegisterFormValues['type']>(INITIAL_VALUES.type);
  const form = useForm<TRegisterFormValues>({
    mode: 'uncontrolled',
    initialValues: INITIAL_VALUES,
    validate: (values) => validateRegistration(toRequestInput(values)),
    validateInputOnBlur: true,
    onValuesChange: (values) => setType(values.type),
  });
  const mutation = useMutation({
    mutationFn: register,
    onSuccess: onRegistered,
    onError: (error) => setFailure(applyServerError(form, error)),
  });
  const handleSubmit = form.onSubmit((values) => {
    setFailure(null);
    mutation.mutate(ZRegisterRequest.parse({ ...toRequestInput(values), ...(referralCode ? { referralCode } : {}) }));
  });
  const isCompany = type === 'azienda';

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <FormAlert error={failure} />
        {referralCode && (
          <Text size="sm" c="dimmed" role="note">
            Ti registri su invito
          </Text>
        )}
        <Input.Wrapper label="Ti registri come" labelElement="div" id="register-type">
          <SegmentedControl
            fullWidth
            data={TYPE_OPTIONS}
            aria-labelledby="register-type-label"
            key={form.key('type')}
            {...form.getInputProps('type')}
          />
        </Input.Wrapper>
        {isCompany && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label="Ragione sociale" withAsterisk autoComplete="organization" key={form.key('business')} {...form.getInputProps('business')} />
            <TextInput label="Partita IVA" withAsterisk inputMode="numeric" autoComplete="off" key={form.key('vat')} {...form.getInputProps('vat')} />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="Nome"
            description={isCompany ? 'Del referente' : undefined}
            withAsterisk
            autoComplete="given-name"
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Cognome"
            description={isCompany ? 'Del referente' : undefined}
            withAsterisk
            autoComplete="family-name"
            key={form.key('surname')}
            {...form.getInputProps('surname')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <EmailField withAsterisk key={form.key('email')} {...form.getInputProps('email')} />
          <TextInput label="Telefono" type="tel" autoComplete="tel" withAsterisk key={form.key('phone')} {...form.getInputProps('phone')} />
        </SimpleGrid>
        <PasswordInput
          label="Password"
          description={PASSWORD_HINT}
          autoComplete="new-password"
          withAsterisk
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Conferma password"
          autoComplete="new-password"
          withAsterisk
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Checkbox
          label={
            <>
              Ho letto l’
              <Anchor component={Link} to="/privacy" target="_blank" inherit>
                informativa sulla privacy
              </Anchor>{' '}
              e acconsento al trattamento dei miei dati
            </>
          }
          key={form.key('privacy')}
          {...form.getInputProps('privacy', { type: 'checkbox' })}
        />
        <Button type="submit" fullWidth loading={mutation.isPending}>
          Registrati
        </Button>
      </Stack>
    </form>
  );
};
