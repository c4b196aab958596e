import { Avatar, Badge, Group, Paper, SimpleGrid, Stack, Title, Text } from '@mantine/core';
import { ACCOUNT_STATE_LABELS, BROKER_TYPE_LABELS, type TAccountState, type TRole, type TUserType } from '../../../../../shared/constants';
import type { TProfile } from '../../../../../shared/schemas/profile';
import { getDisplayName } from '../../../../../shared/rules/display-name';
import { ROLE_LABELS } from '../../../lib/labels';
import { ProfileDetail } from './profile-detail';
import { ProfileStatusBadge } from './profile-status-badge';
import { formatPhone } from '../../../lib/format-phone';

type TProfileSummaryProps = {
  profile: TProfile;
  role: TRole;
  state: TAccountState;
  /** /profilo also shows the tax data and the profile status. */
  isDetailed?: boolean;
};

const STATE_COLORS: Record<TAccountState, string> = {
  active: 'teal',
  pending: 'yellow',
  inactive: 'gray',
  deleted: 'red',
};

const TYPE_LABELS: Record<TUserType, string> = { persona: 'Persona', privato: 'Privato', azienda: 'Azienda' };

/** Who is signed in: display name (spec section 3), email, role and account state. */
export const ProfileSummary = ({ profile, role, state, isDetailed = false }: TProfileSummaryProps) => {
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
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg" verticalSpacing="md">
          <ProfileDetail label="Tipo" value={TYPE_LABELS[user.type]} />
          <ProfileDetail label="Telefono" value={formatPhone(user.phone)} />
          {user.type === 'azienda' && <ProfileDetail label="Partita IVA" value={user.vat} />}
          <ProfileDetail label="Codice fiscale" value={user.cf} />
          {broker && <ProfileDetail label="Settore broker" value={BROKER_TYPE_LABELS[broker.type]} />}
          {isDetailed && (
            <>
              <ProfileDetail label="Regime fiscale" value={user.taxRegime} />
              <ProfileDetail label="Dipendenti" value={user.hasEmployee ? 'Sì' : 'No'} />
              <ProfileDetail label="Stato del profilo" value={<ProfileStatusBadge status={user.status} />} />
            </>
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
};
