import { ActionIcon, CopyButton, Group, Paper, SimpleGrid, Text, Title, Tooltip } from '@mantine/core';
import { Icon } from '../../../components/icons';
import type { TPayments } from '../../../../../shared/schemas/data';

const Field = ({ label, value, canCopy = false }: { label: string; value: string; canCopy?: boolean }) => (
  <div>
    <Text size="xs" tt="uppercase" fw={600} c="dimmed" lts="0.04em">
      {label}
    </Text>
    <Group gap={4} wrap="nowrap">
      <Text size="sm" ff={canCopy ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
      {canCopy && value && (
        <CopyButton value={value.replace(/\s+/g, '')}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copiato' : 'Copia'} withArrow>
              <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={`Copia ${label}`}>
                <Icon name="copy" size={14} />
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      )}
    </Group>
  </div>
);

/** How to pay: a bank transfer to the platform with the given reason. */
export const PaymentInstructions = ({ details }: { details: TPayments['details'] }) => (
  <Paper withBorder radius="lg" p="md">
    <Title order={2} fz="md" mb="sm">
      Come pagare
    </Title>
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Field label="Beneficiario" value={details.beneficiary} />
      <Field label="IBAN" value={details.iban} canCopy />
      <Field label="Causale" value={details.reason} />
    </SimpleGrid>
  </Paper>
);
