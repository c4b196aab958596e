import { Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { TNotificationChannel, TNotificationPreferenceGroup } from '../../../../../shared/rules/notification-preferences';
import type { TNotificationKind, TNotificationPreferences } from '../../../../../shared/schemas/notifications';
import { NOTIFICATION_CHANNEL_LABELS, notificationKindLabel } from './preference-labels';
import { CHANNEL_COLUMN_WIDTH, PreferenceRow } from './preference-row';

type TPreferenceGroupProps = {
  group: TNotificationPreferenceGroup;
  preferences: TNotificationPreferences;
  onChange: (pref: TNotificationKind, channel: TNotificationChannel, val: boolean) => void;
};

/** A titled section of the panel (Amministrazione, Generali, Pagamenti, a sector) with the column titles. */
export const PreferenceGroup = ({ group, preferences, onChange }: TPreferenceGroupProps) => {
  const titleId = useId();
  // The server answers the keys the user may see; a key it left out is not shown.
  const rows = group.keys.flatMap((key) => {
    const flags = preferences[key];
    return flags ? [{ key, flags }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby={titleId} gap={0}>
      <Group wrap="nowrap" gap="xs" pb={4}>
        <Title id={titleId} order={3} fz="sm" fw={700} style={{ flex: 1 }}>
          {group.title}
        </Title>
        {(['email', 'webpush'] as const).map((channel) => (
          <Text key={channel} aria-hidden size="xs" c="dimmed" fw={600} w={CHANNEL_COLUMN_WIDTH} ta="center" style={{ flex: 'none' }}>
            {NOTIFICATION_CHANNEL_LABELS[channel]}
          </Text>
        ))}
      </Group>
      {rows.map(({ key, flags }) => (
        <PreferenceRow key={key} label={notificationKindLabel(key)} flags={flags} onChange={(channel, val) => onChange(key, channel, val)} />
      ))}
    </Stack>
  );
};
