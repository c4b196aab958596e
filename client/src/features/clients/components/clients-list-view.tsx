import { Button, Group, Select, Stack } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { TClient } from '../../../../../shared/schemas/data';
import { EmptyState } from '../../../components/empty-state';
import { PagedListPanel } from '../../../components/paged-list-panel';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useAddressListState, usePagedList } from '../../../lib/use-address-list-state';
import { useClients } from '../api/use-clients';
import {
  CLIENT_PAGE_SIZES,
  DEFAULT_CLIENTS_STATE,
  describeAddedRange,
  hasClientFilters,
  isReversedRange,
  NO_CLIENT_FILTERS,
  readClientsState,
  writeClientsState,
  type TClientFilters,
  type TClientsListState,
} from '../clients-list';
import { ClientCreateModal } from './client-create-modal';
import { ClientImportButton } from './client-import-button';
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
  /** What can be done to each client, in a last column of the table. */
  rowActions?: (client: TClient) => ReactNode;
};

/**
 * The client book, searched, filtered, sorted and paged by the server (clients.find), 25, 50 or 100 at a time; the
 * search, filters, order and page live in the address, so back, forward and a reload keep them.
 */
export const ClientsListView = ({ emptyText, canCreate = false, corners, rowActions }: TClientsListViewProps) => {
  const { state, setState, searchParams } = useAddressListState<TClientsListState>(readClientsState, writeClientsState);
  const { filters, sort, limit } = state;
  const clients = useClients(state, { byCorner: Boolean(corners) });
  const [isCreating, setIsCreating] = useState(false);
  // Remounts the filter fields: at once (a date the field refused goes) and again once the address has changed
  // (the router applies it a moment later), so they start from the cleared filters.
  const [resetCount, setResetCount] = useState(0);
  const resetPending = useRef(false);
  useEffect(() => {
    if (!resetPending.current) return;
    resetPending.current = false;
    setResetCount((count) => count + 1);
  }, [searchParams]);

  const changeFilters = (next: TClientFilters) => setState({ ...state, filters: next, page: 1 });
  const clearTo = (next: TClientsListState) => {
    resetPending.current = true;
    setState(next);
    setResetCount((count) => count + 1);
  };
  const resetFilters = () => clearTo({ ...state, filters: NO_CLIENT_FILTERS, page: 1 });

  // Spec section 3: the new client is added at the front, so the list shows the newest first with no filter hiding it.
  const showCreated = () => {
    setIsCreating(false);
    clearTo({ ...DEFAULT_CLIENTS_STATE, sort: 'newest', limit });
  };

  // A page past the end (clients deleted meanwhile, an old address): go to the last one there is.
  const { total, pastTheEnd, panel } = usePagedList(clients, state, setState);

  const creation = canCreate && (
    <>
      <Group justify="flex-end" gap="sm">
        <ClientImportButton />
        <Button onClick={() => setIsCreating(true)}>Nuovo cliente</Button>
      </Group>
      <ClientCreateModal opened={isCreating} onClose={() => setIsCreating(false)} onCreated={showCreated} />
    </>
  );

  if (clients.isPending) return <PageLoader />;
  if (clients.isError && !clients.data) {
    return <QueryError title="Impossibile caricare i clienti" error={clients.error} onRetry={() => void clients.refetch()} isRetrying={clients.isFetching} />;
  }
  const filtered = hasClientFilters(filters);
  if (total === 0 && !filtered && !clients.isPlaceholderData) {
    return (
      <Stack gap="md">
        {creation}
        <EmptyState title="Nessun cliente" icon="users">
          {emptyText}
        </EmptyState>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {creation}
      {corners && (
        <Select
          label="Corner"
          placeholder="Tutti i corner"
          data={[...corners].map(([value, label]) => ({ value, label }))}
          value={filters.cornerId}
          onChange={(cornerId) => changeFilters({ ...filters, cornerId })}
          searchable
          clearable
          size="sm"
          w={{ base: '100%', xs: 280 }}
        />
      )}
      <ClientsFilterBar
        filters={filters}
        sort={sort}
        onChange={changeFilters}
        onSort={(next) => setState({ ...state, sort: next, page: 1 })}
        onReset={resetFilters}
        resetCount={resetCount}
      />
      {clients.isError && <QueryError title="Impossibile aggiornare i clienti" error={clients.error} onRetry={() => void clients.refetch()} isRetrying={clients.isFetching} />}
      {clients.data.list.length === 0 ? (
        clients.isPlaceholderData || pastTheEnd ? <PageLoader /> : <NoMatch filters={filters} />
      ) : (
        <PagedListPanel {...panel} singular="cliente" plural="clienti" sizeLabel="Clienti per pagina" sizes={CLIENT_PAGE_SIZES}>
          <ClientsTable clients={clients.data.list} corners={corners} rowActions={rowActions} />
        </PagedListPanel>
      )}
    </Stack>
  );
};
