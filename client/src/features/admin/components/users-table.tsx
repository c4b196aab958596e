import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { ACCOUNT_STATE_LABELS, BROKER_TYPE_LABELS, type TAccountState } from '../../../../../shared/constants';
import type { TAdminUser } from '../../../../../shared/schemas/auth';
import { getDisplayName } from '../../../../../shared/rules/display-name';
import { TIER_LABELS } from '../../../../../shared/tiers';
import { formatDate } from '../../../lib/format';
import { ROLE_LABELS } from '../../../lib/labels';
import { useIsPhone } from '../../../lib/use-is-phone';

const STATE_COLORS: Record<TAccountState, string> = { active: 'teal', pending: 'yellow', inactive: 'gray', deleted: 'red' };

/** Only an active user who is not an admin can be impersonated (the server says the same). */
const canLoginAs = (user: TAdminUser) => user.role !== 'admin' && user.state === 'active';

const roleText = (user: TAdminUser) =>
  user.brokerType ? `${ROLE_LABELS[user.role]} · ${BROKER_TYPE_LABELS[user.brokerType]}` : user.tier ? `${ROLE_LABELS[user.role]} · ${TIER_LABELS[user.tier]}` : ROLE_LABELS[user.role];

/** A deleted account has no actions; an account is never deleted by itself (the server says the same). */
const canDelete = (user: TAdminUser, currentUserId: string | null) => user.state !== 'deleted' && user.id !== currentUserId;

type TUsersTableProps = {
  users: TAdminUser[];
  onLoginAs: (user: TAdminUser) => void;
  onEdit: (user: TAdminUser) => void;
  onDelete: (user: TAdminUser) => void;
  pendingUserId: string | null;
  /** The signed-in admin: its own row offers no deletion. */
  currentUserId: string | null;
};

/** On a phone the role and state move under the name, so the table never scrolls sideways. */
export const UsersTable = ({ users, onLoginAs, onEdit, onDelete, pendingUserId, currentUserId }: TUsersTableProps) => {
  const isPhone = useIsPhone();
  return (
    <Table.ScrollContainer minWidth={isPhone ? 0 : 760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Utente</Table.Th>
            <Table.Th visibleFrom="sm">Ruolo</Table.Th>
            <Table.Th visibleFrom="sm">Stato</Table.Th>
            <Table.Th visibleFrom="sm">Registrato il</Table.Th>
            <Table.Th>
              <VisuallyHidden>Azioni</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const name = getDisplayName(user);
            return (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {name || '—'}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {user.email}
                  </Text>
                  {isPhone && (
                    <Text size="xs" mt={4}>
                      {roleText(user)} · {ACCOUNT_STATE_LABELS[user.state]}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">
                    {ROLE_LABELS[user.role]}
                    {user.tier && ` · ${TIER_LABELS[user.tier]}`}
                  </Text>
                  {user.brokerType && (
                    <Text size="xs" c="dimmed">
                      {BROKER_TYPE_LABELS[user.brokerType]}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Badge variant="light" color={STATE_COLORS[user.state]}>
                    {ACCOUNT_STATE_LABELS[user.state]}
                  </Badge>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{formatDate(user.createdAt)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  {user.state !== 'deleted' && (
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="compact-sm" variant="default" onClick={() => onEdit(user)} aria-label={`Modifica ${name || user.email}`}>
                        Modifica
                      </Button>
                      {canLoginAs(user) && (
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() => onLoginAs(user)}
                          loading={pendingUserId === user.id}
                          aria-label={`Accedi come ${name || user.email}`}
                        >
                          Accedi come
                        </Button>
                      )}
                      {canDelete(user, currentUserId) && (
                        <Button size="compact-sm" variant="subtle" color="red" onClick={() => onDelete(user)} aria-label={`Elimina ${name || user.email}`}>
                          Elimina
                        </Button>
                      )}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
