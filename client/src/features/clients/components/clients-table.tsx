import { Anchor, Badge, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { getDisplayName } from '../../../../../shared/rules/display-name';
import { formatDate } from '../../../lib/format';
import { clientPath } from '../../../lib/paths';
import { useIsPhone } from '../../../lib/use-is-phone';
import type { TClient } from '../../../../../shared/schemas/data';
import { formatPhone } from '../../../lib/format-phone';

const TYPE_LABELS: Record<TClient['type'], string> = { persona: 'Persona', azienda: 'Azienda' };

type TClientsTableProps = {
  clients: TClient[];
  corners?: ReadonlyMap<string, string>;
  /** What can be done to a row (e.g. the admins' "Sposta"), in a last column. */
  rowActions?: (client: TClient) => ReactNode;
};

/** On a phone the tax codes and the date step aside: name and contacts fit without sideways scrolling. */
export const ClientsTable = ({ clients, corners, rowActions }: TClientsTableProps) => {
  const isPhone = useIsPhone();
  return (
    <Table.ScrollContainer minWidth={isPhone ? 0 : 760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Cliente</Table.Th>
            <Table.Th>Contatti</Table.Th>
            <Table.Th visibleFrom="sm">Codice fiscale / Partita IVA</Table.Th>
            {corners && <Table.Th visibleFrom="sm">Corner</Table.Th>}
            <Table.Th visibleFrom="sm">Aggiunto il</Table.Th>
            {rowActions && <Table.Th>Azioni</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients.map((client) => (
            <Table.Tr key={client.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  <Anchor component={Link} to={clientPath(client.id)} inherit>
                    {getDisplayName(client) || '—'}
                  </Anchor>
                </Text>
                <Badge size="xs" variant="light" color={client.type === 'azienda' ? 'grape' : 'indigo'}>
                  {TYPE_LABELS[client.type]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {client.email || '—'}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatPhone(client.phone)}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm" ff="monospace">
                  {client.cf || '—'}
                </Text>
                {client.vat && (
                  <Text size="xs" c="dimmed" ff="monospace">
                    P. IVA {client.vat}
                  </Text>
                )}
              </Table.Td>
              {corners && (
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{corners.get(client.cornerId) ?? '—'}</Text>
                </Table.Td>
              )}
              <Table.Td visibleFrom="sm">
                <Text size="sm">{formatDate(client.createdAt)}</Text>
              </Table.Td>
              {rowActions && <Table.Td>{rowActions(client)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
