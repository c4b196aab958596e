import { Avatar, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ACCOUNT_STATE_LABELS, type TAccountState, type TRole, type TUserType } from '../../../../../shared/constants';
import type { TProfile } from '../../../../../shared/schemas/profile';
import { getDisplayName } from '../../../../../shared/rules/display-name';
import { ROLE_LABELS } from '../../../lib/labels';

type TProfileSummaryProps = { profile: TProfile; role: TRole; state: TAccountState };

const STATE_COLORS: Record<TAccountState, string> = {
  active: 'teal',
  pending: 'yellow',
  inactive: 'gray',
  deleted: 'red',
};

const TYPE_LABELS: Record<TUserType, string> = { persona: 'Persona', privato: 'Privato', azienda: 'Azienda' };

const Detail = ({ label, value }: { label: string; value: string }) => (
  <div>
    <Text size="xs" tt="uppercase" fw={600} c="dimmed" lts="0.04em">
      {label}
    </Text>
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {value || '—'}
    </Text>
  </div>
);

/** Who is signed in: display name (spec section 3), email, role and account state. */
export const ProfileSummary = ({ profile, role, state }: TProfileSummaryProps) => {
  const { user, broker } = profile;
  const displayName = getDisplayName(user);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="xl">
        <Group gap="md" wrap="nowrap" align="center">
          <Avatar size={56} radius="xl" color="indigo" name={displayName} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: 'anywhere' }}>
              {displayName}
            </Title>
            <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
            <Group gap="xs" mt={4}>
              <Badge variant="light" color="indigo">
                {ROLE_LABELS[role]}
              </Badge>
              <Badge variant="dot" color={STATE_COLORS[state]}>
                Account {ACCOUNT_STATE_LABELS[state]}
              </Badge>
            </Group>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          <Detail label="Tipo" value={TYPE_LABELS[user.type]} />
          <Detail label="Telefono" value={user.phone} />
          {user.type === 'azienda' && <Detail label="Partita IVA" value={user.vat} />}
          <Detail label="Codice fiscale" value={user.cf} />
          {broker && <Detail label="Settore broker" value={broker.type} />}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
};
