import { Button, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { PagedFooter } from '../../../components/pager';
import { QueryError } from '../../../components/query-error';
import { useTRPC } from '../../../lib/trpc';
import { AuditRetentionCard } from './audit-retention-card';
import { AuditTable } from './audit-table';
import { AUDIT_PAGE_SIZE, auditExportUrl, hasAuditFilters, readAuditFilters, toAuditQuery, writeAuditFilters, type TAuditFilters } from './audit-filters';
import { AUDIT_ACTION_LABELS } from './audit-labels';
import { UserPicker } from './user-picker';

/** /admin/audit: who did what, and what admins did as other users (login-as sessions grouped), with CSV export. */
const AuditPage = () => {
  const trpc = useTRPC();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readAuditFilters(searchParams);
  const setFilters = (next: Partial<TAuditFilters>) => setSearchParams(writeAuditFilters({ ...filters, page: 1, ...next }), { replace: true });
  const audit = useQuery({ ...trpc.audit.list.queryOptions(toAuditQuery(filters)), placeholderData: keepPreviousData });
  const total = audit.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));

  return (
    <Stack gap="lg">
      <PageHeader
        title="Registro attività"
        description="Chi ha fatto cosa e quando; le sessioni in cui un amministratore ha operato come un altro utente sono raggruppate in una riga."
        actions={
          <Button component="a" href={auditExportUrl(filters)} download variant="default">
            Esporta CSV
          </Button>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} component="section" role="search" aria-label="Filtri del registro">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          <UserPicker label="Chi" placeholder="Qualsiasi utente" value={filters.actor} onChange={(actor) => setFilters({ actor })} />
          <UserPicker label="Per conto di (admin)" placeholder="Qualsiasi amministratore" role="admin" value={filters.impersonator} onChange={(impersonator) => setFilters({ impersonator })} />
          <TextInput
            label="Azione"
            placeholder="Es. client_created"
            value={filters.action}
            list="audit-actions"
            onChange={(event) => setFilters({ action: event.currentTarget.value.trim() })}
          />
          <TextInput label="Record" placeholder="Percorso o id, es. /api/clients/…" value={filters.record} onChange={(event) => setFilters({ record: event.currentTarget.value })} />
          <TextInput label="Dal" type="date" value={filters.from} onChange={(event) => setFilters({ from: event.currentTarget.value })} />
          <TextInput label="Al" type="date" value={filters.to} onChange={(event) => setFilters({ to: event.currentTarget.value })} />
        </SimpleGrid>
        <datalist id="audit-actions">
          {Object.entries(AUDIT_ACTION_LABELS).map(([action, label]) => (
            <option key={action} value={action}>
              {label}
            </option>
          ))}
        </datalist>
      </Paper>
      {audit.isPending && <PageLoader />}
      {audit.isError && <QueryError title="Impossibile caricare il registro" error={audit.error} onRetry={() => void audit.refetch()} isRetrying={audit.isFetching} />}
      {audit.data && audit.data.items.length === 0 && (
        <EmptyState title={hasAuditFilters(filters) ? 'Nessuna voce corrisponde ai filtri' : 'Il registro è vuoto'} icon="checks">
          {hasAuditFilters(filters) ? 'Prova a togliere un filtro o ad allargare il periodo.' : 'Le attività registrate compariranno qui.'}
        </EmptyState>
      )}
      {audit.data && audit.data.items.length > 0 && (
        <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} aria-busy={audit.isFetching} style={{ opacity: audit.isPlaceholderData ? 0.6 : 1 }}>
          <AuditTable items={audit.data.items} />
          <PagedFooter count={total} singular="voce" plural="voci" pages={pages} page={filters.page} onPage={(page) => setFilters({ page })} mt="md" />
        </Paper>
      )}
      <AuditRetentionCard />
    </Stack>
  );
};

export default AuditPage;
