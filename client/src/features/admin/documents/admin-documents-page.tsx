import { Badge, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TAdminDoc } from '../../../../../shared/schemas/contract';
import { EmptyState } from '../../../components/empty-state';
import { FileList } from '../../../components/files/file-list';
import { RowAction } from '../../../components/files/file-row';
import { Icon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { PagedFooter } from '../../../components/pager';
import { QueryError } from '../../../components/query-error';
import { useTRPC } from '../../../lib/trpc';
import { AudienceDialog } from './audience-dialog';
import { describeAudience, DOC_TYPE_LABELS } from './audience';
import { PublishCard } from './publish-card';

const PAGE_SIZE = 20;

/** /admin/documenti: contract templates and other documents published to everyone, some roles or some users. */
const AdminDocumentsPage = () => {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TAdminDoc | null>(null);
  const docs = useQuery(trpc.adminDocs.list.queryOptions({ search: debounced || undefined, page, limit: PAGE_SIZE }, { placeholderData: keepPreviousData }));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.adminDocs.list.pathKey() });
  const total = docs.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Stack gap="lg">
      <PageHeader title="Documenti" description="I modelli del contratto che i corner firmano con OTP e gli altri documenti pubblicati per tutti o per alcuni utenti." />
      <PublishCard />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="published-title">
        <Stack gap="sm">
          <Group justify="space-between" gap="sm" align="flex-end">
            <Title order={2} fz="lg" id="published-title">
              Documenti pubblicati
            </Title>
            <TextInput
              aria-label="Cerca documenti"
              placeholder="Cerca per nome"
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              leftSection={<Icon name="search" size={16} />}
              size="sm"
              style={{ flex: '1 1 220px', maxWidth: 360 }}
            />
          </Group>
          {docs.isPending && <PageLoader />}
          {docs.isError && <QueryError title="Impossibile caricare i documenti" error={docs.error} onRetry={() => void docs.refetch()} isRetrying={docs.isFetching} />}
          {docs.data && (
            <div aria-busy={docs.isFetching}>
              <FileList
                files={docs.data.list}
                zipName="documenti-pubblicati"
                label="Documenti pubblicati"
                onRenamed={refresh}
                onDeleted={refresh}
                renderDetails={(doc) => (
                  <Group gap={6} mt={2} wrap="wrap">
                    <Badge size="xs" variant="light" color={doc.docType === 'contract-template' ? 'grape' : 'blue'}>
                      {doc.docType === 'contract-template' ? DOC_TYPE_LABELS['contract-template'] : DOC_TYPE_LABELS.other}
                    </Badge>
                    <Text size="xs" c="dimmed" data-testid="doc-audience">
                      {describeAudience(doc)}
                    </Text>
                  </Group>
                )}
                renderActions={(doc) => <RowAction label={`Destinatari di ${doc.name}`} icon="users" onClick={() => setEditing(doc)} />}
                empty={
                  <EmptyState title={debounced ? 'Nessun documento trovato' : 'Nessun documento'} icon="folder" withBorder={false}>
                    {debounced ? 'Prova a cercare un altro nome.' : 'I documenti che pubblichi compariranno qui.'}
                  </EmptyState>
                }
              />
              {pages > 1 && (
                <PagedFooter count={total} singular="documento" plural="documenti" pages={pages} page={page} onPage={setPage} mt="sm" />
              )}
            </div>
          )}
        </Stack>
      </Paper>
      <AudienceDialog doc={editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </Stack>
  );
};

export default AdminDocumentsPage;
