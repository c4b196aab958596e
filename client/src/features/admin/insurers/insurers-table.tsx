import { Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { ActiveBadge, ActiveRowActions } from './active-toggle';

type TInsurer = { id: string; name: string; active: boolean };

type TInsurersTableProps<T extends TInsurer> = {
  /** The list's query: loading, its error, its rows. */
  query: { data?: T[]; isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; refetch: () => Promise<unknown> };
  errorTitle: string;
  /** What the empty list says (with or without filters). */
  empty: { title: string; text: string };
  /** Under the table: how many ("1 agenzia", "12 agenzie"). */
  count: (count: number) => string;
  minWidth: number;
  /** The headers of the columns before "Stato", and each row's cells for them. */
  head: ReactNode;
  cells: (record: T) => ReactNode;
  onEdit: (record: T) => void;
  onToggle: (record: T) => void;
};

/**
 * The companies' or the agencies' list: loading, its error, the empty list, or the table with a state column and the
 * row's actions (edit, deactivate or reactivate), and how many there are.
 */
export const InsurersTable = <T extends TInsurer>({ query, errorTitle, empty, count, minWidth, head, cells, onEdit, onToggle }: TInsurersTableProps<T>) => (
  <>
    {query.isPending && <PageLoader />}
    {query.isError && <QueryError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />}
    {query.data && query.data.length === 0 && (
      <EmptyState title={empty.title} icon="building">
        {empty.text}
      </EmptyState>
    )}
    {query.data && query.data.length > 0 && (
      <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} aria-busy={query.isFetching}>
        <Table.ScrollContainer minWidth={minWidth}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {head}
                <Table.Th>Stato</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Azioni</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.map((record) => (
                <Table.Tr key={record.id}>
                  {cells(record)}
                  <Table.Td>
                    <ActiveBadge active={record.active} />
                  </Table.Td>
                  <Table.Td>
                    <ActiveRowActions name={record.name} active={record.active} onEdit={() => onEdit(record)} onToggle={() => onToggle(record)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed" mt="md">
          {count(query.data.length)}
        </Text>
      </Paper>
    )}
  </>
);
