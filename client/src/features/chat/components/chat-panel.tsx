import { ActionIcon, Box, Group, ScrollArea, Title, Tooltip } from '@mantine/core';
import { activeRoomOf } from '../chat-state';
import type { TChatController } from '../hooks/use-chat-controller';
import { ChatHome } from './chat-home';
import { ChatIcon } from './chat-icons';
import { ChatRoomView } from './chat-room-view';

type TChatPanelProps = { chat: TChatController; hasStaffContact: boolean; supportEmail: string | null; isPhone: boolean; onClose: () => void };

/**
 * The chat panel (spec section 2), loaded on first opening: the maximised room, or else the search, the staff
 * contact, the open rooms and the pending-ack list.
 */
const ChatPanel = ({ chat, hasStaffContact, supportEmail, isPhone, onClose }: TChatPanelProps) => {
  const active = activeRoomOf(chat.state);
  return (
    <Box h={isPhone ? '100%' : 'min(600px, calc(100dvh - 96px))'} style={{ display: 'flex', flexDirection: 'column' }}>
      {!isPhone && (
        <Group justify="space-between" px="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Title order={2} fz="md">
            Chat
          </Title>
          <Tooltip label="Chiudi" withinPortal={false}>
            <ActionIcon variant="subtle" color="gray" aria-label="Chiudi la chat" onClick={onClose}>
              <ChatIcon name="x" />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
      <Box style={{ flex: 1, minHeight: 0 }}>
        {active ? (
          <ChatRoomView key={active.id} room={active} chat={chat} />
        ) : (
          <ScrollArea h="100%" type="auto">
            <ChatHome chat={chat} hasStaffContact={hasStaffContact} supportEmail={supportEmail} />
          </ScrollArea>
        )}
      </Box>
    </Box>
  );
};

export default ChatPanel;
