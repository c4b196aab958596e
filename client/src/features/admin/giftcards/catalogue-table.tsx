import { Button, Group, Paper, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';

/** A column of the catalogue's tables; `sort` makes its header a sort button. */
export type TCatalogueColumn<T> = { key: string; label: string; cell: (row: T) => ReactNode; sort?: (a: T, b: T) => number };

type TCatalogueTableProps<T extends { id: string }> = {
  /** The list's query: loading, its error, its rows. */
  query: { data?: T[]; isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; refetch: () => Promise<unknown> };
  /** The rows to show (the query's, filtered by the page's search). */
  rows: T[];
  label: string;
  errorTitle: string;
  empty: { title: string; text: string };
  count: (count: number) => string;
  columns: TCatalogueColumn<T>[];
  /** How a row is named in its buttons' labels ("Modifica Amazon"). */
  nameOf: (row: T) => string;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
};

/** Text order the Italian way, whatever the case and accents. */
export const byText =
  <T,>(read: (row: T) => string) =>
  (a: T, b: T) =>
    read(a).localeCompare(read(b), 'it', { sensitivity: 'base' });

/**
 * A catalogue list (categories, national or municipal cards): loading, its error, the empty list, or the table
 * with sortable headers, each row's edit and delete buttons, and how many there are. Scrolls sideways on phones.
 */
export const CatalogueTable = <T extends { id: string }>({ query, rows, label, errorTitle, empty, count, columns, nameOf, onEdit, onDelete }: TCatalogueTableProps<T>) => {
  const [sort, setSort] = useState<{ key: string; isDescending: boolean }>({ key: columns[0]!.key, isDescending: false });
  const column = columns.find((item) => item.key === sort.key);
  const sorted = column?.sort ? [...rows].sort((a, b) => (sort.isDescending ? -1 : 1) * column.sort!(a, b)) : rows;
  const toggle = (key: string) => setSort((current) => ({ key, isDescending: current.key === key ? !current.isDescending : false }));

  if (query.isPending) return <PageLoader />;
  if (query.isError) return <QueryError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  if (sorted.length === 0) {
    return (
      <EmptyState title={empty.title} icon="gift">
        {empty.text}
      </EmptyState>
    );
  }
  return (
    <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} aria-busy={query.isFetching}>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((item) => (
                <Table.Th key={item.key} aria-sort={sort.key === item.key ? (sort.isDescending ? 'descending' : 'ascending') : undefined}>
                  {item.sort ? (
                    <UnstyledButton onClick={() => toggle(item.key)} fw={700} fz="sm">
                      {item.label}
                      {sort.key === item.key ? (sort.isDescending ? ' ↓' : ' ↑') : ''}
                    </UnstyledButton>
                  ) : (
                    item.label
                  )}
                </Table.Th>
              ))}
              <Table.Th>
                <VisuallyHidden>Azioni</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((row) => (
              <Table.Tr key={row.id}>
                {columns.map((item) => (
                  <Table.Td key={item.key}>{item.cell(row)}</Table.Td>
                ))}
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button size="xs" variant="subtle" onClick={() => onEdit(row)} aria-label={`Modifica ${nameOf(row)}`}>
                      Modifica
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(row)} aria-label={`Elimina ${nameOf(row)}`}>
                      Elimina
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt="md">
        {count(sorted.length)}
      </Text>
    </Paper>
  );
};
