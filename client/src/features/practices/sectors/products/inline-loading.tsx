import { Group, Loader, Text } from '@mantine/core';

/** A small spinner with what is loading, announced to screen readers (a questionnaire, its answers). */
export const InlineLoading = ({ label }: { label: string }) => (
  <Group gap="xs" role="status">
    <Loader size="xs" />
    <Text size="sm" c="dimmed">
      {label}
    </Text>
  </Group>
);
