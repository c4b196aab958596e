import { Group, Switch, Text } from '@mantine/core';
import { useId } from 'react';
import type { TNotificationChannel, TNotificationFlags } from '../../../../../shared/rules/notification-preferences';
import { NOTIFICATION_CHANNEL_LABELS } from './preference-labels';

/** Width of the E-mail and Push columns, shared by the column titles and the switches. */
export const CHANNEL_COLUMN_WIDTH = 56;
const CHANNELS: TNotificationChannel[] = ['email', 'webpush'];

type TPreferenceRowProps = {
  label: string;
  flags: TNotificationFlags;
  onChange: (channel: TNotificationChannel, val: boolean) => void;
};

/** One event key: its name and a switch per channel. The row is a group named by the event, each switch by its channel. */
export const PreferenceRow = ({ label, flags, onChange }: TPreferenceRowProps) => {
  const labelId = useId();
  return (
    <Group role="group" aria-labelledby={labelId} wrap="nowrap" gap="xs" py={8} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Text id={labelId} size="sm" style={{ flex: 1, minWidth: 0 }}>
        {label}
      </Text>
      {CHANNELS.map((channel) => (
        <Group key={channel} w={CHANNEL_COLUMN_WIDTH} justify="center" style={{ flex: 'none' }}>
          <Switch
            size="sm"
            aria-label={NOTIFICATION_CHANNEL_LABELS[channel]}
            checked={flags[channel]}
            onChange={(event) => onChange(channel, event.currentTarget.checked)}
          />
        </Group>
      ))}
    </Group>
  );
};
