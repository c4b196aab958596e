import { ActionIcon, Anchor, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/icons';
import { PATHS } from '../../../lib/paths';
import { useRecentNotifications } from '../api/use-recent-notifications';
import { bellLabel } from '../notification-labels';
import { isUnread } from '../api/notifications-api';
import { NotificationPreferencesDialog, PREFERENCES_DIALOG_TITLE } from '../preferences/notification-preferences-dialog';
import { usePreferenceRules } from '../preferences/use-preference-rules';
import { usePushNotifications } from '../push/use-push-notifications';
import { NotificationItem } from './notification-item';
import { PushToggle } from './push-toggle';

/**
 * The bell (spec section 2): recent notifications, live; a read-all control, the sound and push switches, the
 * preferences (for who may open them) and the link to all of them. What was shown while it was open is
 * acknowledged (`notification.read`) when it closes.
 */
export const NotificationsPopover = () => {
  const { list, unreadCount, markAllRead, isMarkingAllRead, acknowledge, isAudioOn, toggleAudio } = useRecentNotifications();
  const push = usePushNotifications();
  const { canOpen: canOpenPreferences } = usePreferenceRules();
  const [isOpen, popover] = useDisclosure(false);
  const [isPreferencesOpen, setIsPreferencesOpen] = useState(false);
  const bellRef = useRef<HTMLButtonElement>(null);
  const label = bellLabel(unreadCount);

  // The user may have changed the permission in the browser since the page loaded.
  const refreshPush = push.refresh;
  useEffect(() => {
    if (isOpen) refreshPush();
  }, [isOpen, refreshPush]);

  const openPreferences = () => {
    popover.close();
    setIsPreferencesOpen(true);
  };

  // The unread ids seen while open, acknowledged on closing.
  const seen = useRef(new Set<string>());
  useEffect(() => {
    if (isOpen) list.filter(isUnread).forEach((item) => seen.current.add(item.id));
  }, [isOpen, list]);
  useEffect(() => {
    if (isOpen || seen.current.size === 0) return;
    const ids = [...seen.current];
    seen.current.clear();
    acknowledge(ids);
  }, [isOpen, acknowledge]);

  return (
    <>
      <Popover opened={isOpen} onChange={(opened) => (opened ? popover.open() : popover.close())} position="bottom-end" width={340} shadow="md" withinPortal trapFocus>
        <Popover.Target>
          {/* Overflow visible: the round button would cut a two-digit count ("55", "99+") sticking out of it. */}
          <ActionIcon ref={bellRef} variant="subtle" color="gray" size="lg" radius="xl" aria-label={label} title={label} onClick={popover.toggle} style={{ overflow: 'visible' }}>
            <Indicator disabled={unreadCount === 0} label={unreadCount > 99 ? '99+' : unreadCount} size={16} offset={2} color="red" data-testid="notifications-badge">
              <Icon name="bell" size={22} />
            </Indicator>
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="md" aria-label="Notifiche" maw="calc(100vw - 16px)">
          <Stack gap="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Title order={2} fz="md">
                Notifiche
              </Title>
              <Group gap={4} wrap="nowrap">
                <Tooltip label={isAudioOn ? 'Disattiva il suono' : 'Attiva il suono'} withinPortal={false}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={isAudioOn ? 'Disattiva il suono' : 'Attiva il suono'}
                    aria-pressed={!isAudioOn}
                    onClick={toggleAudio}
                  >
                    <Icon name={isAudioOn ? 'volume' : 'volumeOff'} size={16} />
                  </ActionIcon>
                </Tooltip>
                {canOpenPreferences && (
                  <Tooltip label={PREFERENCES_DIALOG_TITLE} withinPortal={false}>
                    <ActionIcon variant="subtle" color="gray" size="sm" aria-label={PREFERENCES_DIALOG_TITLE} aria-haspopup="dialog" onClick={openPreferences}>
                      <Icon name="settings" size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
                <Button
                  size="compact-xs"
                  variant="subtle"
                  // Looks disabled but keeps the focus (a disabled button would drop it out of the popover, and Esc with it).
                  onClick={() => unreadCount > 0 && markAllRead()}
                  loading={isMarkingAllRead}
                  data-disabled={unreadCount === 0 || undefined}
                  aria-disabled={unreadCount === 0}
                  leftSection={<Icon name="checks" size={14} />}
                >
                  Segna tutte come lette
                </Button>
              </Group>
            </Group>
            {list.length === 0 ? (
              <Stack align="center" gap={4} py="md" ta="center">
                <Icon name="bell" size={28} color="var(--mantine-color-gray-5)" />
                <Text size="sm" fw={600}>
                  Nessuna notifica
                </Text>
                <Text size="xs" c="dimmed">
                  Qui compariranno gli avvisi su pratiche, pagamenti e nuovi utenti.
                </Text>
              </Stack>
            ) : (
              <ScrollArea.Autosize mah={360}>
                {list.map((notification) => (
                  <NotificationItem key={notification.id} notification={notification} onNavigate={popover.close} />
                ))}
              </ScrollArea.Autosize>
            )}
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <PushToggle push={push} />
              <Anchor component={Link} to={PATHS.notifications} size="sm" onClick={popover.close} style={{ flex: 'none' }}>
                Vedi tutte
              </Anchor>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {canOpenPreferences && (
        <NotificationPreferencesDialog
          opened={isPreferencesOpen}
          onClose={() => setIsPreferencesOpen(false)}
          // Back to the bell: the button that opened the dialog left with the popover.
          onExited={() => bellRef.current?.focus()}
        />
      )}
    </>
  );
};
