import { Button, Paper, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { PageLoader } from '../../../components/page-loader';
import { PagedFooter } from '../../../components/pager';
import { useTRPC } from '../../../lib/trpc';
import { useLoginAs } from '../api/use-login-as';
import { UsersFilterBar } from '../components/users-filter-bar';
import { NewUserDialog } from '../components/new-user-dialog';
import { UserEditDialog } from '../components/user-edit-dialog';
import { DeleteUserDialog } from '../components/delete-user-dialog';
import { useSession } from '../../../lib/session/use-session';
import { UsersTable } from '../components/users-table';
import type { TAdminUser } from '../../../../../shared/schemas/auth';
import { readUsersFilters, USERS_PAGE_SIZE, writeUsersFilters, type TUsersFilters } from '../users-filters';

const hasFilters = (filters: TUsersFilters) => Boolean(filters.q || filters.role || filters.state);

const UsersPage = () => {
  const trpc = useTRPC();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readUsersFilters(searchParams);
  const setFilters = (next: TUsersFilters) => setSearchParams(writeUsersFilters(next), { replace: true });
  const users = useQuery({
    ...trpc.admin.users.find.queryOptions({
      q: filters.q || undefined,
      role: filters.role ?? undefined,
      state: filters.state ?? undefined,
      page: filters.page,
      limit: USERS_PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
  const loginAs = useLoginAs();
  const [isCreating, setIsCreating] = useState(false);
  // The row being edited, read from the list so a state change shows at once in the dialog.
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = users.data?.list.find((user) => user.id === editingId) ?? null;
  const [deleting, setDeleting] = useState<TAdminUser | null>(null);
  const session = useSession();
  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));

  return (
    <Stack gap="lg">
      <PageHeader
        title="Gestione utenti"
        description="Corner, broker e amministratori della piattaforma. Da qui puoi crearli, modificarli, eliminarli, assegnare il livello dei corner e accedere come un utente attivo per operare al suo posto."
        actions={<Button onClick={() => setIsCreating(true)}>Nuovo utente</Button>}
      />
      <UsersFilterBar filters={filters} onChange={setFilters} />
      {users.isPending && <PageLoader />}
      {users.isError && <QueryError title="Impossibile caricare gli utenti" error={users.error} onRetry={() => void users.refetch()} isRetrying={users.isFetching} />}
      {users.data && users.data.list.length === 0 && (
        <EmptyState title={hasFilters(filters) ? 'Nessun utente corrisponde ai filtri' : 'Nessun utente'} icon="users">
          {hasFilters(filters) ? 'Prova a cercare un altro nome o togli un filtro.' : 'Gli utenti registrati compariranno qui.'}
        </EmptyState>
      )}
      {users.data && users.data.list.length > 0 && (
        <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }} aria-busy={users.isFetching}>
          <UsersTable
            users={users.data.list}
            onEdit={(user) => setEditingId(user.id)}
            onLoginAs={(user) => loginAs.mutate(user.id)}
            onDelete={setDeleting}
            pendingUserId={loginAs.isPending ? (loginAs.variables ?? null) : null}
            currentUserId={session.user?.id ?? null}
          />
          <PagedFooter count={total} singular="utente" plural="utenti" pages={pages} page={filters.page} onPage={(page) => setFilters({ ...filters, page })} mt="md" />
        </Paper>
      )}
      <NewUserDialog opened={isCreating} onClose={() => setIsCreating(false)} />
      <UserEditDialog user={editing} onClose={() => setEditingId(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
};

export default UsersPage;
