import { ActionIcon, Badge, Code, Group, Table, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import type { TAuditEntry, TAuditItem } from '../../../../../shared/schemas/audit';
import { auditActionLabel, formatAuditTime } from './audit-labels';

const What = ({ entry }: { entry: TAuditEntry }) => (
  <Text size="sm" style={{ wordBreak: 'break-all' }}>
    {entry.method && <Code mr={4}>{entry.method}</Code>}
    {entry.path ?? ''}
    {entry.statusCode !== null && (
      <Badge ml={6} size="xs" variant="light" color={entry.statusCode < 400 ? 'green' : 'red'}>
        {entry.statusCode}
      </Badge>
    )}
  </Text>
);

const EntryRow = ({ entry, isNested = false }: { entry: TAuditEntry; isNested?: boolean }) => (
  <Table.Tr bg={isNested ? 'var(--mantine-color-default-hover)' : undefined}>
    <Table.Td pl={isNested ? 'xl' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {formatAuditTime(entry.at)}
    </Table.Td>
    <Table.Td>
      <Text size="sm">{entry.actor.name}</Text>
      <Text size="xs" c="dimmed">
        {entry.actor.email}
      </Text>
    </Table.Td>
    <Table.Td>{entry.impersonator ? <Text size="sm">{entry.impersonator.name}</Text> : <Text size="sm" c="dimmed">—</Text>}</Table.Td>
    <Table.Td>{auditActionLabel(entry.action)}</Table.Td>
    <Table.Td>
      <What entry={entry} />
    </Table.Td>
  </Table.Tr>
);

/**
 * The audit log, newest first: an impersonation session is one row (the admin, the user acted as, when, how many
 * calls) that opens on its start and its calls.
 */
export const AuditTable = ({ items }: { items: TAuditItem[] }) => {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data e ora</Table.Th>
            <Table.Th>Chi</Table.Th>
            <Table.Th>Per conto di (admin)</Table.Th>
            <Table.Th>Azione</Table.Th>
            <Table.Th>Record</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            if (item.kind === 'entry') return <EntryRow key={item.key} entry={item.entry} />;
            const isOpen = open.has(item.key);
            const calls = item.entries.filter((entry) => entry.action !== 'login-as').length;
            return (
              <Fragment key={item.key}>
                <Table.Tr>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Group gap={6} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        onClick={() => toggle(item.key)}
                        aria-expanded={isOpen}
                        aria-label={`${isOpen ? 'Chiudi' : 'Apri'} la sessione di ${item.admin.name} come ${item.user.name}`}
                      >
                        {isOpen ? '▾' : '▸'}
                      </ActionIcon>
                      {formatAuditTime(item.lastAt)}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.user.name}</Text>
                    <Text size="xs" c="dimmed">
                      {item.user.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.admin.name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="orange" tt="none">
                      Accedi come
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {calls === 1 ? '1 operazione' : `${calls} operazioni`} · dal {formatAuditTime(item.startedAt)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
                {isOpen && item.entries.map((entry) => <EntryRow key={entry.id} entry={entry} isNested />)}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
