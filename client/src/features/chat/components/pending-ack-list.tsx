import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatMessageTime } from '../chat-format';
import type { TChatController } from '../hooks/use-chat-controller';
import { ChatAttachments } from './chat-attachments';

/** Messages awaiting the viewer's acknowledgement (GET /api/chat/ack, then live): each with 'Conferma lettura'. */
export const PendingAckList = ({ chat }: { chat: TChatController }) => {
  const { pending } = chat.state;
  if (pending.length === 0) return null;
  return (
    <Stack gap={6} component="section" aria-labelledby="chat-pending-title">
      <Text id="chat-pending-title" size="xs" fw={700} c="dimmed" tt="uppercase">
        Da confermare ({pending.length})
      </Text>
      <Stack gap={6} role="list" aria-label="Messaggi da confermare">
        {pending.map((item) => (
          <Paper key={item.id} withBorder radius="md" p="xs" role="listitem" data-testid="pending-ack">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Anchor component="button" type="button" size="sm" fw={700} onClick={() => void chat.openRoom(item.room.id)} style={{ minWidth: 0 }} truncate>
                {item.room.name}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                {formatMessageTime(item.createdAt)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {item.sender.name}
            </Text>
            {item.text !== '' && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={4}>
                {item.text}
              </Text>
            )}
            {item.upload.length > 0 && <ChatAttachments files={item.upload} />}
            <Group justify="flex-end" mt={4}>
              <Button size="compact-xs" variant="light" onClick={() => chat.acknowledge(item.id)}>
                Conferma lettura
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
};
