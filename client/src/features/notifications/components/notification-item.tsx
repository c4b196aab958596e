import { Anchor, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { isUnread, type TNotification } from '../api/notifications-api';

const isExternal = (link: string): boolean => /^https?:\/\//i.test(link);

/** Title, text (one line per entry when a list), the link and the date; unread ones in bold with a dot. */
export const NotificationItem = ({ notification, onNavigate }: { notification: TNotification; onNavigate?: () => void }) => {
  const { title, text, link, textLink } = notification.data;
  const lines = Array.isArray(text) ? text : [text];
  const unread = isUnread(notification);
  return (
    <Stack gap={2} py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} data-unread={unread || undefined}>
      <Group gap={6} wrap="nowrap" align="center">
        {unread && (
          <span aria-hidden style={{ width: 8, height: 8, flex: 'none', borderRadius: '50%', background: 'var(--mantine-color-blue-6)' }} />
        )}
        <Text size="sm" fw={unread ? 700 : 500}>
          {title}
          {unread && <VisuallyHidden> (da leggere)</VisuallyHidden>}
        </Text>
      </Group>
      {lines.map((line, index) => (
        <Text key={`${index}-${line}`} size="sm" c="dimmed">
          {line}
        </Text>
      ))}
      {link &&
        (isExternal(link) ? (
          <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm" onClick={onNavigate}>
            {textLink ?? 'Apri'}
          </Anchor>
        ) : (
          <Anchor component={Link} to={link} size="sm" onClick={onNavigate}>
            {textLink ?? 'Apri'}
          </Anchor>
        ))}
      <Text size="xs" c="dimmed">
        {formatDate(notification.createdAt)}
      </Text>
    </Stack>
  );
};
