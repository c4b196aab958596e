import { Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useClients } from '../api/use-clients';
import { CLIENTS_PAGE_SIZE, filterClients, sortClients, type TClientSort, type TClientTypeFilter } from '../clients-list';
import { ClientsFilterBar } from './clients-filter-bar';
import { ClientsTable } from './clients-table';

/** The client book with search over every filter field, type filter, sorting and paging. */
export const ClientsListView = ({ emptyText }: { emptyText: string }) => {
  const clients = useClients();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<TClientTypeFilter>('all');
  const [sort, setSort] = useState<TClientSort>('name-asc');
  const [page, setPage] = useState(1);
  const resetPage = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  if (clients.isPending) return <PageLoader />;
  if (clients.isError) return <QueryError title="Impossibile caricare i clienti" error={clients.error} onRetry={() => void clients.refetch()} isRetrying={clients.isFetching} />;
  if (clients.data.length === 0) return <EmptyState title="Nessun cliente" icon="users">{emptyText}</EmptyState>;

  const matching = sortClients(filterClients(clients.data, search, type), sort);
  const pages = Math.max(1, Math.ceil(matching.length / CLIENTS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const visible = matching.slice((current - 1) * CLIENTS_PAGE_SIZE, current * CLIENTS_PAGE_SIZE);
  return (
    <Stack gap="md">
      <ClientsFilterBar search={search} type={type} sort={sort} onSearch={resetPage(setSearch)} onType={resetPage(setType)} onSort={setSort} />
      {matching.length === 0 ? (
        <EmptyState title="Nessun cliente corrisponde alla ricerca" icon="search">
          Prova con un altro nome, un numero di telefono, un codice fiscale o una partita IVA.
        </EmptyState>
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
          <ClientsTable clients={visible} />
          <Group justify="space-between" mt="md" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {matching.length === 1 ? '1 cliente' : `${matching.length} clienti`}
              {matching.length !== clients.data.length && ` su ${clients.data.length}`}
            </Text>
            {pages > 1 && <Pagination total={pages} value={current} onChange={setPage} size="sm" />}
          </Group>
        </Paper>
      )}
    </Stack>
  );
};
