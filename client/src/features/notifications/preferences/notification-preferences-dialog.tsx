import { Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { TNotificationChannel } from '../../../../../shared/rules/notification-preferences';
import type { TNotificationKind } from '../../../../../shared/schemas/notifications';
import { Dialog } from '../../../components/dialog/dialog';
import { QueryError } from '../../../components/query-error';
import { PreferenceGroup } from './preference-group';
import { useNotificationPreferences, useUpdateNotificationPreference } from './use-notification-preferences';
import { usePreferenceRules } from './use-preference-rules';

export const PREFERENCES_DIALOG_TITLE = 'Preferenze notifiche';

type TNotificationPreferencesDialogProps = { opened: boolean; onClose: () => void; onExited?: () => void };

const LoadingRows = () => (
  <Stack gap="sm" aria-busy="true">
    <VisuallyHidden role="status">Caricamento delle preferenze…</VisuallyHidden>
    {Array.from({ length: 6 }, (_, index) => (
      <Skeleton key={index} height={index % 3 === 0 ? 18 : 28} width={index % 3 === 0 ? '40%' : '100%'} radius="sm" />
    ))}
  </Stack>
);

/**
 * Which events reach the user by e-mail and by push (spec sections 3 and 6): the groups the shared rule gives
 * this role, one row per event. Each switch saves at once.
 */
export const NotificationPreferencesDialog = ({ opened, onClose, onExited }: TNotificationPreferencesDialogProps) => {
  const rules = usePreferenceRules();
  const preferences = useNotificationPreferences(opened && rules.canOpen);
  const update = useUpdateNotificationPreference();
  const change = (pref: TNotificationKind, key: TNotificationChannel, val: boolean) => update.mutate({ pref, key, val });

  return (
    <Dialog opened={opened} onClose={onClose} onExited={onExited} title={PREFERENCES_DIALOG_TITLE} size="lg">
      <Text size="sm" c="dimmed">
        Scegli per quali eventi ricevere un’e-mail o una notifica push. Le notifiche nella campanella arrivano sempre; quelle push solo sui
        dispositivi su cui le hai attivate dalla campanella.
      </Text>
      {preferences.isPending ? (
        <LoadingRows />
      ) : preferences.isError ? (
        <QueryError
          title="Impossibile caricare le preferenze"
          error={preferences.error}
          onRetry={() => void preferences.refetch()}
          isRetrying={preferences.isFetching}
        />
      ) : (
        <Stack gap="lg">
          {rules.groups.map((group) => (
            <PreferenceGroup key={group.id} group={group} preferences={preferences.data} onChange={change} />
          ))}
        </Stack>
      )}
    </Dialog>
  );
};
