import { ActionIcon, Anchor, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { Icon } from '../../../components/icons';
import { PATHS } from '../../../lib/paths';
import { useRecentNotifications } from '../api/use-recent-notifications';
import { NotificationItem } from './notification-item';

/** The bell (spec section 2): recent notifications, a read-all control and the link to all of them. */
export const NotificationsPopover = () => {
  const { list, unreadCount, markAllRead } = useRecentNotifications();
  const [isOpen, popover] = useDisclosure(false);
  const label = unreadCount > 0 ? `Notifiche, ${unreadCount} da leggere` : 'Notifiche';
  return (
    <Popover opened={isOpen} onChange={(opened) => (opened ? popover.open() : popover.close())} position="bottom-end" width={340} shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label="Notifiche" title={label} onClick={popover.toggle}>
          <Indicator disabled={unreadCount === 0} label={unreadCount} size={16} offset={2} color="red">
            <Icon name="bell" size={22} />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="md" aria-label="Notifiche">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={2} fz="md">
              Notifiche
            </Title>
            <Button size="compact-xs" variant="subtle" onClick={markAllRead} disabled={unreadCount === 0} leftSection={<Icon name="checks" size={14} />}>
              Segna tutte come lette
            </Button>
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
                <NotificationItem key={notification.id} notification={notification} />
              ))}
            </ScrollArea.Autosize>
          )}
          <Anchor component={Link} to={PATHS.notifications} size="sm" ta="center" onClick={popover.close}>
            Vedi tutte
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
};
