import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatCents } from '../../../lib/format';
import type { TPayments } from '../../../../../shared/schemas/data';
import { PAYMENT_GROUPS } from '../payment-types';

const COLORS = { notPaied: 'red.7', pending: 'yellow.8', paied: 'teal.7' } as const;

export const PaymentTotals = ({ details }: { details: TPayments['details'] }) => (
  <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
    {PAYMENT_GROUPS.map((group) => (
      <Paper key={group.status} withBorder radius="lg" p="md">
        <Text size="sm" c="dimmed">
          {group.label}
        </Text>
        <Text fz={26} fw={700} c={COLORS[group.status]} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatCents(details[group.totalKey] as number)}
        </Text>
      </Paper>
    ))}
  </SimpleGrid>
);
