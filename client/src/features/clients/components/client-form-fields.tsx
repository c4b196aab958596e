import { Button, CloseButton, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { ComuneSelect } from '../../../components/inputs/comune-select';
import { DateField } from '../../../components/inputs/date-field';
import { MAX_CLIENT_PHONES } from '../../../../../shared/schemas/client-record';
import type { TClientFormValues } from '../client-form-values';

export type TClientForm = UseFormReturnType<TClientFormValues>;

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap="xs">
    <Title order={3} fz="md">
      {title}
    </Title>
    {children}
  </Stack>
);

const GRID = { base: 1, sm: 2 };

export const PersonFields = ({ form }: { form: TClientForm }) => (
  <Section title="Anagrafica">
    <SimpleGrid cols={GRID} spacing="sm">
      <TextInput label="Nome" withAsterisk autoComplete="off" {...form.getInputProps('name')} />
      <TextInput label="Cognome" withAsterisk autoComplete="off" {...form.getInputProps('surname')} />
      <TextInput label="Codice fiscale" withAsterisk autoComplete="off" styles={{ input: { textTransform: 'uppercase' } }} {...form.getInputProps('cf')} />
      <DateField label="Data di nascita" clearable size="sm" {...form.getInputProps('birthDate')} value={form.getValues().birthDate} />
      <ComuneSelect label="Luogo di nascita" size="sm" {...form.getInputProps('birthplace')} value={form.getValues().birthplace} />
      <Select
        label="Sesso"
        placeholder="Non indicato"
        clearable
        data={[
          { value: 'M', label: 'Maschio' },
          { value: 'F', label: 'Femmina' },
        ]}
        {...form.getInputProps('sex')}
        value={form.getValues().sex || null}
        onChange={(sex) => form.setFieldValue('sex', sex === 'M' || sex === 'F' ? sex : '')}
      />
    </SimpleGrid>
  </Section>
);

export const CompanyFields = ({ form }: { form: TClientForm }) => (
  <Section title="Anagrafica">
    <SimpleGrid cols={GRID} spacing="sm">
      <TextInput label="Ragione sociale" withAsterisk autoComplete="off" {...form.getInputProps('businessName')} />
      <TextInput label="Partita IVA" withAsterisk autoComplete="off" {...form.getInputProps('vat')} />
      <TextInput label="Codice fiscale azienda" autoComplete="off" {...form.getInputProps('companyCf')} />
      <TextInput label="PEC" type="email" autoComplete="off" {...form.getInputProps('pec')} />
      <TextInput label="Codice SDI" autoComplete="off" maxLength={7} {...form.getInputProps('sdiCode')} />
    </SimpleGrid>
    <Text size="sm" fw={600} mt="xs">
      Legale rappresentante
    </Text>
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <TextInput label="Nome" autoComplete="off" {...form.getInputProps('repName')} />
      <TextInput label="Cognome" autoComplete="off" {...form.getInputProps('repSurname')} />
      <TextInput label="Codice fiscale" autoComplete="off" {...form.getInputProps('repCf')} />
    </SimpleGrid>
  </Section>
);

export const ContactFields = ({ form }: { form: TClientForm }) => {
  const { phones } = form.getValues();
  return (
    <Section title="Contatti">
      <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
      {phones.map((_phone, row) => (
        <Group key={form.key(`phones.${row}`)} gap="xs" align="flex-end" wrap="nowrap">
          <TextInput label={row === 0 ? 'Telefono' : `Telefono ${row + 1}`} type="tel" autoComplete="off" style={{ flex: 1 }} {...form.getInputProps(`phones.${row}`)} />
          {phones.length > 1 && (
            <CloseButton size="lg" mb={2} aria-label={`Rimuovi il telefono ${row + 1}`} onClick={() => form.removeListItem('phones', row)} />
          )}
        </Group>
      ))}
      {phones.length < MAX_CLIENT_PHONES && (
        <Button variant="subtle" size="xs" onClick={() => form.insertListItem('phones', '')} style={{ alignSelf: 'flex-start' }}>
          + Aggiungi telefono
        </Button>
      )}
    </Section>
  );
};

export const AddressFields = ({ form }: { form: TClientForm }) => {
  const { comune } = form.getValues();
  const caps = comune?.caps ?? [];
  return (
    <Section title="Indirizzo">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="Via" autoComplete="off" style={{ gridColumn: 'span 2' }} {...form.getInputProps('street')} />
        <TextInput label="Civico" autoComplete="off" {...form.getInputProps('number')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <ComuneSelect
          size="sm"
          {...form.getInputProps('comune')}
          value={comune}
          onChange={(picked) => {
            form.setFieldValue('comune', picked);
            // A comune with one CAP fills it; with several they are offered below the field.
            if (picked?.caps.length === 1) form.setFieldValue('cap', picked.caps[0] ?? '');
          }}
        />
        <TextInput label="Provincia" value={comune?.sigla ?? ''} readOnly variant="filled" tabIndex={-1} />
        <TextInput
          label="CAP"
          inputMode="numeric"
          maxLength={5}
          autoComplete="off"
          description={caps.length > 1 ? `CAP del comune: ${caps.slice(0, 6).join(', ')}${caps.length > 6 ? '…' : ''}` : undefined}
          {...form.getInputProps('cap')}
        />
      </SimpleGrid>
    </Section>
  );
};

export const NotesField = ({ form }: { form: TClientForm }) => (
  <Textarea label="Note" autosize minRows={2} maxRows={6} maxLength={2000} {...form.getInputProps('notes')} />
);
