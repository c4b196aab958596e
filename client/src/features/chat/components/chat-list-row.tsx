import { ActionIcon, Avatar, Badge, Group, Loader, Text, Tooltip, UnstyledButton } from '@mantine/core';
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

/** The row's name holds what it shows (WCAG 2.5.3): the title, a text subtitle, and what waits to be read. */
const nameOf = (title: string, subtitle: ReactNode, count: number) =>
  [title, typeof subtitle === 'string' ? subtitle : null, count > 0 ? `${count} da leggere` : null].filter(Boolean).join(', ');

/** One line of the panel's lists (search results, staff contact, open rooms): opens on click, closes on the cross. */
export const ChatListRow = ({ title, subtitle, onOpen, isLoading, count = 0, onClose, avatar }: TChatListRowProps) => (
  <Group gap={4} wrap="nowrap" role="listitem" style={{ borderRadius: 'var(--mantine-radius-md)' }} bg={count > 0 ? 'indigo.0' : undefined}>
    <UnstyledButton onClick={onOpen} p={6} style={{ flex: 1, minWidth: 0, borderRadius: 'var(--mantine-radius-md)' }} aria-label={nameOf(title, subtitle, count)}>
      <Group gap="sm" wrap="nowrap">
        {avatar ?? <Avatar size={32} radius="xl" color="indigo" name={title} />}
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
