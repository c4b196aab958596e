import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { Icon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { useTRPC } from '../../../lib/trpc';
import { useReadAllNotifications } from '../api/use-recent-notifications';
import { NotificationItem } from '../components/notification-item';
import { notificationsSummary } from '../notification-labels';
import { NotificationPreferencesDialog, PREFERENCES_DIALOG_TITLE } from '../preferences/notification-preferences-dialog';
import { usePreferenceRules } from '../preferences/use-preference-rules';

const PAGE_SIZE = 20;

const NotificationsPage = () => {
  const [page, setPage] = useState(1);
  const trpc = useTRPC();
  const notifications = useQuery({
    ...trpc.notification.find.queryOptions({ page, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    meta: { errorToast: true },
  });
  const readAll = useReadAllNotifications();
  const { canOpen: canOpenPreferences } = usePreferenceRules();
  const [isPreferencesOpen, setIsPreferencesOpen] = useState(false);
  const data = notifications.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Notifiche"
        description="Gli avvisi sulle tue pratiche, sui pagamenti e sui messaggi, dal più recente."
        actions={
          canOpenPreferences && (
            <Button variant="default" leftSection={<Icon name="settings" size={16} />} onClick={() => setIsPreferencesOpen(true)} aria-haspopup="dialog">
              {PREFERENCES_DIALOG_TITLE}
            </Button>
          )
        }
      />
      {canOpenPreferences && <NotificationPreferencesDialog opened={isPreferencesOpen} onClose={() => setIsPreferencesOpen(false)} />}
      {data && data.total === 0 ? (
        <EmptyState title="Nessuna notifica" icon="bell">
          Non hai ancora ricevuto notifiche. Quando una pratica cambia stato, arriva una quotazione o viene richiesto un pagamento, l’avviso
          comparirà qui e sulla campanella in alto.
        </EmptyState>
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Group justify="space-between" mb="xs">
            <Text size="sm" c="dimmed" aria-live="polite">
              {data ? notificationsSummary(data.total, data.unread) : 'Caricamento…'}
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<Icon name="checks" size={14} />}
              onClick={() => readAll.mutate()}
              loading={readAll.isPending}
              disabled={!data || data.unread === 0}
            >
              Segna tutte come lette
            </Button>
          </Group>
          <Stack gap={0} component="ul" aria-label="Elenco notifiche" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {data?.list.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} />
              </li>
            ))}
          </Stack>
          {pages > 1 && (
            <Group justify="center" mt="md">
              <Pager pages={pages} page={page} onPage={setPage} />
            </Group>
          )}
        </Paper>
      )}
    </Stack>
  );
};

export default NotificationsPage;
