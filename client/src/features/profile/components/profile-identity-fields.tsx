import { Input, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useId, type ChangeEvent } from 'react';
import type { TUserType } from '../../../../../shared/constants';
import type { TProfileForm } from '../hooks/use-profile-form';
import { isCompanyType } from '../profile-form-values';

type TProfileIdentityFieldsProps = { form: TProfileForm; requireComplete: boolean };

const upperCase = (event: ChangeEvent<HTMLInputElement>) => event.currentTarget.value.toUpperCase();

/** Step 1, "Dati anagrafici": the type, then a person's name or a company's name and partita IVA, the codice fiscale. */
export const ProfileIdentityFields = ({ form, requireComplete }: TProfileIdentityFieldsProps) => {
  const labelId = useId();
  const { type } = form.getValues().user;
  const isCompany = isCompanyType(type);
  // "privato" is a person under another name (spec section 1): it stays what it is unless "Azienda" is chosen.
  const personType: TUserType = form.getInitialValues().user.type === 'privato' ? 'privato' : 'persona';
  const typeOptions = [
    { value: personType, label: 'Persona' },
    { value: 'azienda', label: 'Azienda' },
  ];
  const changeType = (value: string) => {
    form.setFieldValue('user.type', value as TUserType);
    form.clearErrors();
  };
  const cfInput = form.getInputProps('user.cf');

  return (
    <Stack gap="md">
      <Input.Wrapper label="Tipo" labelElement="div" id={labelId}>
        <SegmentedControl fullWidth data={typeOptions} value={type} onChange={changeType} aria-labelledby={`${labelId}-label`} />
      </Input.Wrapper>
      {isCompany ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="Ragione sociale" withAsterisk={requireComplete} autoComplete="organization" {...form.getInputProps('user.business')} />
          <TextInput label="Partita IVA" withAsterisk={requireComplete} inputMode="numeric" autoComplete="off" maxLength={20} {...form.getInputProps('user.vat')} />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="Nome" withAsterisk={requireComplete} autoComplete="given-name" {...form.getInputProps('user.name')} />
          <TextInput label="Cognome" withAsterisk={requireComplete} autoComplete="family-name" {...form.getInputProps('user.surname')} />
        </SimpleGrid>
      )}
      {/* Half the width, like the fields above: a code of 16 characters needs no more. */}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label="Codice fiscale"
          description={isCompany ? '11 cifre, o 16 caratteri per una ditta individuale' : '16 caratteri, come sulla tessera sanitaria'}
          withAsterisk={requireComplete}
          autoComplete="off"
          spellCheck={false}
          maxLength={16}
          {...cfInput}
          onChange={(event: ChangeEvent<HTMLInputElement>) => form.setFieldValue('user.cf', upperCase(event))}
        />
      </SimpleGrid>
    </Stack>
  );
};
