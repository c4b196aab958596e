import { Box, Button, Group, Paper, Text } from '@mantine/core';
import { CHAT_MSG } from '../../../../../shared/chat-messages';
import { formatMessageTime } from '../chat-format';
import type { TRoomMessage } from '../chat-types';
import { ChatAttachments } from './chat-attachments';
import { ChatIcon } from './chat-icons';

type TChatMessageItemProps = {
  message: TRoomMessage;
  isOwn: boolean;
  /** Registers a received, unacknowledged message with the "seen" observer. */
  watchRef?: (element: HTMLElement | null) => void;
  onRetry: () => void;
};

const OwnStatus = ({ message, onRetry }: { message: TRoomMessage; onRetry: () => void }) => {
  if (message.status === 'sending') return <Text size="xs" c="dimmed">Invio in corso…</Text>;
  if (message.status === 'failed') {
    return (
      <Group gap={6} justify="flex-end" wrap="wrap">
        <Text size="xs" c="red.7" role="alert">
          {CHAT_MSG.sendFailed}
        </Text>
        <Button size="compact-xs" variant="light" color="red" onClick={onRetry}>
          Riprova
        </Button>
      </Group>
    );
  }
  return (
    <Group gap={4} justify="flex-end" c={message.ack ? 'indigo.6' : 'dimmed'} data-testid="message-status">
      <ChatIcon name={message.ack ? 'checks' : 'check'} size={14} />
      <Text size="xs" c="inherit">
        {message.ack ? 'Letto' : 'Inviato'}
      </Text>
    </Group>
  );
};

/** One message: sender, time, text (line breaks kept), files; the viewer's own on the right with their state. */
export const ChatMessageItem = ({ message, isOwn, watchRef, onRetry }: TChatMessageItemProps) => (
  <Box ref={watchRef} data-message-id={message.id} data-own={isOwn || undefined} maw="85%" style={{ alignSelf: isOwn ? 'flex-end' : 'flex-start' }}>
    <Paper px="sm" py={6} radius="md" bg={isOwn ? 'indigo.0' : 'white'} withBorder={!isOwn}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="xs" fw={700} c={isOwn ? 'indigo.8' : 'dark.6'} truncate>
          {isOwn ? 'Tu' : message.sender.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
          <time dateTime={message.createdAt.toISOString()}>{formatMessageTime(message.createdAt)}</time>
        </Text>
      </Group>
      {message.text !== '' && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-text">
          {message.text}
        </Text>
      )}
      {message.upload.length > 0 && <ChatAttachments files={message.upload} />}
      {isOwn && <OwnStatus message={message} onRetry={onRetry} />}
    </Paper>
  </Box>
);
