import { ActionIcon, Avatar, Badge, Box, Group, Loader, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { ChatIcon } from './chat-icons';

type TChatListRowProps = {
  title: string;
  subtitle?: ReactNode;
  onOpen: () => void;
  isLoading?: boolean;
  /** Messages awaiting acknowledgement in this room. */
  count?: number;
  onClose?: () => void;
  avatar?: ReactNode;
};

/** One line of the panel's lists (search results, staff contact, open rooms): opens on click, closes on the cross. */
export const ChatListRow = ({ title, subtitle, onOpen, isLoading, count = 0, onClose, avatar }: TChatListRowProps) => (
  <Group gap={4} wrap="nowrap" role="listitem" style={{ borderRadius: 'var(--mantine-radius-md)' }} bg={count > 0 ? 'indigo.0' : undefined}>
    <UnstyledButton onClick={onOpen} p={6} style={{ flex: 1, minWidth: 0, borderRadius: 'var(--mantine-radius-md)' }}>
      {/* The row's name is its text (WCAG 2.5.3: what it shows is what it is called): "title subtitle N da leggere"; the avatar's initials are decoration. */}
      <Group gap="sm" wrap="nowrap">
        <Box aria-hidden style={{ display: 'contents' }}>
          {avatar ?? <Avatar size={32} radius="xl" color="indigo" name={title} />}
        </Box>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} truncate>
            {title}
          </Text>
          {subtitle && (
            <Text size="xs" c="dimmed" truncate>
              {subtitle}
            </Text>
          )}
        </div>
        {isLoading && <Loader size={14} />}
        {count > 0 && (
          <Badge size="sm" circle color="red" aria-hidden>
            {count > 99 ? '99+' : count}
          </Badge>
        )}
        {count > 0 && <VisuallyHidden>{count} da leggere</VisuallyHidden>}
      </Group>
    </UnstyledButton>
    {onClose && (
      <Tooltip label="Chiudi conversazione" withinPortal={false}>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Chiudi la conversazione ${title}`} onClick={onClose}>
          <ChatIcon name="x" size={14} />
        </ActionIcon>
      </Tooltip>
    )}
  </Group>
);
