import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TClientRecord } from '../../../../../shared/schemas/client-record';
import { formatDate } from '../../../lib/format';
import { formatPhone } from '../../../lib/format-phone';

const SEX_LABELS = { M: 'Maschio', F: 'Femmina' } as const;

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
      {children || '—'}
    </Text>
  </Stack>
);

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder radius="lg" p="md">
    <Title order={2} fz="md" mb="sm">
      {title}
    </Title>
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  </Paper>
);

const Registry = ({ record }: { record: TClientRecord }) =>
  record.kind === 'azienda' ? (
    <Section title="Anagrafica">
      <Field label="Ragione sociale">{record.businessName}</Field>
      <Field label="Partita IVA">{record.vat}</Field>
      <Field label="Codice fiscale azienda">{record.companyCf}</Field>
      <Field label="PEC">{record.pec}</Field>
      <Field label="Codice SDI">{record.sdiCode}</Field>
      <Field label="Legale rappresentante">
        {record.legalRepresentative &&
          [record.legalRepresentative.name, record.legalRepresentative.surname, record.legalRepresentative.cf && `(${record.legalRepresentative.cf})`].filter(Boolean).join(' ')}
      </Field>
    </Section>
  ) : (
    <Section title="Anagrafica">
      <Field label="Nome">{record.name}</Field>
      <Field label="Cognome">{record.surname}</Field>
      <Field label="Codice fiscale">{record.cf}</Field>
      <Field label="Data di nascita">{record.birthDate && formatDate(`${record.birthDate}T00:00:00`)}</Field>
      <Field label="Luogo di nascita">{record.birthplace?.label}</Field>
      <Field label="Sesso">{record.sex && SEX_LABELS[record.sex]}</Field>
    </Section>
  );

/** A client's record to read: registry, contacts, address and notes. */
export const ClientRecordView = ({ record }: { record: TClientRecord }) => {
  const { address } = record;
  return (
    <Stack gap="md">
      <Registry record={record} />
      <Section title="Contatti">
        <Field label="Email">{record.email}</Field>
        <Field label={record.phones.length > 1 ? 'Telefoni' : 'Telefono'}>{record.phones.map(formatPhone).join('\n')}</Field>
        <Field label="Note">{record.notes}</Field>
      </Section>
      <Section title="Indirizzo">
        <Field label="Via">{address && [address.street, address.number].filter(Boolean).join(', ')}</Field>
        <Field label="Comune">{address && `${address.comuneName} (${address.provinceSigla})`}</Field>
        <Field label="CAP">{address?.cap}</Field>
      </Section>
    </Stack>
  );
};
