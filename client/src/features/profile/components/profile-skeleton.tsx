import { Group, Paper, Skeleton, Stack } from '@mantine/core';

export const ProfileSkeleton = () => (
  <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} aria-busy="true" aria-label="Caricamento del profilo">
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap">
        <Skeleton circle height={56} />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton height={20} width="50%" />
          <Skeleton height={14} width="35%" />
        </Stack>
      </Group>
      <Skeleton height={14} width="80%" />
      <Skeleton height={14} width="60%" />
    </Stack>
  </Paper>
);
