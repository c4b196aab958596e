import { Button, Group, Pagination, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useClients } from '../api/use-clients';
import {
  CLIENTS_PAGE_SIZE,
  describeAddedRange,
  filterClients,
  isReversedRange,
  NO_CLIENT_FILTERS,
  sortClients,
  type TClientFilters,
  type TClientSort,
} from '../clients-list';
import { ClientCreateModal } from './client-create-modal';
import { ClientsFilterBar } from './clients-filter-bar';
import { ClientsTable } from './clients-table';

/** Why nothing matches, and the way out. */
const NoMatch = ({ filters }: { filters: TClientFilters }) => {
  const period = describeAddedRange(filters);
  return (
    <EmptyState title="Nessun cliente corrisponde alla ricerca" icon="search">
      {isReversedRange(filters)
        ? 'La data «Aggiunti al» viene prima di «Aggiunti dal»: correggi il periodo o usa «Azzera filtri».'
        : period
          ? `Nessun cliente aggiunto ${period} corrisponde ai filtri. Allarga il periodo, cambia la ricerca o usa «Azzera filtri».`
          : 'Prova con un altro nome, un numero di telefono, un codice fiscale o una partita IVA.'}
    </EmptyState>
  );
};

type TClientsListViewProps = {
  emptyText: string;
  /** Offers "Nuovo cliente" (a corner's own book). */
  canCreate?: boolean;
  /** Every corner's name by id (the admins' view): adds a "Corner" column and a filter by corner. */
  corners?: ReadonlyMap<string, string>;
};

/** The client book with search over every filter field, type and date filters, sorting and paging. */
export const ClientsListView = ({ emptyText, canCreate = false, corners }: TClientsListViewProps) => {
  const clients = useClients();
  const [isCreating, setIsCreating] = useState(false);
  const [cornerId, setCornerId] = useState<string | null>(null);
  const [filters, setFilters] = useState<TClientFilters>(NO_CLIENT_FILTERS);
  const [resetCount, setResetCount] = useState(0);
  const [sort, setSort] = useState<TClientSort>('name-asc');
  const [page, setPage] = useState(1);
  const changeFilters = (next: TClientFilters) => {
    setFilters(next);
    setPage(1);
  };
  const resetFilters = () => {
    changeFilters(NO_CLIENT_FILTERS);
    setResetCount((count) => count + 1);
  };

  // Spec section 3: the new client is added at the front, so the list shows the newest first with no filter hiding it.
  const showCreated = () => {
    setIsCreating(false);
    resetFilters();
    setSort('newest');
  };
  const creation = canCreate && (
    <>
      <Button onClick={() => setIsCreating(true)} style={{ alignSelf: 'flex-end' }}>
        Nuovo cliente
      </Button>
      <ClientCreateModal opened={isCreating} onClose={() => setIsCreating(false)} onCreated={showCreated} />
    </>
  );

  if (clients.isPending) return <PageLoader />;
  if (clients.isError) return <QueryError title="Impossibile caricare i clienti" error={clients.error} onRetry={() => void clients.refetch()} isRetrying={clients.isFetching} />;
  if (clients.data.length === 0) {
    return (
      <Stack gap="md">
        {creation}
        <EmptyState title="Nessun cliente" icon="users">
          {emptyText}
        </EmptyState>
      </Stack>
    );
  }

  const ofCorner = cornerId ? clients.data.filter((client) => client.cornerId === cornerId) : clients.data;
  const matching = sortClients(filterClients(ofCorner, filters), sort);
  const pages = Math.max(1, Math.ceil(matching.length / CLIENTS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const visible = matching.slice((current - 1) * CLIENTS_PAGE_SIZE, current * CLIENTS_PAGE_SIZE);
  return (
    <Stack gap="md">
      {creation}
      {corners && (
        <Select
          label="Corner"
          placeholder="Tutti i corner"
          data={[...corners].map(([value, label]) => ({ value, label }))}
          value={cornerId}
          onChange={(value) => {
            setCornerId(value);
            setPage(1);
          }}
          searchable
          clearable
          size="sm"
          w={{ base: '100%', xs: 280 }}
        />
      )}
      <ClientsFilterBar filters={filters} sort={sort} onChange={changeFilters} onSort={setSort} onReset={resetFilters} resetCount={resetCount} />
      {matching.length === 0 ? (
        <NoMatch filters={filters} />
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
          <ClientsTable clients={visible} corners={corners} />
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
