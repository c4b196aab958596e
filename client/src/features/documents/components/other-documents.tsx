import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { TFileItem } from '../../../../../shared/schemas/files';
import { EmptyState } from '../../../components/empty-state';
import { FileList } from '../../../components/files/file-list';
import { PagedFooter } from '../../../components/pager';
import { useTRPC } from '../../../lib/trpc';
import { usePageSlice } from '../../../lib/use-page-slice';

const PAGE_SIZE = 10;

/** 'Altri documenti': what the platform publishes to the caller (and anything else of theirs), page by page. */
export const OtherDocuments = ({ files }: { files: readonly TFileItem[] }) => {
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const { page: current, pages, setPage, items: pageFiles } = usePageSlice(files, PAGE_SIZE);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.files.list.pathKey() });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="other-docs-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="other-docs-title">
          Altri documenti
        </Title>
        <Text size="sm" c="dimmed">
          Modelli, condizioni e comunicazioni che la piattaforma mette a tua disposizione.
        </Text>
        <FileList
          files={pageFiles}
          zipName="altri-documenti"
          label="Altri documenti"
          onRenamed={refresh}
          onDeleted={refresh}
          empty={
            <EmptyState title="Nessun documento" icon="folder" withBorder={false}>
              Quando la piattaforma pubblicherà documenti per te, li troverai qui.
            </EmptyState>
          }
        />
        {pages > 1 && (
          <PagedFooter count={files.length} singular="documento" plural="documenti" pages={pages} page={current} onPage={setPage} />
        )}
      </Stack>
    </Paper>
  );
};
