import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { NEWS_MSG, type TAdminNews } from '../../../../../shared/schemas/news';
import { useConfirm } from '../../../components/dialog/use-confirm';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { showApiError } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useAdminNews } from '../api/use-admin-news';
import { NewsDialog } from '../components/news-dialog';
import { describeSchedule, NEWS_STATE_LABELS } from '../news-schedule';

const nameOf = (item: TAdminNews) => item.title ?? (item.text.length > 40 ? `${item.text.slice(0, 40)}…` : item.text);

/**
 * The news of the ticker (issue 28): the admins write, schedule, pin and delete them. What another admin does, and
 * a scheduled start or end, shows here at once (the ticker's `news.onChange` reloads this list too).
 */
const AdminNewsPage = () => {
  const trpc = useTRPC();
  const news = useAdminNews();
  const [editing, setEditing] = useState<TAdminNews | 'new' | null>(null);
  const update = useMutation(trpc.news.update.mutationOptions());
  const remove = useMutation(trpc.news.delete.mutationOptions());
  const { confirm, dialog } = useConfirm();

  const togglePin = async (item: TAdminNews) => {
    try {
      await update.mutateAsync({ id: item.id, news: { pinned: !item.pinned } });
      toast('success', item.pinned ? 'Notizia tolta dall’evidenza.' : 'Notizia messa in evidenza.');
    } catch (error) {
      showApiError(error);
    }
  };

  const askDelete = (item: TAdminNews) =>
    confirm({
      title: 'Eliminare la notizia?',
      message: `«${nameOf(item)}» sarà eliminata definitivamente e sparirà subito dalla barra delle notizie.`,
      confirmLabel: 'Elimina',
      action: async () => {
        try {
          await remove.mutateAsync({ id: item.id });
          toast('success', NEWS_MSG.deleted);
          return true;
        } catch (error) {
          showApiError(error);
          return false;
        }
      },
    });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Notizie"
        description="Le notizie che scorrono sopra le pagine di corner e amministratori (non dei broker): in evidenza per prime, ciascuna nel suo periodo di pubblicazione."
        actions={<Button onClick={() => setEditing('new')}>Nuova notizia</Button>}
      />
      {news.isPending && <PageLoader />}
      {news.isError && <QueryError title="Impossibile caricare le notizie" error={news.error} onRetry={() => void news.refetch()} isRetrying={news.isFetching} />}
      {news.data?.length === 0 && (
        <EmptyState title="Nessuna notizia" icon="news">
          Non ci sono notizie: la barra delle notizie è nascosta. Scrivine una con «Nuova notizia», subito o programmata.
        </EmptyState>
      )}
      {news.data && news.data.length > 0 && (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Elenco delle notizie">
          {news.data.map((item) => (
            <Paper key={item.id} component="li" withBorder radius="lg" p="md" aria-label={nameOf(item)}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Badge color={NEWS_STATE_LABELS[item.state].color} variant="light">
                      {NEWS_STATE_LABELS[item.state].label}
                    </Badge>
                    {item.pinned && <Badge variant="filled">In evidenza</Badge>}
                  </Group>
                  {item.title && <Text fw={600}>{item.title}</Text>}
                  <Text size="sm">{item.text}</Text>
                  <Text size="xs" c="dimmed">
                    {describeSchedule(item.publishFrom, item.publishUntil)}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Button variant="default" size="xs" onClick={() => void togglePin(item)} aria-label={`${item.pinned ? 'Togli dall’evidenza' : 'Metti in evidenza'} ${nameOf(item)}`}>
                    {item.pinned ? 'Togli dall’evidenza' : 'Metti in evidenza'}
                  </Button>
                  <Button variant="default" size="xs" onClick={() => setEditing(item)} aria-label={`Modifica ${nameOf(item)}`}>
                    Modifica
                  </Button>
                  <Button variant="subtle" color="red" size="xs" onClick={() => void askDelete(item)} aria-label={`Elimina ${nameOf(item)}`}>
                    Elimina
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <NewsDialog item={editing} onClose={() => setEditing(null)} />
      {dialog}
    </Stack>
  );
};

export default AdminNewsPage;
