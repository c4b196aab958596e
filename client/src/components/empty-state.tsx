import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Icon, type TIconName } from './icons';

type TEmptyStateProps = { title: string; icon?: TIconName; children?: ReactNode; withBorder?: boolean };

/** A list with nothing in it yet: what would be here, and when it will appear. */
export const EmptyState = ({ title, icon = 'inbox', children, withBorder = true }: TEmptyStateProps) => (
  <Paper withBorder={withBorder} radius="lg" p={{ base: 'lg', sm: 40 }}>
    <Stack align="center" ta="center" gap="xs" maw={520} mx="auto">
      <ThemeIcon size={52} radius="xl" variant="light">
        <Icon name={icon} size={26} />
      </ThemeIcon>
      <Title order={2} fz="lg" mt="xs">
        {title}
      </Title>
      {children && (
        <Text c="dimmed" size="sm">
          {children}
        </Text>
      )}
    </Stack>
  </Paper>
);
