import { ActionIcon, Anchor, Avatar, Group, Popover, Stack, Text, Title } from '@mantine/core';
import { Icon } from '../../../components/icons';

type TChatPopoverProps = { hasStaffContact: boolean; supportEmail: string | null };

/**
 * Frame of the chat panel (spec section 2): the open rooms and, for non-brokers, the staff contact. Rooms,
 * search and messages arrive with the chat issue; until then the staff is reached at the support address.
 */
export const ChatPopover = ({ hasStaffContact, supportEmail }: TChatPopoverProps) => (
  <Popover position="bottom-end" width={320} shadow="md" withinPortal trapFocus>
    <Popover.Target>
      <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label="Chat">
        <Icon name="chat" size={22} />
      </ActionIcon>
    </Popover.Target>
    <Popover.Dropdown p="md" aria-label="Chat">
      <Stack gap="sm">
        <Title order={2} fz="md">
          Chat
        </Title>
        {hasStaffContact && (
          <Group gap="sm" wrap="nowrap" p="xs" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <Avatar color="indigo" radius="xl" name="Staff" />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                Staff
              </Text>
              <Text size="xs" c="dimmed">
                Assistenza del Portale Intermediari
                {supportEmail && (
                  <>
                    {': '}
                    <Anchor href={`mailto:${supportEmail}`} size="xs" style={{ overflowWrap: 'anywhere' }}>
                      {supportEmail}
                    </Anchor>
                  </>
                )}
              </Text>
            </div>
          </Group>
        )}
        <Text size="sm" c="dimmed">
          {hasStaffContact
            ? 'Nessuna conversazione aperta. Qui troverai le chat con lo staff e con i broker delle tue pratiche.'
            : 'Nessuna conversazione aperta. Qui troverai le chat con i corner delle pratiche del tuo settore.'}
        </Text>
      </Stack>
    </Popover.Dropdown>
  </Popover>
);
