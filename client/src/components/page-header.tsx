import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

type TPageHeaderProps = { title: string; description?: ReactNode; actions?: ReactNode };

/** The heading of a page inside the shell: the tab title, the h1, one line on what the page is for. */
export const PageHeader = ({ title, description, actions }: TPageHeaderProps) => (
  <Group justify="space-between" align="flex-end" gap="sm">
    <PageTitle title={title} />
    <Stack gap={4} style={{ minWidth: 0, flex: '1 1 280px' }}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {title}
      </Title>
      {description && (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      )}
    </Stack>
    {actions}
  </Group>
);
