import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled value of a profile card; an empty value shows a dash. */
export const ProfileDetail = ({ label, value }: { label: string; value: ReactNode }) => (
  <div>
    <Text size="xs" tt="uppercase" fw={600} c="dimmed" lts="0.04em">
      {label}
    </Text>
    <Text component="div" size="sm" style={{ overflowWrap: 'anywhere' }}>
      {value || '—'}
    </Text>
  </div>
);
