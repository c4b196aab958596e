import { Badge, Group, Text } from '@mantine/core';
import { formatCents } from '../../../lib/format';

/** A card's denominations in euro, Italian style ("25,00 € · 50,00 €"). */
export const Denominations = ({ cents }: { cents: number[] }) => (
  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
    {cents.map(formatCents).join(' · ')}
  </Text>
);

/** Active or not, and how many corners chose it. */
export const CardState = ({ active, chosenCount }: { active: boolean; chosenCount: number }) => (
  <Group gap={6} wrap="nowrap">
    <Badge color={active ? 'teal' : 'gray'} variant="light">
      {active ? 'Attiva' : 'Disattivata'}
    </Badge>
    {chosenCount > 0 && (
      <Badge color="indigo" variant="outline">
        {chosenCount === 1 ? 'Scelta da 1 corner' : `Scelta da ${chosenCount} corner`}
      </Badge>
    )}
  </Group>
);
