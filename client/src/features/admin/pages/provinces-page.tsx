import { Group, Paper, Select, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TAdminComune, TAdminComuniQuery } from '../../../../../shared/schemas/geo';
import { EmptyState } from '../../../components/empty-state';
import { SearchInput } from '../../../components/inputs/search-input';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { PagedFooter } from '../../../components/pager';
import { QueryError } from '../../../components/query-error';
import { useTRPC } from '../../../lib/trpc';
import { ComuneEditDialog } from '../geo/comune-edit-dialog';
import { ComuniTable } from '../geo/comuni-table';

const PAGE_SIZE = 25;

type TFilters = { q: string; province: string | null; page: number; sort: TAdminComuniQuery['sort'] };

const ProvincesPage = () => {
  const trpc = useTRPC();
  const [filters, setFilters] = useState<TFilters>({ q: '', province: null, page: 1, sort: 'name' });
  const [editing, setEditing] = useState<TAdminComune | null>(null);
  const provinces = useQuery(trpc.geo.provinces.queryOptions());
  const comuni = useQuery({
    ...trpc.geo.admin.listComuni.queryOptions({
      q: filters.q || undefined,
      province: filters.province ?? undefined,
      page: filters.page,
      limit: PAGE_SIZE,
      sort: filters.sort,
    }),
    placeholderData: keepPreviousData,
  });
  const total = comuni.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const hasFilters = Boolean(filters.q || filters.province);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Province e città"
        description="Le province e i comuni italiani usati negli indirizzi, nella residenza dei contraenti e nelle gift card comunali."
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchInput
          placeholder="Nome del comune, codice ISTAT o catastale"
          onSearch={(q) => setFilters((current) => ({ ...current, q, page: 1 }))}
          style={{ flex: '1 1 260px' }}
        />
        <Select
          label="Provincia"
          placeholder="Tutte le province"
          data={(provinces.data ?? []).map((province) => ({ value: province.sigla, label: `${province.name} (${province.sigla})` }))}
          value={filters.province}
          onChange={(province) => setFilters({ ...filters, province, page: 1 })}
          searchable
          clearable
          size="sm"
          w={{ base: '100%', xs: 240 }}
        />
      </Group>
      {comuni.isPending && <PageLoader />}
      {comuni.isError && <QueryError title="Impossibile caricare i comuni" error={comuni.error} onRetry={() => void comuni.refetch()} isRetrying={comuni.isFetching} />}
      {comuni.data && comuni.data.list.length === 0 && (
        <EmptyState title={hasFilters ? 'Nessun comune corrisponde ai filtri' : 'Nessun comune caricato'} icon="mapPin">
          {hasFilters ? 'Prova a cercare un altro nome o togli il filtro della provincia.' : 'L’elenco dei comuni è vuoto.'}
        </EmptyState>
      )}
      {comuni.data && comuni.data.list.length > 0 && (
        <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} aria-busy={comuni.isFetching}>
          <ComuniTable comuni={comuni.data.list} sort={filters.sort} onSort={(sort) => setFilters({ ...filters, sort, page: 1 })} onEdit={setEditing} />
          <PagedFooter count={total} singular="comune" plural="comuni" pages={pages} page={filters.page} onPage={(page) => setFilters({ ...filters, page })} mt="md" />
        </Paper>
      )}
      <ComuneEditDialog comune={editing} onClose={() => setEditing(null)} onSaved={() => void comuni.refetch()} />
    </Stack>
  );
};

export default ProvincesPage;
