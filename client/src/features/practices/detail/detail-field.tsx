import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label over its value, a dash when there is none. */
export const DetailField = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" component="div" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
      {children === null || children === undefined || children === '' ? '—' : children}
    </Text>
  </Stack>
);

/** A titled card of the practice page; `titleId` names the region for screen readers and browser tests. */
export const DetailPanel = ({ title, titleId, children }: { title: string; titleId: string; children: ReactNode }) => (
  <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={titleId}>
    <Title order={2} fz="md" mb="sm" id={titleId}>
      {title}
    </Title>
    {children}
  </Paper>
);

/** A titled card of fields, in a grid; `titleId` names the region for screen readers and browser tests. */
export const DetailSection = ({ title, children, titleId }: { title: string; children: ReactNode; titleId?: string }) => (
  <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={titleId}>
    <Title order={2} fz="md" mb="sm" id={titleId}>
      {title}
    </Title>
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  </Paper>
);
