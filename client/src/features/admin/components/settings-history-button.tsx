import { Badge, Button, Drawer, Group, List, Paper, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatSettingValue, type TSettingHistoryEntry } from '../../../../../shared/schemas/settings-history';
import { useConfirm } from '../../../components/dialog/use-confirm';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { showApiError } from '../../../lib/api-error-display';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';

const dateTime = new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Rome' });

type TKeyOption = { key: string; label: string };

type TSettingsHistoryButtonProps = {
  /** The card's settings keys, each with how the admin calls it. */
  keys: readonly TKeyOption[];
  /** The card's title, for the drawer's. */
  title: string;
};

const HistoryEntry = ({ entry, isCurrent, onRestore }: { entry: TSettingHistoryEntry; isCurrent: boolean; onRestore: () => void }) => (
  <Paper withBorder radius="md" p="sm" component="li" aria-label={`Versione ${entry.version}`}>
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Group gap="xs">
            <Text fw={600} size="sm">
              Versione {entry.version}
            </Text>
            {isCurrent && (
              <Badge size="sm" variant="light">
                In uso
              </Badge>
            )}
            {entry.restoredFrom !== null && (
              <Badge size="sm" variant="light" color="grape">
                Ripristino della versione {entry.restoredFrom}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {dateTime.format(entry.createdAt)} · {entry.author?.name ?? 'Sistema'}
            {entry.impersonator ? ` (operazione di ${entry.impersonator.name})` : ''}
          </Text>
        </div>
        {!isCurrent && (
          <Button size="xs" variant="light" onClick={onRestore}>
            Ripristina
          </Button>
        )}
      </Group>
      {entry.changes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {entry.summary}
        </Text>
      ) : (
        <List size="sm" spacing={2}>
          {entry.changes.slice(0, 20).map((change) => (
            <List.Item key={change.path || '(valore)'}>
              {change.path && <Text span ff="monospace" size="xs">{change.path}: </Text>}
              {formatSettingValue(change.before)} → {formatSettingValue(change.after)}
            </List.Item>
          ))}
          {entry.changes.length > 20 && <List.Item>e altre {entry.changes.length - 20} modifiche</List.Item>}
        </List>
      )}
    </Stack>
  </Paper>
);

const HistoryList = ({ settingKey, label }: { settingKey: string; label: string }) => {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const history = useQuery(trpc.settings.history.queryOptions({ key: settingKey }));
  const restore = useMutation(trpc.settings.restore.mutationOptions());
  const { confirm, dialog } = useConfirm();

  const handleRestore = (entry: TSettingHistoryEntry) =>
    void confirm({
      title: `Ripristinare la versione ${entry.version}?`,
      message: `«${label}» tornerà al valore della versione ${entry.version} del ${dateTime.format(entry.createdAt)}. Il ripristino viene registrato come una nuova modifica e i corner ricevono subito le impostazioni aggiornate.`,
      confirmLabel: 'Ripristina',
      isDestructive: false,
      action: async () => {
        try {
          const answer = await restore.mutateAsync({ key: settingKey, version: entry.version });
          toast('success', answer.message);
          await queryClient.invalidateQueries(trpc.settings.pathFilter());
          return true;
        } catch (error) {
          showApiError(error);
          return false;
        }
      },
    });

  if (history.isPending) return <PageLoader />;
  if (history.isError) return <QueryError title="Impossibile caricare la cronologia" error={history.error} onRetry={() => void history.refetch()} isRetrying={history.isFetching} />;
  return (
    <>
      {history.data.entries.length === 0 ? (
        <EmptyState title="Nessuna modifica registrata">
          <Text size="sm" c="dimmed">
            Le modifiche a questa impostazione compariranno qui, con chi le ha fatte e quando.
          </Text>
        </EmptyState>
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {history.data.entries.map((entry, index) => (
            <HistoryEntry key={entry.version} entry={entry} isCurrent={index === 0} onRestore={() => handleRestore(entry)} />
          ))}
        </Stack>
      )}
      {dialog}
    </>
  );
};

/** «Cronologia» of a settings card: who changed its keys, when and what, with a restore of any earlier version (admin). */
export const SettingsHistoryButton = ({ keys, title }: TSettingsHistoryButtonProps) => {
  const [opened, setOpened] = useState(false);
  const [selected, setSelected] = useState(keys[0]?.key ?? '');
  const current = keys.find((option) => option.key === selected) ?? keys[0];
  return (
    <>
      <Button variant="default" size="xs" onClick={() => setOpened(true)}>
        Cronologia
      </Button>
      <Drawer opened={opened} onClose={() => setOpened(false)} position="right" size="lg" title={`Cronologia · ${title}`}>
        <Stack gap="md">
          {keys.length > 1 && (
            <Select
              label="Impostazione"
              data={keys.map((option) => ({ value: option.key, label: option.label }))}
              value={current?.key ?? null}
              onChange={(value) => value && setSelected(value)}
              allowDeselect={false}
            />
          )}
          {opened && current && <HistoryList key={current.key} settingKey={current.key} label={current.label} />}
        </Stack>
      </Drawer>
    </>
  );
};
