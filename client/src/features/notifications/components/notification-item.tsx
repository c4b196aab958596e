import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import type { TNotification } from '../notification-types';

/** Title, text (one line per entry when a list), the link and the date. */
export const NotificationItem = ({ notification }: { notification: TNotification }) => {
  const { title, text, link, textLink } = notification.data;
  const lines = Array.isArray(text) ? text : [text];
  return (
    <Stack gap={2} py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Text size="sm" fw={notification.read ? 500 : 700}>
        {title}
      </Text>
      {lines.map((line) => (
        <Text key={line} size="sm" c="dimmed">
          {line}
        </Text>
      ))}
      {link && (
        <Anchor component={Link} to={link} size="sm">
          {textLink ?? 'Apri'}
        </Anchor>
      )}
      <Text size="xs" c="dimmed">
        {formatDate(notification.createdAt)}
      </Text>
    </Stack>
  );
};
