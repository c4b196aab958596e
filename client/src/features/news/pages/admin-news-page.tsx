import { Paper, Stack, Text } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useNews } from '../api/use-news';

/** The news published now, as the ticker shows them to corners and admins. */
const AdminNewsPage = () => {
  const news = useNews();
  return (
    <Stack gap="lg">
      <PageHeader title="Notizie" description="Le notizie pubblicate, che scorrono sopra le pagine di corner e amministratori (non dei broker)." />
      {news.isPending && <PageLoader />}
      {news.isError && <QueryError title="Impossibile caricare le notizie" error={news.error} onRetry={() => void news.refetch()} isRetrying={news.isFetching} />}
      {news.data?.length === 0 && (
        <EmptyState title="Nessuna notizia pubblicata" icon="news">
          Non ci sono notizie pubblicate: la barra delle notizie è nascosta. Quelle che verranno pubblicate compariranno qui e nella barra.
        </EmptyState>
      )}
      {news.data && news.data.length > 0 && (
        <Stack gap="sm">
          {news.data.map((item) => (
            <Paper key={item.id} withBorder radius="lg" p="md">
              {item.title && <Text fw={600}>{item.title}</Text>}
              <Text size="sm">{item.text}</Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
};

export default AdminNewsPage;
