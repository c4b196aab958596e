import { Button, Group, Progress, Stack, Text } from '@mantine/core';

type TUploadProgressProps = { progress: number; onAbort: () => void; name?: string };

/** Spec section 9: a 2 px progress bar labelled 'Caricamento del documento', with the percentage and an abort. */
export const UploadProgress = ({ progress, onAbort, name }: TUploadProgressProps) => {
  const percent = Math.round(progress * 100);
  return (
    <Stack gap={4} data-testid="upload-progress">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" truncate="end">
          {name ? `Caricamento di ${name}…` : 'Caricamento…'} {percent}%
        </Text>
        <Button size="compact-xs" variant="subtle" color="red" onClick={onAbort}>
          Annulla
        </Button>
      </Group>
      <Progress size={2} value={percent} aria-label="Caricamento del documento" transitionDuration={100} />
    </Stack>
  );
};
